import { type DocumentNode, Kind, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { apiSchema } from '../../test-support/apiSchema.ts';
import * as competitors from './queries.ts';

const documents = Object.entries(competitors).filter(
  (entry): entry is [string, DocumentNode] => (entry[1] as DocumentNode | null)?.kind === Kind.DOCUMENT,
);

describe('the competitor operations against the API schema', () => {
  const schema = apiSchema();
  it('covers every operation of the competitors area', () => {
    expect(documents.map(([name]) => name).sort()).toEqual([
      'COMPETITOR_CREATE_MUTATION',
      'COMPETITOR_DELETE_MUTATION',
      'COMPETITOR_LIST_QUERY',
      'COMPETITOR_PRODUCTS_IMPORT_MUTATION',
      'COMPETITOR_PRODUCT_LIST_QUERY',
      'COMPETITOR_QUERY',
      'COMPETITOR_UPDATE_MUTATION',
      'MONITORED_COMPETITOR_QUERY',
    ]);
  });

  it.each(documents)('%s is valid', (_, document) => {
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });

  it('the list asks for the filters and sort the page offers', () => {
    const list = competitors.COMPETITOR_LIST_QUERY.definitions[0];
    const variables =
      list?.kind === Kind.OPERATION_DEFINITION ? list.variableDefinitions?.map((v) => v.variable.name.value) : [];
    expect(variables).toEqual(['organizationWebsiteId', 'search', 'active', 'matchingMode', 'sort', 'limit', 'offset']);
  });
});
