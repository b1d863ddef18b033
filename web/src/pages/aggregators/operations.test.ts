import { describe, expect, it } from 'vitest';
import { itValidatesOperations, operationDocuments } from '../../test-support/validOperations.ts';
import * as aggregators from './queries.ts';

describe('the product aggregators operations against the API schema', () => {
  it('has every document of the page', () => {
    expect(operationDocuments(aggregators).length).toBe(2);
  });
  itValidatesOperations(aggregators);
});
