/**
 * The schema-first SDL of the API, merged by graphql-tools:
 * - `schema.graphql` of each area folder under `api/src/` (`catalogue/`, `matching/`, ...): one
 *   file per area, beside its resolvers and stores (an area with several parts keeps them as
 *   sections of its one file, as `matching/schema.graphql` does);
 * - every `*.graphql` file of this folder: the types no area owns (`common.graphql`: the list
 *   answers' `ListMeta` and `Pagination`), read first.
 * Each file declares its own part of Query and Mutation. codegen.ts reads the same files.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const folder = new URL('./', import.meta.url);
const source = new URL('../', import.meta.url);

const legacyFiles = readdirSync(folder)
  .filter((name) => name.endsWith('.graphql'))
  .sort()
  .map((name) => new URL(name, folder));

const areaFiles = readdirSync(source, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => new URL(`${entry.name}/schema.graphql`, source))
  .filter((file) => existsSync(file))
  .sort((a, b) => a.href.localeCompare(b.href));

export const SCHEMA_FILES: URL[] = [...legacyFiles, ...areaFiles];

export const SCHEMA_SDL: string[] = SCHEMA_FILES.map((file) => readFileSync(file, 'utf8'));
