import type { GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { apiSchema } from '../../test-support/apiSchema.ts';
import { itValidatesOperations, operationDocuments } from '../../test-support/validOperations.ts';
import { FEED_FIELDS } from './mapping.ts';
import * as feeds from './queries.ts';

const documents = operationDocuments(feeds);

describe('the product feed operations against the API schema', () => {
  const schema = apiSchema();
  it('covers every query and mutation of the pages', () => {
    expect(documents.map(([name]) => name).sort()).toEqual([
      'FEED_IMPORT_ERRORS_QUERY',
      'FEED_IMPORT_RUN_QUERY',
      'PRODUCT_FEED_CREATE_MUTATION',
      'PRODUCT_FEED_DELETE_MUTATION',
      'PRODUCT_FEED_IMPORT_MUTATION',
      'PRODUCT_FEED_LIST_QUERY',
      'PRODUCT_FEED_QUERY',
      'PRODUCT_FEED_UPDATE_MUTATION',
    ]);
  });

  itValidatesOperations(feeds);

  it("the mapping editor offers exactly the API's feed fields", () => {
    const values = (schema.getType('FeedField') as GraphQLEnumType).getValues().map((value) => value.name);
    expect([...FEED_FIELDS].sort()).toEqual(values.sort());
  });
});
