import type { GraphQLInputObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { apiSchema } from '../../test-support/apiSchema.ts';
import { itValidatesOperations } from '../../test-support/validOperations.ts';
import {
  MATCHING_FILTERS,
  PRICE_COMPARISONS,
  PRICE_MOVEMENTS,
  PRODUCT_SORTS,
  productFilter,
  readListState,
} from './listState.ts';
import * as products from './queries.ts';
import { DIFF_RATING, MATCHING_STATUS, RECENCY_CONTRAST } from '../../enums/index.ts';
import type { GraphQLEnumType } from 'graphql';

describe('the product operations against the API schema', () => {
  const schema = apiSchema();
  itValidatesOperations(products);

  it.each([
    ['ProductSort', PRODUCT_SORTS],
    ['ProductMatchingFilter', MATCHING_FILTERS],
    ['DiffRating', DIFF_RATING.values],
    ['RecencyContrast', RECENCY_CONTRAST.values],
    ['MatchingStatus', MATCHING_STATUS.values],
    ['PriceComparison', PRICE_COMPARISONS],
    ['PriceMovement', PRICE_MOVEMENTS],
  ] as const)('the console knows every value of %s, and no other', (name, values) => {
    const type = schema.getType(name) as GraphQLEnumType;
    expect([...values].sort()).toEqual(
      type
        .getValues()
        .map((value) => value.name)
        .sort(),
    );
  });

  const fieldsOf = (name: string) => Object.keys((schema.getType(name) as GraphQLInputObjectType).getFields());

  it('sends the ProductFilter fields of a heat map cell and a dynamics count (data insights links)', () => {
    const cell = productFilter(
      readListState(new URLSearchParams('brand=B&competitor=c1&comparison=CHEAPER&tolerance=2')),
    )!;
    const movement = productFilter(readListState(new URLSearchParams('competitor=c1&movement=UP&period=90')))!;
    for (const key of [...Object.keys(cell), ...Object.keys(movement)])
      expect(fieldsOf('ProductFilter')).toContain(key);
    for (const key of Object.keys(cell.priceComparison!))
      expect(fieldsOf('ProductPriceComparisonFilter')).toContain(key);
    for (const key of Object.keys(movement.priceMovement!))
      expect(fieldsOf('ProductPriceMovementFilter')).toContain(key);
  });
});
