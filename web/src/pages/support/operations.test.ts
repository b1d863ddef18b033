import { describe, expect, it } from 'vitest';
import { itValidatesOperations, operationDocuments } from '../../test-support/validOperations.ts';
import * as support from './queries.ts';

describe('the contact support operations against the API schema', () => {
  it('has every document of the page', () => {
    expect(operationDocuments(support).length).toBe(3);
  });
  itValidatesOperations(support);
});
