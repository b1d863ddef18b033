import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { buildASTSchema, type DefinitionNode, type GraphQLSchema, Kind, parse } from 'graphql';

/**
 * The API's schema-first SDL (api/src/schema/*.graphql, then each area folder's
 * api/src/<area>/schema.graphql, as api/src/schema/index.ts loads them), for tests that validate the console's
 * operation documents against it. Each area declares its own part of a type (Query, Mutation...):
 * the first declaration stands, the later ones are read as extensions, as the API merges them.
 */
export function apiSchema(): GraphQLSchema {
  const folder = new URL('../../../api/src/schema/', import.meta.url);
  const seen = new Set<string>();
  const source = new URL('../../../api/src/', import.meta.url);
  const legacyFiles = readdirSync(folder)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .map((name) => new URL(name, folder));
  const areaFiles = readdirSync(source, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => new URL(`${entry.name}/schema.graphql`, source))
    .filter((file) => existsSync(file))
    .sort((a, b) => a.href.localeCompare(b.href));
  const definitions = [...legacyFiles, ...areaFiles]
    .flatMap((file) => parse(readFileSync(file, 'utf8')).definitions)
    .map((definition): DefinitionNode => {
      if (definition.kind !== Kind.OBJECT_TYPE_DEFINITION) return definition;
      if (!seen.has(definition.name.value)) {
        seen.add(definition.name.value);
        return definition;
      }
      return { ...definition, kind: Kind.OBJECT_TYPE_EXTENSION } as DefinitionNode;
    });
  return buildASTSchema({ kind: Kind.DOCUMENT, definitions });
}
