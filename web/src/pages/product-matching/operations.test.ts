import { describe } from 'vitest';
import { itValidatesOperations } from '../../test-support/validOperations.ts';
import * as matching from './queries.ts';

describe('the matching operations against the API schema', () => {
  itValidatesOperations(matching);
});
