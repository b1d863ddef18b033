/**
 * The numeric signals a learned score combines (model.ts), one vector per candidate pair.
 *
 * Each signal is evidence a reviewer sees in the console (README.md, "Score"): identifiers,
 * model numbers, brand, name similarity (trigrams; word and character-trigram TF-IDF cosines with
 * IDF over the competitor's catalogue, so rare tokens such as model codes weigh more than a shop's
 * boilerplate), sizes and pack counts, price. The list signals compare a candidate with the best
 * of the same product's candidates. Nothing here reads the products' ids.
 */
import { UNIT_FACTORS } from './normalize.ts';
import { modelNumberStrength, type CatalogueStatistics, type MatchEvidence } from './score.ts';
import type { PreparedProduct } from './product.ts';
import { trigrams, type WordStatistics } from './similarity.ts';

/** Statistics the learned score needs besides words and codes: character trigrams. */
export interface FeatureStatistics extends CatalogueStatistics {
  grams: WordStatistics;
}

export const FEATURE_NAMES = [
  'gtinEqual',
  'gtinDiffers',
  'mpnEqual',
  'modelNumber',
  'modelNumberExact',
  'modelNumberPartial',
  'modelNumberSimilar',
  'modelNumberExactInNames',
  'modelNumbersConflict',
  'brandEqual',
  'brandDiffers',
  'nameSimilarity',
  'wordCosine',
  'gramCosine',
  'wordContainment',
  'sizeEqual',
  'sizeConflict',
  'sizeInModelNumber',
  'numberConflict',
  'variantConflict',
  'variantOnlyOurs',
  'variantOnlyTheirs',
  'priceLogRatio',
  'priceMissing',
  'wordCosineGap',
  'gramCosineGap',
  'modelNumberGap',
  'bestInList',
] as const;

export type FeatureName = (typeof FEATURE_NAMES)[number];
export type FeatureVector = Record<FeatureName, number>;

/** Quantities as normalize.ts writes them: '500ml', '6x500ml', '1000mb', '24in'. */
const QUANTITY = /^(?:(\d+)x)?(\d+(?:\.\d+)?)(ml|g|mm|w|v|mah|mb|hz|in|ft|oz|lb|pcs|mbps|rpm)$/;

/** unit -> the quantities written with it ('ml' -> {'500', '6x500'}) */
function quantities(words: readonly string[]): Map<string, Set<string>> {
  const result = new Map<string, Set<string>>();
  for (const word of words) {
    const match = QUANTITY.exec(word);
    if (!match) continue;
    const unit = match[3]!;
    const value = match[1] ? `${match[1]}x${match[2]}` : match[2]!;
    if (!result.has(unit)) result.set(unit, new Set());
    result.get(unit)!.add(value);
  }
  return result;
}

/** Both names state a size in one unit: do they share one (equal) or none (conflict)? */
function sizes(left: readonly string[], right: readonly string[]): { equal: boolean; conflict: boolean } {
  const a = quantities(left);
  const b = quantities(right);
  let equal = false;
  let conflict = false;
  for (const [unit, values] of a) {
    const other = b.get(unit);
    if (!other) continue;
    if ([...values].some((v) => other.has(v))) equal = true;
    else conflict = true;
  }
  return { equal, conflict };
}

/**
 * The numbers a name states with a unit or as a pack count, as a shop may write them without one:
 * '2x2000mb' states 2 (the count) and 2000 and 2 (MB, GB); '1600000000hz' states 1600 (MHz) and 1.6
 * (GHz, not a whole number: left out); '24in' states 24.
 */
function numbersWithUnits(words: readonly string[]): Set<string> {
  const result = new Set<string>();
  for (const word of words) {
    const match = QUANTITY.exec(word);
    if (!match) continue;
    if (match[1]) result.add(match[1]);
    const value = Number(match[2]);
    for (const factor of UNIT_FACTORS.get(match[3]!) ?? [1]) {
      const number = Math.round((value / factor) * 1000) / 1000;
      if (Number.isInteger(number) && number < 10000) result.add(String(number));
    }
  }
  return result;
}

