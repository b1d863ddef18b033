/**
 * The schema-first SDL of the API. Two homes, merged by graphql-tools:
 * - every `*.graphql` file of this folder (the areas written before the API was laid out by area);
 * - `schema.graphql` of each area folder under `api/src/` (`monitoring/`, `pricing/`, ...), the
 *   layout every new area follows: its schema, resolvers and store side by side.
 * Each file declares its own part of Query and Mutation.
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
