import { describe, expect, it } from 'vitest';
import { itValidatesOperations, operationDocuments } from '../../test-support/validOperations.ts';
import * as websites from './queries.ts';

describe('the websites operations against the API schema', () => {
  it('has every document of the page', () => {
    expect(operationDocuments(websites).length).toBe(10);
  });
  itValidatesOperations(websites);
});
