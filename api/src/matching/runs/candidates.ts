/**
 * Candidates on the real tables: for a batch of our products, one statement per competitor
 * proposes competitor products by the engine's four searches (identical GTIN; model numbers,
 * identical or a prefix/suffix variant, through B-trees on the code and the reversed code; the
 * trigram nearest neighbours of the normalized name within the brand; and across brands when
 * the brand is unknown or has fewer products than wanted at that competitor), with what the
 * score needs and the pair's current status. Identifiers first: when the competitor lists the
 * same GTIN, or the same model number under the same brand, the name searches (90% of the
 * statement's time at 250,000 products per competitor) are left out. Then each product's candidates
 * are scored together with the engine's evidence (score.ts) and the learned model (model.ts, the
 * shipped default-model.json unless given), using the competitor's stored term counts. Pairs
 * marked NEVER_MATCH are dropped, and with them the competitor's other listings of the same
 * record (neverMatchedRecords, one statement per batch).
 */
import type { Pool } from 'pg';
import { inTransaction } from '../../db/transaction.ts';
import { DEFAULT_MODEL } from '../default-model.ts';
import { gramsOf, pairFeatures, type FeatureName, type FeatureStatistics, type FeatureVector } from '../features.ts';
import { scoreList, type MatchingModel } from '../model.ts';
import { recordKey, type PreparedProduct } from '../product.ts';
import { relateModelNumbers } from '../model-numbers.ts';
import { collectEvidence, locatedCodes, type MatchEvidence } from '../score.ts';
import { WordStatistics } from '../similarity.ts';
import type { Db } from './keys.ts';

export interface SearchLimits {
  /** nearest neighbours by name within the brand */
  nameLimit: number;
  /** nearest neighbours by name across brands (when the brand is unknown or has fewer than nameLimit products there) */
  wideLimit: number;
  /** candidates per model number */
  codeLimit: number;
}

/** One of our products, prepared from its stored keys. */
export interface QueryProduct extends PreparedProduct {
  codeVariants: string[];
}

export interface ScoredCandidate {
  competitorProductId: string;
  score: number;
  evidence: MatchEvidence;
  /** which searches proposed it: gtin, code, brand_name, name */
  sources: string[];
  /** the pair's status when the search ran, null when there is no pair yet */
  status: string | null;
  /** the version of the model that scored it */
  modelVersion: string;
  /** each signal's share of the score's log-odds (model.ts) */
  contributions: Partial<Record<FeatureName, number>>;
  /** the pair's signals (features.ts, before the list's), kept so decisions can retrain the model (../retrain.ts) */
  signals: FeatureVector;
  /**
   * The competitor product's content, every field a run reads of it (name, brand key, price, GTIN,
   * MPN; ../product.ts recordKey): equal for the same record listed twice, which nothing tells
   * apart (../threshold.ts `ScoredPair.record`).
   */
  record: string;
}

interface KeyRow {
  product_id: string;
  name: string;
  price: number | null;
  normalized_name: string;
  brand_key: string | null;
  gtin: string | null;
  mpn: string | null;
  name_codes: string[];
  code_variants: string[];
}

const toPrepared = (row: Omit<KeyRow, 'product_id' | 'code_variants'> & { id: string }): PreparedProduct => ({
  id: row.id,
  name: row.name,
  normalizedName: row.normalized_name,
  words: row.normalized_name.split(' ').filter(Boolean),
  brand: row.brand_key,
  gtin: row.gtin,
  mpn: row.mpn,
  price: row.price,
  nameCodes: row.name_codes,
  descriptionCodes: [],
});

