import { type DocumentNode, Kind, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { apiSchema } from '../../test-support/apiSchema.ts';
import * as support from './queries.ts';

const documents = (module: Record<string, unknown>) =>
  Object.entries(module).filter(
    (entry): entry is [string, DocumentNode] => (entry[1] as DocumentNode | null)?.kind === Kind.DOCUMENT,
  );

describe('the contact support operations against the API schema', () => {
  const schema = apiSchema();
  it('has every document of the page', () => {
    expect(documents(support).length).toBe(3);
  });
  it.each(documents(support))('%s is valid', (_, document) => {
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });
});
