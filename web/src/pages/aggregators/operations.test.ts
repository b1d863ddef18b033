import { type DocumentNode, Kind, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { apiSchema } from '../../test-support/apiSchema.ts';
import * as aggregators from './queries.ts';

const documents = (module: Record<string, unknown>) =>
  Object.entries(module).filter(
    (entry): entry is [string, DocumentNode] => (entry[1] as DocumentNode | null)?.kind === Kind.DOCUMENT,
  );

describe('the product aggregators operations against the API schema', () => {
  const schema = apiSchema();
  it('has every document of the page', () => {
    expect(documents(aggregators).length).toBe(2);
  });
  it.each(documents(aggregators))('%s is valid', (_, document) => {
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });
});
