import { describe } from 'vitest';
import { itValidatesOperations } from '../../test-support/validOperations.ts';
import * as confirmation from './queries.ts';

describe('the confirmation operations against the API schema', () => {
  itValidatesOperations(confirmation);
});
