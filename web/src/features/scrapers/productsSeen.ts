import type { TFunction } from 'i18next';
import { formatCount } from '../../components/format/format.ts';

/**
 * The products a scraper's last successful run saw, beside those expected of it when the
 * competitor says how many ('59 of 60 expected'); without an expectation, the count alone.
 */
export function productsSeenText(
  seen: number | null | undefined,
  expected: number | null | undefined,
  t: TFunction,
  language: string,
): string {
  if (seen == null) return '—';
  if (expected == null) return formatCount(seen, language);
  return t('scrapers.seenOfExpected', { seen: formatCount(seen, language), expected: formatCount(expected, language) });
}
