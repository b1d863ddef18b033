/**
 * The plain baseline the learned score must beat: TF-IDF of names, the mean of the word cosine and
 * the character-trigram cosine (IDF over both catalogues), every competitor product ranked.
 */
import { normalizeText, words } from './normalize.ts';
import type { ProductInput } from './product.ts';
import { trigrams } from './similarity.ts';
import type { ScoredPair } from './threshold.ts';

type Vector = Map<string, number>;

function termCounts(terms: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/** TF-IDF vectors (smoothed idf, L2-normalized) of the documents' terms. */
function vectors(documents: string[][]): Vector[] {
  const frequency = new Map<string, number>();
  for (const terms of documents) for (const term of new Set(terms)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const n = documents.length;
  return documents.map((terms) => {
    const vector: Vector = new Map();
    let norm = 0;
    for (const [term, count] of termCounts(terms)) {
      const weight = count * (Math.log((n + 1) / (frequency.get(term)! + 1)) + 1);
      vector.set(term, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (const [term, weight] of vector) vector.set(term, weight / norm);
    return vector;
  });
}

/** cosine of each left vector with every right one (dense per left row), through an inverted index of the right side */
function cosines(left: Vector[], right: Vector[]): Float64Array[] {
  const postings = new Map<string, { ids: number[]; weights: number[] }>();
  right.forEach((vector, j) => {
    for (const [term, weight] of vector) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = { ids: [], weights: [] }));
      list.ids.push(j);
      list.weights.push(weight);
    }
  });
  return left.map((vector) => {
    const dots = new Float64Array(right.length);
    for (const [term, weight] of vector) {
      const list = postings.get(term);
      if (!list) continue;
      for (let k = 0; k < list.ids.length; k++) dots[list.ids[k]!]! += weight * list.weights[k]!;
    }
    return dots;
  });
}

/** The top `top` competitor products of each left product by TF-IDF of names, best first. */
export function tfidfBaseline(left: ProductInput[], right: ProductInput[], top: number): ScoredPair[][] {
  const normalized = [...left, ...right].map((p) => normalizeText(p.name));
  const wordVectors = vectors(normalized.map(words));
  const gramVectors = vectors(normalized.map((name) => [...trigrams(name)]));
  const wordCos = cosines(wordVectors.slice(0, left.length), wordVectors.slice(left.length));
  const gramCos = cosines(gramVectors.slice(0, left.length), gramVectors.slice(left.length));
  return left.map((product, i) => {
    const word = wordCos[i]!;
    const gram = gramCos[i]!;
    const scored: [number, number][] = [];
    for (let j = 0; j < right.length; j++) {
      const score = (word[j]! + gram[j]!) / 2;
      if (score > 0) scored.push([j, score]);
    }
    return scored
      .sort((a, b) => b[1] - a[1] || right[a[0]]!.id.localeCompare(right[b[0]]!.id))
      .slice(0, top)
      .map(([j, score]) => ({ leftId: product.id, rightId: right[j]!.id, score }));
  });
}
