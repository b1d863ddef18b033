import { type DocumentNode, Kind, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { apiSchema } from '../../test-support/apiSchema.ts';
import * as confirmation from '../match-confirmation/queries.ts';
import * as matching from './queries.ts';

/** The module's operations (a fragment is checked within the operations that spread it). */
const documents = (module: Record<string, unknown>) =>
  Object.entries(module).filter(
    (entry): entry is [string, DocumentNode] =>
      (entry[1] as DocumentNode | null)?.kind === Kind.DOCUMENT &&
      (entry[1] as DocumentNode).definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION),
  );

describe('the matching and confirmation operations against the API schema', () => {
  const schema = apiSchema();
  it.each([...documents(matching), ...documents(confirmation)])('%s is valid', (_, document) => {
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });
});
