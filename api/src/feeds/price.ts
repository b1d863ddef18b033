/**
 * A feed's price text -> amount and currency: '12.50 CZK' (Google Merchant), '12,50 Kč',
 * '1 299,90', 'EUR 9.99', '499,-'. A negative amount, a text that is no price and an unknown
 * currency are problems of the row, never guesses.
 */
import { parsePrice } from '../matching/price.ts';

const CURRENCIES: Record<string, string> = {
  kč: 'CZK',
  kc: 'CZK',
  czk: 'CZK',
  '€': 'EUR',
  eur: 'EUR',
  $: 'USD',
  usd: 'USD',
  '£': 'GBP',
  gbp: 'GBP',
  zł: 'PLN',
  zl: 'PLN',
  pln: 'PLN',
  ft: 'HUF',
  huf: 'HUF',
};
/** numeric(12, 2) */
const MAX_AMOUNT = 9_999_999_999.99;
const SHAPE =
  /^(?<before>[^\d\s.,+\-−]{1,3}\.?)?\s*(?<sign>[-−+])?\s*(?<number>\d[\d\s\u00a0\u202f.,']*?)(?:,-+)?\s*(?<after>[^\d\s.,+-][^\d\s]{0,2}\.?)?$/u;

export type PriceResult =
  | { amount: number; currency: string | null }
  | { error: string; code: 'NOT_A_PRICE' | 'UNKNOWN_CURRENCY' | 'NEGATIVE' | 'TOO_LARGE'; text?: string };

/** The common shapes ('1290', '12.50 CZK', '12,50 Kč'), read without the general pattern. */
const PLAIN = /^(\d{1,10})(?:[.,](\d{1,2}))?(?: ?(CZK|Kč|EUR|€))?$/;
const PLAIN_CURRENCY: Record<string, string> = { CZK: 'CZK', Kč: 'CZK', EUR: 'EUR', '€': 'EUR' };

export function parseFeedPrice(text: string): PriceResult {
  const trimmed = text.trim();
  const plain = PLAIN.exec(trimmed);
  if (plain) {
    const amount = Number(plain[2] ? `${plain[1]}.${plain[2]}` : plain[1]);
    return { amount, currency: plain[3] ? PLAIN_CURRENCY[plain[3]]! : null };
  }
  const match = SHAPE.exec(trimmed);
  const notAPrice = { error: `"${clip(trimmed)}" is not a price`, code: 'NOT_A_PRICE', text: clip(trimmed) } as const;
  if (!match?.groups) return notAPrice;
  const { before, sign, number, after } = match.groups;
  if (before && after) return notAPrice;
  let currency: string | null = null;
  const symbol = (before ?? after)?.replace(/\.$/, '').toLowerCase();
  if (symbol) {
    currency = CURRENCIES[symbol] ?? null;
    if (!currency)
      return { error: `unknown currency "${before ?? after}"`, code: 'UNKNOWN_CURRENCY', text: before ?? after };
  }
  const amount = parsePrice(number!.replace(/[\s\u00a0\u202f']/g, ''));
  if (amount === null) return notAPrice;
  if (sign === '-' || sign === '−') return { error: 'must not be negative', code: 'NEGATIVE' };
  if (amount > MAX_AMOUNT) return { error: 'is too large', code: 'TOO_LARGE' };
  return { amount: Math.round(amount * 100) / 100, currency };
}

/** An ISO 4217 code as a feed's currency column gives it ('czk', 'Kč' -> 'CZK'), or null. */
export function parseCurrency(text: string): string | null {
  const key = text.trim().toLowerCase();
  return CURRENCIES[key] ?? (/^[a-z]{3}$/.test(key) ? key.toUpperCase() : null);
}

const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);
