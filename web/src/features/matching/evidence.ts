/**
 * What a reviewer's eye looks for when comparing a product with a candidate: equal identifiers,
 * the words and model numbers both names share, and the price difference. Pure functions; the
 * comparison component only paints their answers.
 */

/** Lower case, no diacritics, letters and digits only: 'PS-LX350H' and 'pslx350h' are one code. */
export function tokenKey(token: string): string {
  return token
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

const QUANTITY =
  /^\d+(?:[.,]\d+)?(?:x\d+(?:[.,]\d+)?)?(?:ml|cl|dl|l|g|kg|mg|mm|cm|m|w|kw|v|mah|ah|gb|tb|mb|hz|khz|mhz|ks|pcs|"|in|inch)$/i;

/** A word that names a model: letters and digits together ('XM5', 'PS-LX350H') or a long number, not a quantity ('500ml'). */
export function isModelNumber(token: string): boolean {
  const key = tokenKey(token);
  if (key.length < 3) return false;
  if (QUANTITY.test(token.replace(/\s/g, '')) || QUANTITY.test(key)) return false;
  const digits = /\p{N}/u.test(key);
  const letters = /\p{L}/u.test(key);
  return digits && (letters || key.length >= 4);
}

export type SegmentKind = 'model' | 'word' | null;

export interface NameSegment {
  text: string;
  /** 'model': a model number both names carry; 'word': another shared word; null: not shared (or a separator). */
  shared: SegmentKind;
}

/** The server's evidence, as far as highlighting uses it (all optional: the console also finds them itself). */
export interface HighlightEvidence {
  sharedWords?: readonly string[] | null;
  sharedModelNumbers?: readonly string[] | null;
}

const SPLIT = /(\s+|[(),;/|+]+)/u;

/**
 * A name cut into segments that keep every character (so it reads unchanged), each word marked
 * when the other name has it too: model numbers apart from ordinary words. One-letter words are
 * never marked. Diacritics, case and separators inside codes do not matter.
 */
export function highlightName(name: string, otherName: string, evidence: HighlightEvidence = {}): NameSegment[] {
  const otherKeys = new Set(otherName.split(SPLIT).map(tokenKey).filter(Boolean));
  const sharedWords = new Set((evidence.sharedWords ?? []).map(tokenKey));
  const sharedModels = new Set((evidence.sharedModelNumbers ?? []).map(tokenKey));
  return name
    .split(SPLIT)
    .filter((text) => text !== '')
    .map((text) => {
      const key = tokenKey(text);
      if (key.length < 2) return { text, shared: null };
      if (sharedModels.has(key) || (isModelNumber(text) && otherKeys.has(key))) return { text, shared: 'model' };
      if (otherKeys.has(key) || sharedWords.has(key)) return { text, shared: 'word' };
      return { text, shared: null };
    });
}

/** Digits only, as a 14-digit GTIN (EAN-13 and UPC-12 padded), or null. */
export function gtinKey(value: string | null | undefined): string | null {
  const digits = value?.replace(/\D/g, '') ?? '';
  if (digits.length < 8 || digits.length > 14) return null;
  return digits.padStart(14, '0');
}

export type Identifier = 'gtin' | 'mpn';

export interface Identified {
  ean?: string | null;
  mpn?: string | null;
}

/** The identifiers both sides carry with the same value (GTIN as digits, MPN without case or separators). */
export function equalIdentifiers(left: Identified, right: Identified): Identifier[] {
  const equal: Identifier[] = [];
  const leftGtin = gtinKey(left.ean);
  if (leftGtin && leftGtin === gtinKey(right.ean)) equal.push('gtin');
  const leftMpn = left.mpn ? tokenKey(left.mpn) : '';
  if (leftMpn && leftMpn === tokenKey(right.mpn ?? '')) equal.push('mpn');
  return equal;
}

/** Who sells cheaper: us (the selected website), them (the competitor) or neither. */
export type Cheaper = 'us' | 'them' | 'equal';

export interface PriceComparison {
  /** Our price minus theirs. */
  difference: number;
  /** That difference in percent of their price; null when theirs is 0. */
  percent: number | null;
  cheaper: Cheaper;
}

/** Our price against the competitor's (as on the products page: ours minus theirs, in percent of theirs). */
export function comparePrices(
  ours: number | null | undefined,
  theirs: number | null | undefined,
): PriceComparison | null {
  if (ours == null || theirs == null || !Number.isFinite(ours) || !Number.isFinite(theirs)) return null;
  const difference = Math.round((ours - theirs) * 100) / 100;
  const percent = theirs === 0 ? null : (difference / theirs) * 100;
  const cheaper: Cheaper = difference < 0 ? 'us' : difference > 0 ? 'them' : 'equal';
  return { difference, percent, cheaper };
}
