import type { TFunction } from 'i18next';

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
  const reason = extensions?.reason;
  if (typeof reason !== 'string' || !/^[A-Z_]+$/.test(reason)) return fallback;
  const key = `priceSuggestions.fieldErrors.${reason}`;
  const values =
    extensions?.values && typeof extensions.values === 'object' ? (extensions.values as Record<string, unknown>) : {};
  const text = t(key, { ...values, defaultValue: '' });
  return text ? text : fallback;
}