/** Our active products with their keys, in the order asked (products without keys are left out). */
export async function loadQueryProducts(db: Db, productIds: string[]): Promise<QueryProduct[]> {
  const { rows } = await db.query<KeyRow>(
    `SELECT k.product_id, p.name, p.price::float8 AS price, k.normalized_name, k.brand_key, k.gtin, k.mpn, k.name_codes, k.code_variants
       FROM product_matching_keys k JOIN products p ON p.id = k.product_id
      WHERE k.product_id = ANY($1::uuid[]) AND p.active`,
    [productIds],
  );
  const byId = new Map(
    rows.map((row) => [
      row.product_id,
      { ...toPrepared({ ...row, id: row.product_id }), codeVariants: row.code_variants },
    ]),
  );
  return productIds.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A competitor's word, model-number and name-trigram counts (competitor_matching_terms). The
 * trigrams are read whole when loaded (a few tens of thousands at most: three letters or digits),
 * since every candidate's name needs all of its own; words and model numbers as needed.
 */
export class CompetitorStatistics implements FeatureStatistics {
  private constructor(
    readonly competitorId: string,
    readonly words: WordStatistics,
    readonly codes: WordStatistics,
    readonly grams: WordStatistics,
  ) {}

  static async load(db: Db, competitorId: string): Promise<CompetitorStatistics> {
    const { rows } = await db.query<{ documents: number }>(
      'SELECT documents FROM competitor_matching_statistics WHERE competitor_id = $1',
      [competitorId],
    );
    const documents = rows[0]?.documents ?? 0;
    const grams = WordStatistics.counted(documents, { complete: true });
    const counted = await db.query<{ term: string; documents: number }>(
      "SELECT term, documents FROM competitor_matching_terms WHERE competitor_id = $1 AND kind = 'gram'",
      [competitorId],
    );
    for (const row of counted.rows) grams.setDocumentFrequency(row.term, row.documents);
    return new CompetitorStatistics(
      competitorId,
      WordStatistics.counted(documents),
      WordStatistics.counted(documents),
      grams,
    );
  }

  /** Reads the counts of the terms not read yet (a term no product carries counts 0). */
  async ensure(db: Db, words: Iterable<string>, codes: Iterable<string>, grams: Iterable<string> = []): Promise<void> {
    const missingWords = [...new Set(words)].filter((w) => !this.words.knows(w));
    const missingCodes = [...new Set(codes)].filter((c) => !this.codes.knows(c));
    const missingGrams = [...new Set(grams)].filter((g) => !this.grams.knows(g));
    if (!missingWords.length && !missingCodes.length && !missingGrams.length) return;
    const { rows } = await db.query<{ kind: string; term: string; documents: number }>(
      `SELECT t.kind, t.term, t.documents FROM unnest($2::text[]) AS w(term)
         CROSS JOIN LATERAL (SELECT kind, term, documents FROM competitor_matching_terms t
                              WHERE t.competitor_id = $1 AND t.kind = 'word' AND t.term = w.term LIMIT 1) t
       UNION ALL
       SELECT t.kind, t.term, t.documents FROM unnest($3::text[]) AS c(term)
         CROSS JOIN LATERAL (SELECT kind, term, documents FROM competitor_matching_terms t
                              WHERE t.competitor_id = $1 AND t.kind = 'code' AND t.term = c.term LIMIT 1) t
       UNION ALL
       SELECT t.kind, t.term, t.documents FROM unnest($4::text[]) AS g(term)
         CROSS JOIN LATERAL (SELECT kind, term, documents FROM competitor_matching_terms t
                              WHERE t.competitor_id = $1 AND t.kind = 'gram' AND t.term = g.term LIMIT 1) t`,
      [this.competitorId, missingWords, missingCodes, missingGrams],
    );
    for (const w of missingWords) this.words.setDocumentFrequency(w, 0);
    for (const c of missingCodes) this.codes.setDocumentFrequency(c, 0);
    for (const g of missingGrams) this.grams.setDocumentFrequency(g, 0);
    const byKind: Record<string, WordStatistics> = { word: this.words, code: this.codes, gram: this.grams };
    for (const row of rows) byKind[row.kind]?.setDocumentFrequency(row.term, row.documents);
  }
}

/** The candidate statement ($1 the batch as JSON, $2 the competitor, $3 name, $4 code, $5 cross-brand limits, $6 the batch's size). */
export const CANDIDATE_SQL = `
WITH input AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb)
    AS q(i int, product_id uuid, name text, brand text, gtin text, codes text[], variants text[], wide boolean)
  -- the batch's size ($6), so that the planner expects as many rows as there are (not 100)
  LIMIT $6
),
-- Identified: the competitor lists the same GTIN, or the same model number under the same brand.
-- Then the identifiers have found it, and the costly name search is left out.
q AS (
  SELECT q.*,
         (q.gtin IS NOT NULL AND EXISTS (SELECT 1 FROM competitor_product_matching_keys k WHERE k.competitor_id = $2 AND k.gtin = q.gtin))
         OR EXISTS (SELECT 1 FROM unnest(q.codes) AS qc(code)
                     WHERE EXISTS (SELECT 1 FROM competitor_product_matching_codes c
                                     JOIN competitor_product_matching_keys k ON k.competitor_product_id = c.competitor_product_id
                                    WHERE c.competitor_id = $2 AND c.code = qc.code
                                      AND (q.brand IS NULL OR k.brand_key IS NULL OR k.brand_key = q.brand))) AS identified
    FROM input q
),
found AS (
  SELECT q.i, f.id, array_agg(DISTINCT f.source) AS sources
  FROM q CROSS JOIN LATERAL (
    SELECT k.competitor_product_id AS id, 'gtin' AS source FROM competitor_product_matching_keys k
     WHERE q.gtin IS NOT NULL AND k.competitor_id = $2 AND k.gtin = q.gtin
    UNION ALL
    SELECT c.competitor_product_id, 'code' FROM unnest(q.codes) AS qc(code)
      CROSS JOIN LATERAL (SELECT c.competitor_product_id FROM competitor_product_matching_codes c
                           WHERE c.competitor_id = $2 AND c.code >= qc.code AND c.code < qc.code || '~' LIMIT $4) c
    UNION ALL
    SELECT c.competitor_product_id, 'code' FROM unnest(q.codes) AS qc(code)
      CROSS JOIN LATERAL (SELECT c.competitor_product_id FROM competitor_product_matching_codes c
                           WHERE c.competitor_id = $2 AND c.reversed_code >= reverse(qc.code) AND c.reversed_code < reverse(qc.code) || '~' LIMIT $4) c
    UNION ALL
    SELECT c.competitor_product_id, 'code' FROM unnest(q.variants) AS qv(code)
      CROSS JOIN LATERAL (SELECT c.competitor_product_id FROM competitor_product_matching_codes c
                           WHERE c.competitor_id = $2 AND c.code = qv.code LIMIT $4) c
    UNION ALL
    (SELECT k.competitor_product_id, 'brand_name' FROM competitor_product_matching_keys k
      WHERE NOT q.identified AND q.brand IS NOT NULL AND k.competitor_id = $2 AND k.brand_key = q.brand
      ORDER BY k.normalized_name <-> q.name LIMIT $3)
    UNION ALL
    (SELECT k.competitor_product_id, 'name' FROM competitor_product_matching_keys k
      WHERE NOT q.identified AND q.wide AND k.competitor_id = $2
      ORDER BY k.normalized_name <-> q.name LIMIT $5)
  ) f
  GROUP BY q.i, f.id
)
-- Row by row through the primary keys (LATERAL): a batch reads a few thousand rows of tables
-- that may hold millions, which a hash join would scan whole.
SELECT found.i, found.id, found.sources, k.normalized_name, k.brand_key, k.gtin, k.mpn, k.name_codes,
       k.name, k.price, pm.status
  FROM found
  JOIN q ON q.i = found.i
  CROSS JOIN LATERAL (
    SELECT k.normalized_name, k.brand_key, k.gtin, k.mpn, k.name_codes, cp.name, cp.price::float8 AS price
      FROM competitor_product_matching_keys k JOIN competitor_products cp ON cp.id = k.competitor_product_id
     WHERE k.competitor_product_id = found.id LIMIT 1
  ) k
  LEFT JOIN LATERAL (
    SELECT pm.status FROM product_matches pm WHERE pm.product_id = q.product_id AND pm.competitor_product_id = found.id LIMIT 1
  ) pm ON true`;

export interface FoundRow {
  i: number;
  id: string;
  sources: string[];
  normalized_name: string;
  brand_key: string | null;
  gtin: string | null;
  mpn: string | null;
  name_codes: string[];
  name: string;
  price: number | null;
  status: string | null;
}

/**
 * Batches of at most this many products are planned below PostgreSQL's default JIT threshold
 * (jit_above_cost 100,000; the statement's estimate is ~1,000 for one product, ~29,000 for 20,
 * ~347,000 for 200 at 100,000 competitor products), so they need no transaction to turn it off.
 */
const PLANNED_WITHOUT_JIT = 20;

/**
 * Runs the candidate statement of `products` with PostgreSQL's JIT compilation off: for a large
 * batch the planner's estimate is far above the JIT threshold, and compiling costs ~35 ms per
 * statement, more than a batch's index searches. On a pool: its own transaction (SET LOCAL),
 * three more round trips, which a small batch (one product's candidates) does without.
 */
async function withoutJit<T>(db: Db, products: number, work: (client: Db) => Promise<T>): Promise<T> {
  if (products <= PLANNED_WITHOUT_JIT || !('connect' in db) || typeof db.connect !== 'function') return work(db);
  return inTransaction(db as Pool, async (client) => {
    await client.query('SET LOCAL jit = off');
    return work(client);
  });
}

/** How many products of each brand the competitor has (brand keys; the search across brands needs it). */
export async function brandSizes(db: Db, competitorId: string): Promise<Map<string | null, number>> {
  const { rows } = await db.query<{ brand_key: string | null; n: number }>(
    'SELECT brand_key, count(*)::int AS n FROM competitor_product_matching_keys WHERE competitor_id = $1 GROUP BY brand_key',
    [competitorId],
  );
  return new Map(rows.map((r) => [r.brand_key, r.n]));
}

/**
 * The candidate statement for a batch of our products at one competitor: the found competitor
 * products (several rows per product), with what the score needs and the pair's status.
 */
export async function searchCandidates(
  db: Db,
  competitorId: string,
  products: QueryProduct[],
  brands: Map<string | null, number>,
  limits: SearchLimits,
): Promise<FoundRow[]> {
  if (!products.length) return [];
  const query = products.map((p, i) => ({
    i,
    product_id: p.id,
    name: p.normalizedName,
    brand: p.brand,
    gtin: p.gtin,
    codes: p.nameCodes,
    variants: p.codeVariants,
    wide: !p.brand || (brands.get(p.brand) ?? 0) < limits.nameLimit,
  }));
  const { rows } = await withoutJit(db, products.length, (client) =>
    client.query<FoundRow>(CANDIDATE_SQL, [
      JSON.stringify(query),
      competitorId,
      limits.nameLimit,
      limits.codeLimit,
      limits.wideLimit,
      products.length,
    ]),
  );
  return rows;
}

/** Reads the term counts that scoring the found rows needs and the statistics do not hold yet. */
export async function readTermCounts(
  db: Db,
  products: QueryProduct[],
  rows: FoundRow[],
  statistics: CompetitorStatistics,
): Promise<void> {
  const words: string[] = [];
  const codes: string[] = [];
  const grams: string[] = [];
  for (const p of products) {
    words.push(...p.words);
    grams.push(...gramsOf(p));
  }
  for (const row of rows) {
    const right = rightOf(row);
    words.push(...right.words);
    grams.push(...gramsOf(right));
    // A model number's count weighs it only where it relates to one of the product's (score.ts),
    // also where the competitor writes it as two words ('8400 gs', model-numbers.ts).
    const own = products[row.i]!;
    const related = relateModelNumbers(
      { codes: locatedCodes(own), words: own.words },
      { codes: locatedCodes(right), words: right.words },
    );
    codes.push(...related.map((r) => r.right));
  }
  await statistics.ensure(db, words, codes, grams);
}

/** A found row as the score reads a competitor product (one object per row, so per-product caches hold). */
const rights = new WeakMap<FoundRow, PreparedProduct>();
function rightOf(row: FoundRow): PreparedProduct {
  let right = rights.get(row);
  if (!right) {
    right = toPrepared({ ...row, id: row.id });
    rights.set(row, right);
  }
  return right;
}

/** What a run reads of a competitor product: its name and price, and the brand key, GTIN and MPN of its keys. */
type RecordFields = Pick<FoundRow, 'id' | 'name' | 'brand_key' | 'price' | 'gtin' | 'mpn'>;

/** A competitor product's record key: what the run reads of it (no description). */
const recordOf = (row: RecordFields) =>
  recordKey({ id: row.id, name: row.name, brand: row.brand_key, price: row.price, gtin: row.gtin, mpn: row.mpn });

/**
 * Per product (of the given ones), the records of the competitor products a reviewer marked
 * NEVER_MATCH with it at the competitor, read as the candidate statement reads them (so that a
 * copy's `record` equals them): one statement for the batch (index on product, competitor, status).
 */
export async function neverMatchedRecords(
  db: Db,
  competitorId: string,
  productIds: string[],
): Promise<Map<string, Set<string>>> {
  const result = new Map<string, Set<string>>();
  if (!productIds.length) return result;
  const { rows } = await db.query<RecordFields & { product_id: string }>(
    `SELECT pm.product_id, cp.id, cp.name, cp.price::float8 AS price, k.brand_key, k.gtin, k.mpn
       FROM product_matches pm
       JOIN competitor_products cp ON cp.id = pm.competitor_product_id
       JOIN competitor_product_matching_keys k ON k.competitor_product_id = pm.competitor_product_id
      WHERE pm.product_id = ANY($1::uuid[]) AND pm.competitor_id = $2 AND pm.status = 'NEVER_MATCH'`,
    [productIds, competitorId],
  );
  for (const row of rows) {
    const records = result.get(row.product_id) ?? new Set<string>();
    records.add(recordOf(row));
    result.set(row.product_id, records);
  }
  return result;
}

/** Each row's own signals against its product (`products[row.i]`) under the current rules; the term counts must be read. */
export function pairSignals(
  products: QueryProduct[],
  rows: FoundRow[],
  statistics: CompetitorStatistics,
): FeatureVector[] {
  return rows.map((row) => {
    const left = products[row.i]!;
    const right = rightOf(row);
    return pairFeatures(left, right, collectEvidence(left, right, statistics), statistics);
  });
}

/**
 * Scores the found rows of each product together (the learned score compares them, model.ts),
 * best first. Pairs marked NEVER_MATCH are dropped: never proposed; and so are the copies of
 * their competitor products, the competitor's other listings of the same record (`never`, per
 * product the records of its NEVER_MATCH pairs, neverMatchedRecords): a reviewer's "never"
 * holds for the record, not for one of its listings. The term counts must be read.
 */
export function scoreFound(
  products: QueryProduct[],
  rows: FoundRow[],
  statistics: CompetitorStatistics,
  model: MatchingModel = DEFAULT_MODEL,
  never: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
): Map<string, ScoredCandidate[]> {
  const result = new Map<string, ScoredCandidate[]>();
  const byProduct = new Map<number, FoundRow[]>();
  for (const row of rows) {
    if (row.status === 'NEVER_MATCH') continue;
    const refused = never.get(products[row.i]!.id);
    if (refused?.has(recordOf(row))) continue;
    const list = byProduct.get(row.i) ?? [];
    list.push(row);
    byProduct.set(row.i, list);
  }
  for (const [i, found] of byProduct) {
    const left = products[i]!;
    const evidence = found.map((row) => collectEvidence(left, rightOf(row), statistics));
    const signals = found.map((row, k) => pairFeatures(left, rightOf(row), evidence[k]!, statistics));
    const scores = scoreList(model, signals);
    const list = found.map((row, k) => ({
      competitorProductId: row.id,
      score: scores[k]!.score,
      evidence: evidence[k]!,
      sources: row.sources,
      status: row.status,
      modelVersion: model.version,
      contributions: scores[k]!.contributions,
      signals: signals[k]!,
      record: recordOf(row),
    }));
    list.sort((a, b) => b.score - a.score || a.competitorProductId.localeCompare(b.competitorProductId));
    result.set(left.id, list);
  }
  return result;
}

/**
 * The scored candidates of each product at one competitor, best first (all that the searches
 * found; the caller keeps the top ones). Pairs marked NEVER_MATCH are dropped: never proposed;
 * so are the other listings of their records (scoreFound).
 */
export async function scoreCandidates(
  db: Db,
  competitorId: string,
  products: QueryProduct[],
  statistics: CompetitorStatistics,
  brands: Map<string | null, number>,
  limits: SearchLimits,
  model: MatchingModel = DEFAULT_MODEL,
): Promise<Map<string, ScoredCandidate[]>> {
  const rows = await searchCandidates(db, competitorId, products, brands, limits);
  const never = await neverMatchedRecords(
    db,
    competitorId,
    products.map((p) => p.id),
  );
  await readTermCounts(db, products, rows, statistics);
  return scoreFound(products, rows, statistics, model, never);
}
