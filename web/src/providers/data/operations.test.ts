import { readdirSync, readFileSync } from 'node:fs';
import { buildASTSchema, type DefinitionNode, type DocumentNode, Kind, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ORGANIZATION_WEBSITE_DELETE_MUTATION, ORGANIZATION_WEBSITE_LIST_QUERY } from '../../pages/home/queries.ts';
import { APP_USER_UPDATE_MUTATION } from '../../pages/settings/profile/queries.ts';
import { WEBSITE_OPTIONS_QUERY } from '../../components/websitePicker/queries.ts';
import { APP_USER_QUERY } from '../auth/queries.ts';

/** The API's schema-first SDL (api/src/schema/*.graphql), each area declaring its part of a type. */
function apiSchema() {
  const folder = new URL('../../../../api/src/schema/', import.meta.url);
  const seen = new Set<string>();
  const definitions = readdirSync(folder)
    .filter((name) => name.endsWith('.graphql'))
    .sort()
    .flatMap((name) => parse(readFileSync(new URL(name, folder), 'utf8')).definitions)
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

const OPERATIONS: [string, DocumentNode][] = [
  ['AppUser', APP_USER_QUERY],
  ['AppUserUpdate', APP_USER_UPDATE_MUTATION],
  ['OrganizationWebsiteList (home)', ORGANIZATION_WEBSITE_LIST_QUERY],
  ['OrganizationWebsiteList (picker)', WEBSITE_OPTIONS_QUERY],
  ['OrganizationWebsiteDelete', ORGANIZATION_WEBSITE_DELETE_MUTATION],
];

describe("the console's GraphQL operations against the API schema", () => {
  const schema = apiSchema();

  it.each(OPERATIONS)('%s is valid', (_, document) => {
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });
});
