/**
 * A price rule's field errors: BAD_USER_INPUT naming the field (`extensions.field`), with a stable
 * `extensions.reason` and its values (`extensions.values`) that the console translates
 * (locales: priceSuggestions.fieldErrors.<reason>); the English message is for other callers.
 * The reasons are listed in api/src/pricing/README.md ("Rules").
 */
import { GraphQLError } from 'graphql';

export type RuleErrorReason =
  | 'NOT_A_NUMBER'
  | 'NOT_WHOLE'
  | 'NOT_ABOVE'
  | 'NEGATIVE'
  | 'BELOW_MINIMUM'
  | 'ABOVE_MAXIMUM'
  | 'REQUIRED'
  | 'REQUIRED_FOR_CHOICE'
  | 'NOT_A_LIST'
  | 'TOO_MANY_ITEMS'
  | 'ITEM_LENGTH'
  | 'PRICE_RANGE_INVERTED'
  | 'EXCLUDES_INCLUDED'
  | 'NO_COMPETITOR_NAMED'
  | 'STRATEGY_COMPETITOR_LEFT_OUT'
  | 'FLOOR_ABOVE_CEILING'
  | 'NAME_EMPTY'
  | 'NAME_TOO_LONG'
  | 'PRIORITY_TAKEN'
  | 'UNKNOWN_COMPETITOR'
  | 'UNKNOWN_PRODUCT'
  | 'SELECTS_NOTHING'
  | 'REORDER_INCOMPLETE';

export function ruleError(
  field: string,
  reason: RuleErrorReason,
  message: string,
  values: Record<string, string | number> = {},
): GraphQLError {
  return new GraphQLError(`Invalid ${field}: ${message}`, {
    extensions: { code: 'BAD_USER_INPUT', field, reason, values },
  });
}