/**
 * Plain numbers in names (versions, years, sizes without a unit): both have some, none shared,
 * and none is a number the other name writes with a unit or as a pack count ('1600' / '1600 MHz',
 * 'kit of 2' / '2 x 2GB': the same number written another way).
 */
function numbersConflict(left: readonly string[], right: readonly string[]): boolean {
  const numbers = (words: readonly string[]) => new Set(words.filter((w) => /^\d{1,4}$/.test(w)));
  const a = numbers(left);
  const b = numbers(right);
  if (a.size === 0 || b.size === 0 || [...a].some((n) => b.has(n))) return false;
  const withUnitsLeft = numbersWithUnits(left);
  const withUnitsRight = numbersWithUnits(right);
  return ![...a].some((n) => withUnitsRight.has(n)) && ![...b].some((n) => withUnitsLeft.has(n));
}

/**
 * A size in inches of one name is a run of digits of a model number of the other: screens, TVs
 * and monitors carry their size in the model number ('150in' / 'm150xwv1', '42in' / 'kdl42v4100',
 * '13in' / 'htr13'). Two digits at least; the number must be the whole run ('15in' is not in
 * 'ab150').
 */
export function sizeInModelNumber(words: readonly string[], codes: readonly string[]): boolean {
  for (const word of words) {
    const match = QUANTITY.exec(word);
    if (!match || match[1] || match[3] !== 'in' || !/^\d{2,}$/.test(match[2]!)) continue;
    for (const code of codes) if (code.match(/\d+/g)?.includes(match[2]!)) return true;
  }
  return false;
}

/**
 * Words that name one variant of a product among others of the same kind: colour (English and
 * Czech, as normalize.ts writes them), edition, licence and platform. Each entry is a variant
 * followed by its synonyms ('gray grey', 'windows win pc').
 */
const VARIANT_WORDS: Record<string, readonly string[]> = {
  colour: [
    'black cerna cerny cerne cerni',
    'white bila bily bile bili',
    'silver stribrna stribrny stribrne',
    'gray grey seda sedy sede',
    'red cervena cerveny cervene',
    'blue modra modry modre',
    'green zelena zeleny zelene',
    'yellow zluta zluty zlute',
    'pink ruzova ruzovy ruzove',
    'purple fialova fialovy fialove',
    'orange oranzova oranzovy oranzove',
    'brown hneda hnedy hnede',
    'gold zlata zlaty zlate',
    'beige',
    'bronze',
    'ivory',
    'graphite',
    'stainless',
    'titanium',
    'cyan',
    'magenta',
  ],
  edition: [
    'standard',
    'deluxe',
    'premium',
    'professional pro',
    'ultimate',
    'enterprise',
    'academic student',
    'basic essentials',
    'express',
  ],
  licence: ['upgrade', 'full'],
  platform: [
    'windows win pc xp vista',
    'mac macintosh osx',
    'linux',
    'xbox',
    'playstation ps2 ps3 psp',
    'nintendo wii gamecube',
  ],
};

/** word -> [group, variant] */
const VARIANT_OF = new Map<string, [string, string]>(
  Object.entries(VARIANT_WORDS).flatMap(([group, entries]) =>
    entries.flatMap((entry) => {
      const [variant, ...synonyms] = entry.split(' ') as [string, ...string[]];
      return [variant, ...synonyms].map((word) => [word, [group, variant]] as [string, [string, string]]);
    }),
  ),
);

/** group -> the variants a name states in it */
function variantsOf(words: readonly string[]): Map<string, Set<string>> {
  const result = new Map<string, Set<string>>();
  for (const word of words) {
    const found = VARIANT_OF.get(word);
    if (!found) continue;
    const [group, variant] = found;
    if (!result.has(group)) result.set(group, new Set());
    result.get(group)!.add(variant);
  }
  return result;
}

/**
 * Both names state a variant of the same kind (colour, edition, licence, platform) and share
 * none: the same product line in another variant.
 */
