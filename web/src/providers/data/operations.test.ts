import { type DocumentNode, validate } from 'graphql';
import { apiSchema } from '../../test-support/apiSchema.ts';
import { describe, expect, it } from 'vitest';
import { HOME_INSIGHTS_QUERY, ORGANIZATION_WEBSITE_LIST_QUERY } from '../../pages/home/queries.ts';
import { WEBSITE_OPTIONS_QUERY } from '../../components/websitePicker/queries.ts';
import { APP_USER_QUERY, APP_USER_UPDATE_MUTATION } from '../auth/queries.ts';

const OPERATIONS: [string, DocumentNode][] = [
  ['AppUser', APP_USER_QUERY],
  ['AppUserUpdate', APP_USER_UPDATE_MUTATION],
  ['HomeWebsiteList', ORGANIZATION_WEBSITE_LIST_QUERY],
  ['HomeInsights', HOME_INSIGHTS_QUERY],
  ['OrganizationWebsiteList (picker)', WEBSITE_OPTIONS_QUERY],
];

describe("the console's GraphQL operations against the API schema", () => {
  const schema = apiSchema();

  it.each(OPERATIONS)('%s is valid', (_, document) => {
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });
});
