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
  // counts and measures a shop writes after a number: '10db', '200ct', '2pk', '6pc', '11pt', '3qt'
  'db',
  'ct',
  'pk',
  'pc',
  'pt',
  'qt',
  'gal',
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

/** Where a product writes a model number. */
export interface LocatedCode {
  code: string;
  in: 'name' | 'description';
}

/** Two related model numbers of a pair, with where each side wrote it. */
export interface RelatedModelNumbers {
  left: string;
  right: string;
  relation: 'exact' | 'partial' | 'similar';
  leftIn: 'name' | 'description';
  rightIn: 'name' | 'description';
  /** the side that writes its code as two words of its name ('8400 gs' for '8400gs'); absent when neither */
  apart?: 'left' | 'right';
}

/** A product's model numbers and the words of its normalized name. */
export interface CodeSide {
  codes: readonly LocatedCode[];
  words: readonly string[];
}

/** A prepared product's words are one array for its life: its joined words are computed once. */
const apartCache = new WeakMap<readonly string[], string[]>();

/**
 * Two adjacent words of a name joined where they read as a model number, as another shop may
 * write it in one word ('8400 gs' -> '8400gs', 'gt 430' -> 'gt430', 'cs 2' -> 'cs2'); not when
 * both words are model numbers already (two codes, not one). Only a relation to a code of the
 * other name makes one of them evidence (relateModelNumbers): 'of 2' -> 'of2' relates to none.
 */
export function codesWrittenApart(words: readonly string[]): string[] {
  const cached = apartCache.get(words);
  if (cached) return cached;
  const joined = new Set<string>();
  for (let i = 0; i + 1 < words.length; i++) {
    const a = words[i]!;
    const b = words[i + 1]!;
    if (isModelNumber(a) && isModelNumber(b)) continue;
    const code = a + b;
    if (/[a-z]/.test(code) && isModelNumber(code)) joined.add(code);
  }
  const result = [...joined];
  apartCache.set(words, result);
  return result;
}

/**
 * A code against two words that write it apart is a variant at best: the words may only happen
 * to read as the code ('gt 430' is every card of that chip), so it never counts as exact.
 */
const apartRelation = (relation: ModelRelation): ModelRelation => (relation === 'exact' ? 'partial' : relation);

/**
 * Every related pair of the two products' model numbers: code against code, and a code of one
 * name that relates to no code of the other against two adjacent words of the other name that
 * write it apart ('8400gs' / 'geforce 8400 gs'; a variant, not exact).
 */
export function relateModelNumbers(left: CodeSide, right: CodeSide): RelatedModelNumbers[] {
  const related: RelatedModelNumbers[] = [];
  for (const l of left.codes) {
    for (const r of right.codes) {
      const relation = modelRelation(l.code, r.code);
      if (relation) related.push({ left: l.code, right: r.code, relation, leftIn: l.in, rightIn: r.in });
    }
  }
  const unrelated = (codes: readonly LocatedCode[], side: 'left' | 'right') =>
    codes.filter((c) => c.in === 'name' && !related.some((r) => r[side] === c.code)).map((c) => c.code);
  const leftAlone = unrelated(left.codes, 'left');
  const rightAlone = unrelated(right.codes, 'right');
  const rightCodes = new Set(right.codes.map((c) => c.code));
  for (const joined of leftAlone.length ? codesWrittenApart(right.words) : []) {
    if (rightCodes.has(joined)) continue;
    for (const code of leftAlone) {
      const relation = apartRelation(modelRelation(code, joined));
      if (relation)
        related.push({ left: code, right: joined, relation, leftIn: 'name', rightIn: 'name', apart: 'right' });
    }
  }
  const leftCodes = new Set(left.codes.map((c) => c.code));
  for (const joined of rightAlone.length ? codesWrittenApart(left.words) : []) {
    if (leftCodes.has(joined)) continue;
    for (const code of rightAlone) {
      const relation = apartRelation(modelRelation(joined, code));
      if (relation)
        related.push({ left: joined, right: code, relation, leftIn: 'name', rightIn: 'name', apart: 'left' });
    }
  }
  return related;
}

/** The letter and digit runs of a code: 'msmt2g' -> 'a0a', '0620b002' -> '0a0', '26132' -> '0'. */
function shapeOf(code: string): string {
  return code.replace(/[a-z]+/g, 'a').replace(/\d+/g, '0');
}

/**
 * Both names carry model numbers, none relate, and two of them are written alike (the same runs
 * of letters and digits: 'mb276lla' / 'mb277lla', 'dsct500b' / 'dsct300b'): another model of the
 * same kind. A code against one of another shape is no conflict: one shop's part number against
 * another's catalogue number ('msmt2g' / 'mark2', 'pg40bk' / '0615b002', 'h890' / '9661930403').
 */
export function modelNumbersConflict(
  leftCodes: readonly string[],
  rightCodes: readonly string[],
  related: readonly RelatedModelNumbers[],
): boolean {
  if (leftCodes.length === 0 || rightCodes.length === 0 || related.length > 0) return false;
  const shapes = new Set(rightCodes.map(shapeOf));
  return leftCodes.some((code) => shapes.has(shapeOf(code)));
}
