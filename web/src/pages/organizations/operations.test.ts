import { readdirSync, readFileSync } from 'node:fs';
import { buildASTSchema, type DefinitionNode, type DocumentNode, Kind, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as users from '../users/queries.ts';
import * as billing from './billing/queries.ts';
import * as organizations from './queries.ts';

/** The API's schema files (api/src/schema/*.graphql), each area declaring its part of a type. */
function apiSchema() {
  const folder = new URL('../../../../api/src/schema/', import.meta.url);
  const seen = new Set<string>();
  const definitions = readdirSync(folder)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .flatMap((name) => parse(readFileSync(new URL(name, folder), 'utf8')).definitions)
    .map((definition): DefinitionNode => {
      if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION || !seen.has(definition.name.value)) {
        if (definition.kind === Kind.OBJECT_TYPE_DEFINITION) seen.add(definition.name.value);
        return definition;
      }
      return { ...definition, kind: Kind.OBJECT_TYPE_EXTENSION } as DefinitionNode;
    });
  return buildASTSchema({ kind: Kind.DOCUMENT, definitions });
}

const documents = (module: Record<string, unknown>) =>
  Object.entries(module).filter((entry): entry is [string, DocumentNode] => (entry[1] as DocumentNode | null)?.kind === Kind.DOCUMENT);

describe('the organization, billing and user operations against the API schema', () => {
  const schema = apiSchema();
  it.each([...documents(organizations), ...documents(billing), ...documents(users)])('%s is valid', (_, document) => {
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });
});
