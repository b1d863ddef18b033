/**
 * The evidence that two products are the same, and a score in 0..1 built from it.
 *
 * The score is a logistic function of the evidence: identical GTIN or MPN, shared model numbers
 * (exact or a prefix/suffix variant, in names or descriptions, weighted by how rare the code is
 * in the competitor's catalogue), conflicting model numbers, brand equality, name similarity and
 * price proximity. Weights are set by hand so that each kind of evidence moves the score the way
 * a reviewer would; the automatic threshold on top of it is calibrated on labelled decisions
 * (threshold.ts).
 */
import {
  type LocatedCode,
  modelNumbersConflict,
  type RelatedModelNumbers,
  relateModelNumbers,
} from './model-numbers.ts';
import { relativePriceDifference } from './price.ts';
import type { PreparedProduct } from './product.ts';
import { trigramSimilarity, weightedWordSimilarity, type WordStatistics } from './similarity.ts';

export type { RelatedModelNumbers };

export interface MatchEvidence {
  /** identifiers equal on both sides ('gtin', 'mpn') */
  matchedIdentifiers: ('gtin' | 'mpn')[];
  /** both sides have a valid GTIN and they differ */
  gtinDiffers: boolean;
  /** null when either brand is unknown */
  brandEqual: boolean | null;
  /** pg_trgm trigram similarity of the normalized names, 0..1 */
  nameSimilarity: number;
  /** cosine of the names' words weighted by rarity, 0..1 */
  wordSimilarity: number;
  sharedWords: string[];
  /** model numbers written identically on both sides */
  sharedModelNumbers: string[];
  /** all related model numbers, exact or variants, with where they were found */
  relatedModelNumbers: RelatedModelNumbers[];
  /** both names carry model numbers, none relate, two are written alike (model-numbers.ts) */
  modelNumbersConflict: boolean;
  /** |a - b| / max(a, b), null when a price is missing */
  priceDifference: number | null;
}

export interface CatalogueStatistics {
  words: WordStatistics;
  codes: WordStatistics;
}

/** A product's model numbers with where it writes each. */
export function locatedCodes(product: PreparedProduct): LocatedCode[] {
  return [
    ...product.nameCodes.map((code) => ({ code, in: 'name' as const })),
    ...product.descriptionCodes.map((code) => ({ code, in: 'description' as const })),
  ];
}

export function collectEvidence(
  left: PreparedProduct,
  right: PreparedProduct,
  statistics: CatalogueStatistics,
): MatchEvidence {
  const matchedIdentifiers: MatchEvidence['matchedIdentifiers'] = [];
  if (left.gtin && left.gtin === right.gtin) matchedIdentifiers.push('gtin');
  if (left.mpn && left.mpn === right.mpn) matchedIdentifiers.push('mpn');

  const relatedModelNumbers = relateModelNumbers(
    { codes: locatedCodes(left), words: left.words },
    { codes: locatedCodes(right), words: right.words },
  );
  const words = weightedWordSimilarity(left.words, right.words, statistics.words);
  return {
    matchedIdentifiers,
    gtinDiffers: Boolean(left.gtin && right.gtin && left.gtin !== right.gtin),
    brandEqual: left.brand && right.brand ? left.brand === right.brand : null,
    nameSimilarity: trigramSimilarity(left.normalizedName, right.normalizedName),
    wordSimilarity: words.similarity,
    sharedWords: words.shared,
    sharedModelNumbers: [...new Set(relatedModelNumbers.filter((r) => r.relation === 'exact').map((r) => r.left))],
    relatedModelNumbers,
    modelNumbersConflict: modelNumbersConflict(left.nameCodes, right.nameCodes, relatedModelNumbers),
    priceDifference: relativePriceDifference(left.price, right.price),
  };
}

/** Weights of the logistic score (log-odds). */
export const SCORE_WEIGHTS = {
  bias: -6,
  gtinEqual: 9,
  gtinDiffers: -4,
  mpnEqual: 6,
  /** best related model number: exact, both in names, a code seen once in the catalogue */
  modelNumber: 6,
  partialModelNumber: 0.7,
  similarModelNumber: 0.35,
  modelNumberInDescription: 0.6,
  modelNumbersConflict: -1,
  brandEqual: 1,
  brandDiffers: -3,
  nameSimilarity: 3,
  wordSimilarity: 5,
  priceClose: 0.5,
  priceFar: -1.5,
} as const;

/** How much one related pair of model numbers tells, 0..1. */
export function modelNumberStrength(related: RelatedModelNumbers, codes: WordStatistics): number {
  const frequency = Math.max(1, codes.documentFrequency(related.right));
  const rarity = Math.min(1, 2 / frequency);
  // short codes ('ps3', 'h12') are often names of platforms or standards, not models
  const length = Math.min(1, Math.max(0, Math.min(related.left.length, related.right.length) - 2) / 4);
  const kind =
    related.relation === 'exact'
      ? 1
      : related.relation === 'partial'
        ? SCORE_WEIGHTS.partialModelNumber
        : SCORE_WEIGHTS.similarModelNumber;
  const place = related.leftIn === 'name' && related.rightIn === 'name' ? 1 : SCORE_WEIGHTS.modelNumberInDescription;
  return rarity * length * kind * place;
}

export function scoreEvidence(evidence: MatchEvidence, statistics: CatalogueStatistics): number {
  const w = SCORE_WEIGHTS;
  let z = w.bias;
  if (evidence.matchedIdentifiers.includes('gtin')) z += w.gtinEqual;
  else if (evidence.gtinDiffers) z += w.gtinDiffers;
  if (evidence.matchedIdentifiers.includes('mpn')) z += w.mpnEqual;
  const strength = Math.max(0, ...evidence.relatedModelNumbers.map((r) => modelNumberStrength(r, statistics.codes)));
  z += w.modelNumber * strength;
  if (evidence.modelNumbersConflict) z += w.modelNumbersConflict;
  if (evidence.brandEqual === true) z += w.brandEqual;
  if (evidence.brandEqual === false) z += w.brandDiffers;
  z += w.nameSimilarity * evidence.nameSimilarity + w.wordSimilarity * evidence.wordSimilarity;
  if (evidence.priceDifference !== null) {
    if (evidence.priceDifference <= 0.15) z += w.priceClose;
    else if (evidence.priceDifference >= 0.5) z += w.priceFar;
  }
  return 1 / (1 + Math.exp(-z));
}
