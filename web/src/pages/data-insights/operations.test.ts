import type { GraphQLEnumType, GraphQLInputObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { apiSchema } from '../../test-support/apiSchema.ts';
import { itValidatesOperations } from '../../test-support/validOperations.ts';
import { insightsFilter, PERIOD_KEYS, readInsightsState } from '../../features/insights/insightsState.ts';
import * as insights from './queries.ts';

describe('the data insights operations against the API schema', () => {
  const schema = apiSchema();
  itValidatesOperations(insights);

  it.each([['InsightsPeriod', PERIOD_KEYS]] as const)(
    'the console knows every value of %s, and no other',
    (name, values) => {
      const type = schema.getType(name) as GraphQLEnumType;
      expect([...values].sort()).toEqual(
        type
          .getValues()
          .map((value) => value.name)
          .sort(),
      );
    },
  );

  const fieldsOf = (name: string) => Object.keys((schema.getType(name) as GraphQLInputObjectType).getFields());

  it('sends only fields the InsightsFilter has', () => {
    const filter = insightsFilter(
      readInsightsState(new URLSearchParams('period=90&brand=B&category=C&competitor=c1&tolerance=2')),
      'w1',
    );
    for (const key of Object.keys(filter)) expect(fieldsOf('InsightsFilter')).toContain(key);
  });
});
