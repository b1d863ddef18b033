import { describe } from 'vitest';
import { itValidatesOperations } from '../test-support/validOperations.ts';
import * as insights from './insights/queries.ts';
import * as matching from './matching/queries.ts';
import * as organizations from './organizations/queries.ts';
import * as pricing from './pricing/queries.ts';
import * as products from './products/queries.ts';
import * as scrapers from './scrapers/queries.ts';

describe('the shared feature operations against the API schema', () => {
  itValidatesOperations(insights, matching, organizations, pricing, products, scrapers);
});