function variantsConflict(left: readonly string[], right: readonly string[]): boolean {
  const a = variantsOf(left);
  const b = variantsOf(right);
  for (const [group, values] of a) {
    const other = b.get(group);
    if (other && ![...values].some((v) => other.has(v))) return true;
  }
  return false;
}

/** How many kinds of variant (colour, edition, licence, platform) one name states and the other does not. */
function variantKindsOnlyIn(stating: readonly string[], other: readonly string[]): number {
  const b = variantsOf(other);
  let count = 0;
  for (const group of variantsOf(stating).keys()) if (!b.has(group)) count++;
  return count;
}

/** Trigrams of a product's normalized name, computed once per product. */
const gramCache = new WeakMap<PreparedProduct, string[]>();
export function gramsOf(product: PreparedProduct): string[] {
  let grams = gramCache.get(product);
  if (!grams) {
    grams = [...trigrams(product.normalizedName)];
    gramCache.set(product, grams);
  }
  return grams;
}

/** A product's terms with their squared idf, and their sum (computed once per product and statistics). */
interface WeightedTerms {
  weights: Map<string, number>;
  norm: number;
}

const weightedCache = new WeakMap<PreparedProduct, Map<WordStatistics, WeightedTerms>>();

function termWeights(terms: readonly string[], statistics: WordStatistics): WeightedTerms {
  const weights = new Map<string, number>();
  let norm = 0;
  for (const term of terms) {
    if (weights.has(term)) continue;
    const weight = statistics.squaredIdfOf(term);
    weights.set(term, weight);
    norm += weight;
  }
  return { weights, norm };
}

function weightedTerms(product: PreparedProduct, terms: readonly string[], statistics: WordStatistics): WeightedTerms {
  let byStatistics = weightedCache.get(product);
  if (!byStatistics) weightedCache.set(product, (byStatistics = new Map()));
  let weighted = byStatistics.get(statistics);
  if (!weighted) {
    weighted = termWeights(terms, statistics);
    byStatistics.set(statistics, weighted);
  }
  return weighted;
}

/**
 * Two adjacent words of one name written as one word in the other ('print shop' / 'printshop',
 * 'zone alarm' / 'zonealarm', 'cs 2' / 'cs2'): the name with the two words is rewritten with the
 * one, so the word signals count it as shared. Not when the other name also has both words apart.
 * Null when neither name has such a pair (the common case: the cached weights serve).
 */
export function joinCompounds(
  left: readonly string[],
  right: readonly string[],
): { left: readonly string[]; right: readonly string[] } | null {
  const rewrite = (words: readonly string[], other: ReadonlySet<string>, own: ReadonlySet<string>): string[] | null => {
    let result: string[] | null = null;
    for (let i = 0; i + 1 < words.length; i++) {
      const compound = words[i]! + words[i + 1]!;
      if (!other.has(compound) || own.has(compound)) continue;
      if (other.has(words[i]!) && other.has(words[i + 1]!)) continue;
      result ??= [...words];
      result.splice(i - (words.length - result.length), 2, compound);
      i++;
    }
    return result;
  };
  const leftSet = new Set(left);
  const rightSet = new Set(right);
  const joinedRight = rewrite(right, leftSet, rightSet);
  const joinedLeft = rewrite(left, rightSet, leftSet);
  if (!joinedRight && !joinedLeft) return null;
  return { left: joinedLeft ?? left, right: joinedRight ?? right };
}

/** weightedSimilarity (similarity.ts) on cached term weights: cosine and containment. */
function cachedSimilarity(a: WeightedTerms, b: WeightedTerms): { similarity: number; containment: number } {
  if (a.norm === 0 || b.norm === 0) return { similarity: 0, containment: 0 };
  const [small, large] = a.weights.size <= b.weights.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, weight] of small.weights) if (large.weights.has(term)) dot += weight;
  return { similarity: dot / Math.sqrt(a.norm * b.norm), containment: dot / Math.min(a.norm, b.norm) };
}

