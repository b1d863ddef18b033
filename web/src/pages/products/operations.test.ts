import { type DocumentNode, Kind, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { apiSchema } from '../../test-support/apiSchema.ts';
import { MATCHING_FILTERS, PRODUCT_SORTS } from './listState.ts';
import * as products from './queries.ts';
import { DIFF_RATING, MATCHING_STATUS, RECENCY_CONTRAST } from '../../enums/index.ts';
import type { GraphQLEnumType } from 'graphql';

const documents = Object.entries(products).filter(
  (entry): entry is [string, DocumentNode] => (entry[1] as DocumentNode | null)?.kind === Kind.DOCUMENT,
);

describe('the product operations against the API schema', () => {
  const schema = apiSchema();
  it.each(documents)('%s is valid', (_, document) => {
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });

  it.each([
    ['ProductSort', PRODUCT_SORTS],
    ['ProductMatchingFilter', MATCHING_FILTERS],
    ['DiffRating', DIFF_RATING.values],
    ['RecencyContrast', RECENCY_CONTRAST.values],
    ['MatchingStatus', MATCHING_STATUS.values],
  ] as const)('the console knows every value of %s, and no other', (name, values) => {
    const type = schema.getType(name) as GraphQLEnumType;
    expect([...values].sort()).toEqual(
      type
        .getValues()
        .map((value) => value.name)
        .sort(),
    );
  });
});
