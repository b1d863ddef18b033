import type { TFunction } from 'i18next';
import type { ScrapeReasonCode } from '../../graphql/operations.ts';
import { formatByteCount } from '../../components/format/format.ts';

/** An amount of money as shops write it: whole, or with two decimals (1,299.50). */
function formatAmount(value: string | undefined, language: string): string | undefined {
  if (value === undefined) return undefined;
  const amount = Number(value);
  const digits = Number.isInteger(amount) ? 0 : 2;
  return amount.toLocaleString(language, { minimumFractionDigits: digits, maximumFractionDigits: 2 });
}

/** A reason as the API gives it: its English sentence, and the same as a code with its values. */
export interface ScrapeReason {
  reason: string | null;
  code: ScrapeReasonCode | null;
  values: readonly { name: string; value: string }[];
}

/**
 * Why a page, a discovery or a held price could not be used, or why a run ended, in the UI language
 * (api/src/monitoring/README.md, "Failed pages"): the sentence of its code with the values it names,
 * then what qualifies it (attempts, the site's retry-after, further problems). Reasons stored before
 * the codes, or a code this console does not know yet, show the API's English sentence.
 */
export function scrapeReasonText(reason: ScrapeReason, t: TFunction, language: string): string {
  const fallback = reason.reason ?? '';
  if (!reason.code) return fallback;
  const values: Record<string, string | undefined> = Object.fromEntries(
    reason.values.map((entry) => [entry.name, entry.value]),
  );
  const number = (name: string) =>
    values[name] === undefined ? undefined : Number(values[name]).toLocaleString(language);
  let text = t(`scrapers.reasons.${reason.code}`, {
    defaultValue: fallback,
    ...values,
    ...(values.sizeBytes === undefined ? {} : { size: formatByteCount(Number(values.sizeBytes), language) }),
    ...(values.limitBytes === undefined ? {} : { limit: formatByteCount(Number(values.limitBytes), language) }),
    ...(values.seconds === undefined ? {} : { seconds: number('seconds') }),
    ...(values.previous === undefined ? {} : { previous: formatAmount(values.previous, language) }),
    ...(values.price === undefined ? {} : { price: formatAmount(values.price, language) }),
    ...(values.expected === 'xml' || values.expected === 'html'
      ? { expected: t(`scrapers.reasons.expected.${values.expected}`) }
      : {}),
  });
  // What qualifies any code: worded only when the code's own sentence was (not the English fallback).
  if (text === fallback) return fallback;
  if (values.attempts !== undefined) text += t('scrapers.reasons.attempts', { count: Number(values.attempts) });
  if (values.retryAfterSeconds !== undefined)
    text += t('scrapers.reasons.retryAfter', { seconds: number('retryAfterSeconds') });
  if (values.more !== undefined) text += t('scrapers.reasons.more', { count: Number(values.more) });
  return text;
}

/** A warning of the extraction test as the API gives it: its code, English message and values. */
export interface ExtractionWarningShown {
  code: string;
  message: string;
  values: readonly { name: string; value: string }[];
}

/**
 * An extraction warning in the UI language (api/src/monitoring/README-scraping.md, "Extraction"):
 * the sentence of its code, the field it names in the console's words, amounts in the language's
 * numbers. A code this console does not know yet shows the API's English message.
 */
export function extractionWarningText(warning: ExtractionWarningShown, t: TFunction, language: string): string {
  const values: Record<string, string | undefined> = Object.fromEntries(
    warning.values.map((entry) => [entry.name, entry.value]),
  );
  // One code, two sentences: whether the warning names a field (a rule's) or a text it found.
  const variant =
    (warning.code === 'price_range' && values.field) ||
    (warning.code === 'unknown_currency' && values.field) ||
    (warning.code === 'rule_no_match' && values.text)
      ? '_rule'
      : warning.code === 'several_offers' && values.inStock === 'yes'
        ? '_inStock'
        : '';
  return t(`scrapers.warnings.${warning.code}${variant}`, {
    defaultValue: warning.message,
    ...values,
    ...(values.field === undefined ? {} : { field: t(`scrapers.fields.extracted.${values.field}`) }),
    low: formatAmount(values.low, language),
    high: formatAmount(values.high, language),
    chosen: formatAmount(values.chosen, language),
    ...(values.count === undefined ? {} : { count: Number(values.count) }),
  });
}
