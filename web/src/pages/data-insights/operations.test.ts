import { type DocumentNode, type GraphQLEnumType, type GraphQLInputObjectType, Kind, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { apiSchema } from '../../test-support/apiSchema.ts';
import { PRICE_COMPARISONS, PRICE_MOVEMENTS, productFilter, readListState } from '../products/listState.ts';
import { insightsFilter, PERIOD_KEYS, readInsightsState } from './insightsState.ts';
import * as insights from './queries.ts';

const documents = Object.entries(insights).filter(
  (entry): entry is [string, DocumentNode] => (entry[1] as DocumentNode | null)?.kind === Kind.DOCUMENT,
);

describe('the data insights operations against the API schema', () => {
  const schema = apiSchema();
  it.each(documents)('%s is valid', (_, document) => {
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });

  it.each([
    ['InsightsPeriod', PERIOD_KEYS],
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

  it('sends only fields the InsightsFilter has', () => {
    const filter = insightsFilter(
      readInsightsState(new URLSearchParams('period=90&brand=B&category=C&competitor=c1&tolerance=2')),
      'w1',
    );
    for (const key of Object.keys(filter)) expect(fieldsOf('InsightsFilter')).toContain(key);
  });

  it('sends the products list the ProductFilter fields of a heat map cell and a dynamics count', () => {
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
