import { type DocumentNode, Kind, validate } from 'graphql';
import { apiSchema } from '../../test-support/apiSchema.ts';
import { describe, expect, it } from 'vitest';
import * as users from '../users/queries.ts';
import * as billing from './billing/queries.ts';
import * as organizations from './queries.ts';

const documents = (module: Record<string, unknown>) =>
  Object.entries(module).filter(
    (entry): entry is [string, DocumentNode] => (entry[1] as DocumentNode | null)?.kind === Kind.DOCUMENT,
  );

describe('the organization, billing and user operations against the API schema', () => {
  const schema = apiSchema();
  it.each([...documents(organizations), ...documents(billing), ...documents(users)])('%s is valid', (_, document) => {
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });
});
