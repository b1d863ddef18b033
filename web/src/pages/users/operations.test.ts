import { describe } from 'vitest';
import { itValidatesOperations } from '../../test-support/validOperations.ts';
import * as users from './queries.ts';

describe('the user operations against the API schema', () => {
  itValidatesOperations(users);
});
