import { describe } from 'vitest';
import { itValidatesOperations } from '../test-support/validOperations.ts';
import * as insights from './insights/queries.ts';
import * as matching from './matching/queries.ts';

describe('the shared feature operations against the API schema', () => {
  itValidatesOperations(matching, insights);
});
