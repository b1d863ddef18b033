/**
 * What a scraped product means for the stored one (README.md, "What a run writes"): new, changed
 * (price, currency or availability differ: a history row), unchanged (only "last seen" moves), or
 * held for review (the price jumps by more than the scraper allows: nothing is written).
 * Pure functions, table-tested in classify.test.ts.
 */
import { createHash } from 'node:crypto';
import { because, type Reason } from './reasons.ts';

export type Availability = 'in_stock' | 'out_of_stock' | 'unknown';

/** The fields of a competitor product a run compares and writes. */
export interface ScrapedProduct {
  /** The competitor product this page belongs to, when the page came from its known address. */
  knownId: string | null;
  canonicalUrl: string;
  url: string;
  name: string;
  brand: string | null;
  gtin: string | null;
  mpn: string | null;
  price: number;
  currency: string;
  availability: Availability;
  etag: string | null;
  lastModified: string | null;
}

export interface StoredPrice {
  id: string;
  price: number | null;
  currency: string;
  availability: string | null;
}

export type Outcome =
  | { kind: 'new' }
  | { kind: 'changed'; id: string }
  | { kind: 'unchanged'; id: string }
  | { kind: 'held'; id: string; reason: string; why: Reason };

/** The share by which a price moved: |new - old| / old (0 when there was no earlier price). */
export function priceJumpShare(previous: number | null, next: number): number {
  if (previous == null || previous <= 0) return 0;
  return Math.abs(next - previous) / previous;
}

export function classifyScrape(
  stored: StoredPrice | null,
  scraped: Pick<ScrapedProduct, 'price' | 'currency' | 'availability'>,
  maxPriceJumpShare: number | null,
): Outcome {
  if (!stored) return { kind: 'new' };
  const sameCurrency = stored.currency.trim() === scraped.currency;
  if (sameCurrency && maxPriceJumpShare != null && maxPriceJumpShare > 0) {
    const share = priceJumpShare(stored.price, scraped.price);
    if (share > maxPriceJumpShare) {
      const percent = Math.round(share * 100);
      return {
        kind: 'held',
        id: stored.id,
        ...because('HELD_PRICE_JUMP', {
          price: formatPrice(scraped.price),
          currency: scraped.currency,
          previous: formatPrice(stored.price!),
          percent,
          allowed: Math.round(maxPriceJumpShare * 100),
        }),
      };
    }
  }
  const same =
    stored.price != null &&
    Math.abs(stored.price - scraped.price) < 0.005 &&
    sameCurrency &&
    (stored.availability ?? 'unknown') === scraped.availability;
  return same ? { kind: 'unchanged', id: stored.id } : { kind: 'changed', id: stored.id };
}

const formatPrice = (value: number) => value.toFixed(2);

/** A competitor product's external id for a product found by scraping: its canonical address (shortened when long). */
export function externalIdOf(canonicalUrl: string): string {
  if (canonicalUrl.length <= 200) return canonicalUrl;
  return `${canonicalUrl.slice(0, 159)}#${createHash('sha1').update(canonicalUrl).digest('hex')}`;
}
