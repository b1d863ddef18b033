import { type DocumentNode, Kind, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { apiSchema } from '../../test-support/apiSchema.ts';
import * as websites from './queries.ts';

const documents = (module: Record<string, unknown>) =>
  Object.entries(module).filter(
    (entry): entry is [string, DocumentNode] => (entry[1] as DocumentNode | null)?.kind === Kind.DOCUMENT,
  );

describe('the websites operations against the API schema', () => {
  const schema = apiSchema();
  it('has every document of the page', () => {
    expect(documents(websites).length).toBe(9);
  });
  it.each(documents(websites))('%s is valid', (_, document) => {
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });
});
