/**
 * What a reviewer's eye looks for when comparing a product with a candidate: equal identifiers,
 * the words and model numbers both names share, and the price difference. Pure functions; the
 * comparison component only paints their answers.
 */
import type { Fragment } from '../../graphql/typed.ts';

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

/**
 * Two related model numbers as the server's evidence gives them (ours against the competitor's;
 * `apart`: whose name writes the code as two words, a variant at best, never the same code), as
 * the MatchingPairFields fragment selects them.
 */
export type RelatedModelNumber = Fragment<'MatchingPairFields'>['evidence']['relatedModelNumbers'][number];

/** How a reviewer reads one relation (docs/matching.md, 'Model numbers as evidence'). */
export type ModelNumberReading = 'same' | 'variant' | 'family' | 'apartOurs' | 'apartTheirs';

export interface ModelNumberLine {
  /** each side's code as its name writes it when found there ('GeForce 8400 GS'), else the code in capitals */
  ours: string;
  theirs: string;
  reading: ModelNumberReading;
}

/**
 * The text of a name that writes a normalized code: one word, or two adjacent words written
 * apart ('8400 GS' for '8400gs'); the code in capitals when the name holds neither (a code from
 * the description).
 */
export function writtenAs(name: string, code: string): string {
  const key = tokenKey(code);
  const words = name
    .split(/\s+/u)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
  const keys = words.map(tokenKey);
  const one = keys.indexOf(key);
  if (one >= 0) return words[one]!;
  for (let i = 0; i + 1 < words.length; i++) {
    if (keys[i] && keys[i + 1] && keys[i]! + keys[i + 1]! === key) return `${words[i]} ${words[i + 1]}`;
  }
  return code.toUpperCase();
}

/** The related model numbers of a pair in the reviewer's words, the strongest first. */
export function modelNumberLines(
  ourName: string,
  theirName: string,
  related: readonly RelatedModelNumber[] | null | undefined,
): ModelNumberLine[] {
  const order: Record<ModelNumberReading, number> = { same: 0, variant: 1, apartOurs: 2, apartTheirs: 2, family: 3 };
  const seen = new Set<string>();
  const lines: ModelNumberLine[] = [];
  for (const r of related ?? []) {
    const reading: ModelNumberReading =
      r.apart === 'OURS'
        ? 'apartOurs'
        : r.apart === 'THEIRS'
          ? 'apartTheirs'
          : r.relation === 'EXACT'
            ? 'same'
            : r.relation === 'PARTIAL'
              ? 'variant'
              : 'family';
    const key = `${r.ours}\u0000${r.theirs}\u0000${reading}`;
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push({ ours: writtenAs(ourName, r.ours), theirs: writtenAs(theirName, r.theirs), reading });
  }
  return lines.sort((a, b) => order[a.reading] - order[b.reading]);
}
