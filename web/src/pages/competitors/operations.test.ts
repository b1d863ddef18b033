import { Kind } from 'graphql';
import { describe, expect, it } from 'vitest';
import { itValidatesOperations, operationDocuments } from '../../test-support/validOperations.ts';
import * as competitors from './queries.ts';

const documents = operationDocuments(competitors);

describe('the competitor operations against the API schema', () => {
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

  itValidatesOperations(competitors);

  it('the list asks for the filters and sort the page offers', () => {
    const list = competitors.COMPETITOR_LIST_QUERY.definitions[0];
    const variables =
      list?.kind === Kind.OPERATION_DEFINITION ? list.variableDefinitions?.map((v) => v.variable.name.value) : [];
    expect(variables).toEqual(['organizationWebsiteId', 'search', 'active', 'matchingMode', 'sort', 'limit', 'offset']);
  });
});
