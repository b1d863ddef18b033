import { describe } from 'vitest';
import { itValidatesOperations } from '../../test-support/validOperations.ts';
import * as billing from './billing/queries.ts';
import * as organizations from './queries.ts';

describe('the organization and billing operations against the API schema', () => {
  itValidatesOperations(organizations, billing);
});
