import { type DocumentNode, Kind, validate } from 'graphql';
import { expect, it } from 'vitest';
import { apiSchema } from './apiSchema.ts';

/**
 * The operations `queries.ts` modules export, by export name (a fragment alone is checked within
 * the operations that spread it).
 */
export function operationDocuments(...modules: Record<string, unknown>[]): [string, DocumentNode][] {
  return modules.flatMap((module) =>
    Object.entries(module).filter(
      (entry): entry is [string, DocumentNode] =>
        (entry[1] as DocumentNode | null)?.kind === Kind.DOCUMENT &&
        (entry[1] as DocumentNode).definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION),
    ),
  );
}

/** One test per operation of the modules: valid against the API's schema. */
export function itValidatesOperations(...modules: Record<string, unknown>[]): void {
  const schema = apiSchema();
  it.each(operationDocuments(...modules))('%s is valid', (_, document) => {
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });
}