/** The pair's own signals (the list signals are filled by withListFeatures). */
export function pairFeatures(
  left: PreparedProduct,
  right: PreparedProduct,
  evidence: MatchEvidence,
  statistics: FeatureStatistics,
): FeatureVector {
  const strengths = { exact: 0, partial: 0, similar: 0 };
  for (const related of evidence.relatedModelNumbers) {
    strengths[related.relation] = Math.max(strengths[related.relation], modelNumberStrength(related, statistics.codes));
  }
  const strength = Math.max(strengths.exact, strengths.partial, strengths.similar);
  const exactInNames = evidence.relatedModelNumbers.some(
    (r) => r.relation === 'exact' && r.leftIn === 'name' && r.rightIn === 'name' && r.left.length >= 4,
  );
  const joined = joinCompounds(left.words, right.words);
  const words = joined
    ? cachedSimilarity(termWeights(joined.left, statistics.words), termWeights(joined.right, statistics.words))
    : cachedSimilarity(
        weightedTerms(left, left.words, statistics.words),
        weightedTerms(right, right.words, statistics.words),
      );
  const grams = cachedSimilarity(
    weightedTerms(left, gramsOf(left), statistics.grams),
    weightedTerms(right, gramsOf(right), statistics.grams),
  );
  const size = sizes(left.words, right.words);
  const priced = left.price !== null && right.price !== null && left.price > 0 && right.price > 0;
  return {
    gtinEqual: evidence.matchedIdentifiers.includes('gtin') ? 1 : 0,
    gtinDiffers: evidence.gtinDiffers ? 1 : 0,
    mpnEqual: evidence.matchedIdentifiers.includes('mpn') ? 1 : 0,
    modelNumber: strength,
    modelNumberExact: strengths.exact,
    modelNumberPartial: strengths.partial,
    modelNumberSimilar: strengths.similar,
    modelNumberExactInNames: exactInNames ? 1 : 0,
    modelNumbersConflict: evidence.modelNumbersConflict ? 1 : 0,
    brandEqual: evidence.brandEqual === true ? 1 : 0,
    brandDiffers: evidence.brandEqual === false ? 1 : 0,
    nameSimilarity: evidence.nameSimilarity,
    wordCosine: words.similarity,
    gramCosine: grams.similarity,
    wordContainment: words.containment,
    sizeEqual: size.equal ? 1 : 0,
    sizeConflict: size.conflict ? 1 : 0,
    sizeInModelNumber:
      sizeInModelNumber(left.words, right.nameCodes) || sizeInModelNumber(right.words, left.nameCodes) ? 1 : 0,
    numberConflict: numbersConflict(left.words, right.words) ? 1 : 0,
    variantConflict: variantsConflict(left.words, right.words) ? 1 : 0,
    variantOnlyOurs: variantKindsOnlyIn(left.words, right.words),
    variantOnlyTheirs: variantKindsOnlyIn(right.words, left.words),
    priceLogRatio: priced ? Math.min(3, Math.abs(Math.log(left.price! / right.price!))) : 0,
    priceMissing: priced ? 0 : 1,
    wordCosineGap: 0,
    gramCosineGap: 0,
    modelNumberGap: 0,
    bestInList: 0,
  };
}

/**
 * Fills the list signals of one product's candidates: how far each is behind the best word
 * cosine, trigram cosine and model number among them, and whether it is (or ties with) the best
 * by the sum of the cosines.
 */
export function withListFeatures(list: FeatureVector[]): FeatureVector[] {
  if (list.length === 0) return list;
  const bestWord = Math.max(...list.map((f) => f.wordCosine));
  const bestGram = Math.max(...list.map((f) => f.gramCosine));
  const bestCode = Math.max(...list.map((f) => f.modelNumber));
  const combined = list.map((f) => f.wordCosine + f.gramCosine);
  const best = Math.max(...combined);
  return list.map((f, i) => ({
    ...f,
    wordCosineGap: bestWord - f.wordCosine,
    gramCosineGap: bestGram - f.gramCosine,
    modelNumberGap: bestCode - f.modelNumber,
    bestInList: combined[i]! >= best - 1e-9 ? 1 : 0,
  }));
}

export function featureArray(vector: FeatureVector): number[] {
  return FEATURE_NAMES.map((name) => vector[name]);
}
