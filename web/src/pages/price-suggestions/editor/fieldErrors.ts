import type { TFunction } from 'i18next';
import { refusalText } from '../../../providers/data/apiErrors.ts';

/**
 * The API's field error of a price rule (api/src/pricing/rules/errors.ts): `extensions.reason` and
 * its values in the console's words (locales: priceSuggestions.fieldErrors.<reason>). An error
 * without a reason this console knows keeps the API's message.
 */
export function ruleFieldErrorText(
  extensions: Record<string, unknown> | undefined,
  fallback: string,
  t: TFunction,
): string {
  const translate = (key: string, values?: Record<string, unknown>) => t(key, { ...values, defaultValue: '' });
  return refusalText(extensions, translate, 'priceSuggestions.fieldErrors') ?? fallback;
}
