/**
 * Model numbers (MPN-like codes) found in names and descriptions: words with digits that are not
 * quantities. Compared without separators; a code may be a prefix or suffix of a longer variant
 * ('NNC994S' ~ 'NNC994SS', '961464' ~ '961464-0403', 'USGSKB' ~ 'NDSUSGSKB').
 */
import { CANONICAL_UNITS, normalizeText, words } from './normalize.ts';

/** Suffixes that make a number a specification rather than a code: '1080p', '4k', '10x', '2nd'. */
const SPEC_SUFFIXES = new Set([
  ...CANONICAL_UNITS,
  'k',
  'x',
  'mp',
  'bit',
  'st',
  'nd',
  'rd',
  'th',
  'd',
  'kc',
  'czk',
  'eur',
  'usd',
]);

const VIDEO_RESOLUTION = /^(480|576|720|1080|1440|2160|4320)[pi]$/;

const MIN_CODE_LENGTH = 3;
const MIN_NUMERIC_CODE_LENGTH = 5;

/** Is this normalized word a model number? */
export function isModelNumber(word: string): boolean {
  if (word.length < MIN_CODE_LENGTH || !/\d/.test(word)) return false;
  if (/^\d+(\.\d+)?$/.test(word)) return word.length >= MIN_NUMERIC_CODE_LENGTH && !word.includes('.');
  if (word.includes('.')) return false;
  const quantity = /^(?:\d+x)?\d+([a-z]+)$/.exec(word);
  if (quantity && SPEC_SUFFIXES.has(quantity[1]!)) return false;
  if (/^\d+x\d+/.test(word)) return false;
  if (VIDEO_RESOLUTION.test(word)) return false;
  // a small count written before a word is a feature, not a code: '5port', '4pack', '3speed'
  if (/^\d{1,2}[a-z]{3,}$/.test(word)) return false;
  return true;
}

/** The distinct model numbers of a text, in order of appearance. */
export function extractModelNumbers(text: string): string[] {
  return [...new Set(words(normalizeText(text)).filter(isModelNumber))];
}

/** Normalize a declared MPN / model number field ('PS-LX350H' -> 'pslx350h'). */
export function normalizeMpn(text: string | null | undefined): string | null {
  if (!text) return null;
  const compact = normalizeText(text).replace(/\s+/g, '');
  return compact.length >= MIN_CODE_LENGTH ? compact : null;
}

/**
 * exact: the same code; partial: one is a prefix or suffix of the other (a shorter or longer way
 * of writing the same model); similar: a long common start, as variants of one model family have
 * ('MMV4205BT' / 'MMV4205BAQ', often another colour or region).
 */
export type ModelRelation = 'exact' | 'partial' | 'similar' | null;

const MIN_PARTIAL_LENGTH = 4;
const MIN_PARTIAL_RATIO = 0.5;
const MIN_SIMILAR_PREFIX = 5;
const MIN_SIMILAR_RATIO = 0.6;

/** How two model numbers relate: equal, one a prefix/suffix variant of the other, or unrelated. */
export function modelRelation(a: string, b: string): ModelRelation {
  if (a === b) return 'exact';
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (shorter.length < MIN_PARTIAL_LENGTH || !/\d/.test(shorter)) return null;
  if (shorter.length / longer.length >= MIN_PARTIAL_RATIO && (longer.startsWith(shorter) || longer.endsWith(shorter))) {
    return 'partial';
  }
  let common = 0;
  while (common < shorter.length && shorter[common] === longer[common]) common++;
  const start = shorter.slice(0, common);
  return common >= MIN_SIMILAR_PREFIX &&
    common >= shorter.length * MIN_SIMILAR_RATIO &&
    /\d/.test(start) &&
    /\D/.test(start)
    ? 'similar'
    : null;
}

/** Prefixes and suffixes of a code that could be its shorter variants (for index look-ups). */
export function shorterVariants(code: string): string[] {
  const variants = new Set<string>();
  const minLength = Math.max(MIN_PARTIAL_LENGTH, Math.ceil(code.length * MIN_PARTIAL_RATIO));
  for (let length = minLength; length < code.length; length++) {
    for (const variant of [code.slice(0, length), code.slice(code.length - length)]) {
      if (/\d/.test(variant)) variants.add(variant);
    }
  }
  return [...variants];
}
