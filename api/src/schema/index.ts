/**
 * The schema-first SDL of the API: every `*.graphql` file of this folder, one per area. Each
 * file declares its own part of Query and Mutation; graphql-tools merges the parts.
 */
import { readdirSync, readFileSync } from 'node:fs';

const folder = new URL('./', import.meta.url);

export const SCHEMA_SDL: string[] = readdirSync(folder)
  .filter((name) => name.endsWith('.graphql'))
  .sort()
  .map((name) => readFileSync(new URL(name, folder), 'utf8'));
