/**
 * Name similarity: pg_trgm's trigram similarity (what the KNN index orders by) and a cosine over
 * words weighted by how rare each word is in the competitor's catalogue (inverse document frequency).
 */

/** pg_trgm's trigrams of a normalized text: each word padded with two spaces before, one after. */
export function trigrams(normalized: string): Set<string> {
  const result = new Set<string>();
  for (const word of normalized.split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) result.add(padded.slice(i, i + 3));
  }
  return result;
}

/** Recently computed trigram sets (a product's name is compared with many others). */
const recentTrigrams = new Map<string, Set<string>>();
const RECENT_TRIGRAMS = 20_000;

function cachedTrigrams(text: string): Set<string> {
  let grams = recentTrigrams.get(text);
  if (!grams) {
    if (recentTrigrams.size >= RECENT_TRIGRAMS) recentTrigrams.clear();
    grams = trigrams(text);
    recentTrigrams.set(text, grams);
  }
  return grams;
}

/** Shared trigrams over all distinct trigrams (pg_trgm `similarity`), 0..1. */
export function trigramSimilarity(a: string, b: string): number {
  const ta = cachedTrigrams(a);
  const tb = cachedTrigrams(b);
  if (ta.size === 0 || tb.size === 0) return 0;
  let shared = 0;
  for (const gram of ta) if (tb.has(gram)) shared++;
  return shared / (ta.size + tb.size - shared);
}

/** Document frequencies of words in a catalogue, for inverse document frequency weights. */
export class WordStatistics {
  private readonly frequencies = new Map<string, number>();
  private documents = 0;
  /** every word's count has been set: a word without one is carried by no document */
  private complete = false;
  /** squared idf by word, valid until the counts change */
  private readonly squaredIdf = new Map<string, number>();

  /**
   * Statistics counted elsewhere (stored per competitor): the documents in all; words come with
   * setDocumentFrequency, all of them at once when `complete`.
   */
  static counted(documents: number, options: { complete?: boolean } = {}): WordStatistics {
    const statistics = new WordStatistics();
    statistics.documents = documents;
    statistics.complete = options.complete ?? false;
    return statistics;
  }

  /** How many documents carry the word, counted elsewhere. */
  setDocumentFrequency(word: string, documents: number): void {
    this.frequencies.set(word, documents);
    this.squaredIdf.delete(word);
  }

  /** Whether the word's count is known (counted here, or set, or all were set). */
  knows(word: string): boolean {
    return this.complete || this.frequencies.has(word);
  }

  addDocument(documentWords: Iterable<string>): void {
    this.documents++;
    this.squaredIdf.clear();
    for (const word of new Set(documentWords)) this.frequencies.set(word, (this.frequencies.get(word) ?? 0) + 1);
  }

  documentFrequency(word: string): number {
    return this.frequencies.get(word) ?? 0;
  }

  /** Smoothed inverse document frequency; a word never seen weighs most. */
  idf(word: string): number {
    return Math.log((this.documents + 1) / (this.documentFrequency(word) + 1)) + 1;
  }

  /** idf squared, remembered (the weight of a term in a cosine). */
  squaredIdfOf(word: string): number {
    let value = this.squaredIdf.get(word);
    if (value === undefined) {
      value = this.idf(word) ** 2;
      this.squaredIdf.set(word, value);
    }
    return value;
  }
}

/**
 * Cosine of two term sets, each term weighted by its idf (a TF-IDF cosine with binary term
 * frequencies), the shared terms, and the containment: the shared weight over the smaller side's.
 */
export function weightedSimilarity(
  a: readonly string[],
  b: readonly string[],
  statistics: WordStatistics,
): { similarity: number; containment: number; shared: string[] } {
  const setA = new Set(a);
  const setB = new Set(b);
  let normA = 0;
  let normB = 0;
  let dot = 0;
  const shared: string[] = [];
  for (const word of setA) {
    const weight = statistics.squaredIdfOf(word);
    normA += weight;
    if (setB.has(word)) {
      dot += weight;
      shared.push(word);
    }
  }
  for (const word of setB) normB += statistics.squaredIdfOf(word);
  const similarity = normA > 0 && normB > 0 ? dot / Math.sqrt(normA * normB) : 0;
  const containment = normA > 0 && normB > 0 ? dot / Math.min(normA, normB) : 0;
  return { similarity, containment, shared };
}

/** Cosine of the two word sets, each word weighted by its idf; also returns the shared words. */
export function weightedWordSimilarity(
  a: readonly string[],
  b: readonly string[],
  statistics: WordStatistics,
): { similarity: number; shared: string[] } {
  const { similarity, shared } = weightedSimilarity(a, b, statistics);
  return { similarity, shared };
}
