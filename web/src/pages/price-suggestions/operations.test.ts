import { type DocumentNode, type GraphQLEnumType, Kind, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { apiSchema } from '../../test-support/apiSchema.ts';
import { STRATEGY_TYPES } from './editor/sections/StrategySection.tsx';
import * as pricing from './queries.ts';
import { RULE_STATUSES } from './rules/RuleStatusTag.tsx';

const operations = Object.entries(pricing).filter(
  (entry): entry is [string, DocumentNode] =>
    (entry[1] as DocumentNode | null)?.kind === Kind.DOCUMENT &&
    entry[1].definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION),
);

describe('the price suggestion operations against the API schema', () => {
  const schema = apiSchema();

  it.each(operations)('%s is valid', (_, document) => {
    expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  });

  it.each([
    ['PriceRuleStatus', RULE_STATUSES],
    ['PriceStrategyType', STRATEGY_TYPES],
  ] as const)('the console offers every value of %s, and no other', (name, values) => {
    const type = schema.getType(name) as GraphQLEnumType;
    expect([...values].sort()).toEqual(
      type
        .getValues()
        .map((value) => value.name)
        .sort(),
    );
  });
});
