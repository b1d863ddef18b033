/**
 * Matching keys on the real tables (migration 041): the normalized name, brand key, GTIN, MPN
 * and model numbers of every active product and competitor product, computed here with the
 * engine's own normalization (product.ts) and stored beside the rows with a fingerprint of the
 * fields they came from. A key row whose fingerprint no longer matches its source is stale;
 * each run refreshes the stale rows of its scope first, so an import writes nothing extra.
 *
 * Competitor products also feed the word, model-number and name-trigram counts the score weighs terms by
 * (competitor_matching_terms): recounted by full runs, adjusted by every refresh in between.
 */
import type { Pool, PoolClient } from 'pg';
import { BrandIndex } from '../brand.ts';
import { shorterVariants } from '../model-numbers.ts';
import { trigrams } from '../similarity.ts';
import { prepareProduct } from '../product.ts';

export type Db = Pick<Pool | PoolClient, 'query'>;

/**
 * The version of the keys' computation, as `matching_fingerprint` carries it (the latest migration
 * that defines it: 110); bumped with it, in one commit. The signals stored with a pair name it
 * (store.ts `signalsKeys`), so a full run knows which pairs' signals were computed under older
 * rules (labels.ts).
 */
export const KEYS_VERSION = 'keys 4';

/** Rows read, keyed and written per statement. */
export const KEY_CHUNK = 2_000;

/**
 * After this many rows keyed, the key tables are analyzed: the candidate query's plans depend on
 * their statistics, and PGlite has no autovacuum to refresh them.
 */
const ANALYZE_AFTER = 100;

export interface MatchingKeys {
  normalizedName: string;
  brandKey: string | null;
  gtin: string | null;
  mpn: string | null;
  nameCodes: string[];
  codeVariants: string[];
}

export interface SourceRow {
  id: string;
  name: string;
  brand: string | null;
  gtin: string | null;
  mpn: string | null;
}

/** The keys of one row, exactly as the engine prepares a product. */
export function computeKeys(row: SourceRow, brands: BrandIndex): MatchingKeys {
  const prepared = prepareProduct(row, brands);
  return {
    normalizedName: prepared.normalizedName,
    brandKey: prepared.brand,
    gtin: prepared.gtin,
    mpn: prepared.mpn,
    nameCodes: prepared.nameCodes,
    codeVariants: [...new Set(prepared.nameCodes.flatMap(shorterVariants))],
  };
}

/** The words of a normalized name, as the score counts them. */
export const wordsOf = (normalizedName: string) => [...new Set(normalizedName.split(' ').filter(Boolean))];

/**
 * Every brand the website's catalogue and its competitors' catalogues write, in name order (a
 * brand's alias goes to the first brand that claims it, so the order must not vary).
 */
export async function loadBrandIndex(db: Db, websiteId: string): Promise<BrandIndex> {
  const { rows } = await db.query<{ brand: string }>(
    `SELECT brand FROM products WHERE organization_website_id = $1 AND brand IS NOT NULL
     UNION
     SELECT cp.brand FROM competitors c JOIN competitor_products cp ON cp.competitor_id = c.id
      WHERE c.organization_website_id = $1 AND cp.brand IS NOT NULL
     ORDER BY 1`,
    [websiteId],
  );
  return new BrandIndex(rows.map((r) => r.brand));
}

/** A keys table's row (products' and competitor products' alike), as jsonb_to_recordset reads it. */
function keyColumns(row: { id: string; fingerprint: string }, keys: MatchingKeys) {
  return {
    id: row.id,
    fingerprint: row.fingerprint,
    normalized_name: keys.normalizedName,
    brand_key: keys.brandKey,
    gtin: keys.gtin,
    mpn: keys.mpn,
    name_codes: keys.nameCodes,
  };
}

const FINGERPRINT = (alias: string) =>
  `matching_fingerprint(${alias}.name, ${alias}.brand, ${alias}.gtin, ${alias}.mpn)`;

/** Ids of the website's active products whose keys are missing or stale (all of them with `force`). */
async function staleProductIds(db: Db, websiteId: string, force: boolean): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT p.id FROM products p LEFT JOIN product_matching_keys k ON k.product_id = p.id
      WHERE p.organization_website_id = $1 AND p.active
        AND ($2 OR k.product_id IS NULL OR k.fingerprint <> ${FINGERPRINT('p')})`,
    [websiteId, force],
  );
  return rows.map((r) => r.id);
}

/**
 * Computes the keys of the website's products that have none or stale ones. Returns the ids of
 * the products whose keys were (re)written: the products that changed for matching.
 */
export async function refreshProductKeys(
  db: Db,
  websiteId: string,
  brands: BrandIndex,
  options: { force?: boolean } = {},
): Promise<string[]> {
  const ids = await staleProductIds(db, websiteId, options.force ?? false);
  for (let start = 0; start < ids.length; start += KEY_CHUNK) {
    const chunk = ids.slice(start, start + KEY_CHUNK);
    const { rows } = await db.query<SourceRow & { fingerprint: string }>(
      `SELECT p.id, p.name, p.brand, p.gtin, p.mpn, ${FINGERPRINT('p')} AS fingerprint FROM products p WHERE p.id = ANY($1::uuid[])`,
      [chunk],
    );
    const input = rows.map((row) => {
      const keys = computeKeys(row, brands);
      return { ...keyColumns(row, keys), code_variants: keys.codeVariants };
    });
    await db.query(
      `WITH input AS (
         SELECT * FROM jsonb_to_recordset($2::jsonb)
           AS r(id uuid, fingerprint text, normalized_name text, brand_key text, gtin text, mpn text, name_codes text[], code_variants text[])
       ), keyed AS (
         INSERT INTO product_matching_keys AS k
                (product_id, organization_website_id, fingerprint, normalized_name, brand_key, gtin, mpn, name_codes, code_variants, updated_at)
         SELECT id, $1, fingerprint, normalized_name, brand_key, gtin, mpn, name_codes, code_variants, now() FROM input
         ON CONFLICT (product_id) DO UPDATE
            SET organization_website_id = EXCLUDED.organization_website_id, fingerprint = EXCLUDED.fingerprint,
                normalized_name = EXCLUDED.normalized_name, brand_key = EXCLUDED.brand_key, gtin = EXCLUDED.gtin, mpn = EXCLUDED.mpn,
                name_codes = EXCLUDED.name_codes, code_variants = EXCLUDED.code_variants, updated_at = now()
         RETURNING 1
       ), gone AS (
         DELETE FROM product_matching_codes c USING input i WHERE c.product_id = i.id RETURNING 1
       )
       INSERT INTO product_matching_codes (product_id, organization_website_id, code)
       SELECT DISTINCT i.id, $1::uuid, c.code FROM input i CROSS JOIN LATERAL unnest(i.name_codes) AS c(code)`,
      [websiteId, JSON.stringify(input)],
    );
  }
  if (ids.length >= ANALYZE_AFTER) await db.query('ANALYZE product_matching_keys, product_matching_codes');
  return ids;
}

export interface CompetitorRefresh {
  /** competitor products whose keys were (re)written */
  changed: string[];
}

/**
 * Computes the keys of the competitor's products that have none or stale ones; `seenSince`
 * narrows the search to the products an import just wrote. `countTerms` adjusts the term counts
 * by what changed (a full run recounts them instead, see recountTerms).
 */
export async function refreshCompetitorKeys(
  db: Db,
  competitorId: string,
  brands: BrandIndex,
  options: { force?: boolean; seenSince?: Date | null; countTerms?: boolean } = {},
): Promise<CompetitorRefresh> {
  const { rows: stale } = await db.query<{ id: string }>(
    `SELECT cp.id FROM competitor_products cp LEFT JOIN competitor_product_matching_keys k ON k.competitor_product_id = cp.id
      WHERE cp.competitor_id = $1 AND ($2::timestamptz IS NULL OR cp.seen_at >= $2)
        AND ($3 OR k.competitor_product_id IS NULL OR k.fingerprint <> ${FINGERPRINT('cp')})`,
    [competitorId, options.seenSince ?? null, options.force ?? false],
  );
  const ids = stale.map((r) => r.id);
  const delta = new Map<string, number>();
  let added = 0;
  const count = (kind: string, terms: Iterable<string>, by: number) => {
    for (const term of new Set(terms)) {
      const key = `${kind}\u0000${term}`;
      delta.set(key, (delta.get(key) ?? 0) + by);
    }
  };
  for (let start = 0; start < ids.length; start += KEY_CHUNK) {
    const chunk = ids.slice(start, start + KEY_CHUNK);
    const { rows } = await db.query<
      SourceRow & { fingerprint: string; old_name: string | null; old_codes: string[] | null }
    >(
      `SELECT cp.id, cp.name, cp.brand, cp.gtin, cp.mpn, ${FINGERPRINT('cp')} AS fingerprint,
              k.normalized_name AS old_name, k.name_codes AS old_codes
         FROM competitor_products cp LEFT JOIN competitor_product_matching_keys k ON k.competitor_product_id = cp.id
        WHERE cp.id = ANY($1::uuid[])`,
      [chunk],
    );
    const input = rows.map((row) => {
      const keys = computeKeys(row, brands);
      if (options.countTerms) {
        if (row.old_name === null) added++;
        else {
          count('word', wordsOf(row.old_name), -1);
          count('code', row.old_codes ?? [], -1);
          count('gram', trigrams(row.old_name), -1);
        }
        count('word', wordsOf(keys.normalizedName), 1);
        count('code', keys.nameCodes, 1);
        count('gram', trigrams(keys.normalizedName), 1);
      }
      return keyColumns(row, keys);
    });
    await db.query(
      `WITH input AS (
         SELECT * FROM jsonb_to_recordset($2::jsonb)
           AS r(id uuid, fingerprint text, normalized_name text, brand_key text, gtin text, mpn text, name_codes text[])
       ), keyed AS (
         INSERT INTO competitor_product_matching_keys AS k
                (competitor_product_id, competitor_id, fingerprint, normalized_name, brand_key, gtin, mpn, name_codes, updated_at)
         SELECT id, $1, fingerprint, normalized_name, brand_key, gtin, mpn, name_codes, now() FROM input
         ON CONFLICT (competitor_product_id) DO UPDATE
            SET competitor_id = EXCLUDED.competitor_id, fingerprint = EXCLUDED.fingerprint, normalized_name = EXCLUDED.normalized_name,
                brand_key = EXCLUDED.brand_key, gtin = EXCLUDED.gtin, mpn = EXCLUDED.mpn, name_codes = EXCLUDED.name_codes, updated_at = now()
         RETURNING 1
       ), gone AS (
         DELETE FROM competitor_product_matching_codes c USING input i WHERE c.competitor_product_id = i.id RETURNING 1
       )
       INSERT INTO competitor_product_matching_codes (competitor_product_id, competitor_id, code, reversed_code)
       SELECT DISTINCT i.id, $1::uuid, c.code, reverse(c.code) FROM input i CROSS JOIN LATERAL unnest(i.name_codes) AS c(code)`,
      [competitorId, JSON.stringify(input)],
    );
  }
  if (options.countTerms && (delta.size || added)) await applyTermDelta(db, competitorId, delta, added);
  if (ids.length >= ANALYZE_AFTER)
    await db.query('ANALYZE competitor_product_matching_keys, competitor_product_matching_codes');
  return { changed: ids };
}

async function applyTermDelta(db: Db, competitorId: string, delta: Map<string, number>, added: number): Promise<void> {
  const entries = [...delta].filter(([, by]) => by !== 0);
  const kinds = entries.map(([key]) => key.slice(0, key.indexOf('\u0000')));
  const terms = entries.map(([key]) => key.slice(key.indexOf('\u0000') + 1));
  const bys = entries.map(([, by]) => by);
  await db.query(
    `WITH d AS (SELECT * FROM unnest($2::text[], $3::text[], $4::int[]) AS d(kind, term, delta)),
     changed AS (
       UPDATE competitor_matching_terms t SET documents = greatest(0, t.documents + d.delta)
         FROM d WHERE t.competitor_id = $1 AND t.kind = d.kind AND t.term = d.term
       RETURNING t.kind, t.term
     ), counted AS (
       INSERT INTO competitor_matching_statistics AS s (competitor_id, documents) VALUES ($1, $5)
       ON CONFLICT (competitor_id) DO UPDATE SET documents = s.documents + EXCLUDED.documents
       RETURNING 1
     )
     INSERT INTO competitor_matching_terms AS t (competitor_id, kind, term, documents)
     SELECT $1, d.kind, d.term, d.delta FROM d
      WHERE d.delta > 0 AND NOT EXISTS (SELECT 1 FROM changed c WHERE c.kind = d.kind AND c.term = d.term)
     ON CONFLICT (competitor_id, kind, term) DO UPDATE SET documents = t.documents + EXCLUDED.documents`,
    [competitorId, kinds, terms, bys, added],
  );
}

/** Whether the competitor's term counts exist and count every keyed product (deleted products are not subtracted). */
export async function termsUpToDate(db: Db, competitorId: string): Promise<boolean> {
  const { rows } = await db.query<{ documents: number | null; keyed: number }>(
    `SELECT (SELECT documents FROM competitor_matching_statistics WHERE competitor_id = $1) AS documents,
            (SELECT count(*)::int FROM competitor_product_matching_keys WHERE competitor_id = $1) AS keyed`,
    [competitorId],
  );
  return rows[0]!.documents === rows[0]!.keyed;
}

/** Counts the competitor's words and model numbers again from its keys (full runs, when not up to date). */
export async function recountTerms(db: Db, competitorId: string): Promise<void> {
  await db.query('DELETE FROM competitor_matching_terms WHERE competitor_id = $1', [competitorId]);
  await db.query(
    `WITH counted AS (
       INSERT INTO competitor_matching_statistics AS s (competitor_id, documents, counted_at)
       SELECT $1, count(*), now() FROM competitor_product_matching_keys WHERE competitor_id = $1
       ON CONFLICT (competitor_id) DO UPDATE SET documents = EXCLUDED.documents, counted_at = EXCLUDED.counted_at
       RETURNING 1
     )
     INSERT INTO competitor_matching_terms (competitor_id, kind, term, documents)
     SELECT $1, 'word', w.term, count(*) FROM competitor_product_matching_keys k
            CROSS JOIN LATERAL (SELECT DISTINCT t AS term FROM unnest(string_to_array(k.normalized_name, ' ')) AS t WHERE t <> '') w
      WHERE k.competitor_id = $1 GROUP BY w.term
     UNION ALL
     SELECT $1, 'code', c.term, count(*) FROM competitor_product_matching_keys k
            CROSS JOIN LATERAL (SELECT DISTINCT t AS term FROM unnest(k.name_codes) AS t) c
      WHERE k.competitor_id = $1 GROUP BY c.term
     UNION ALL
     -- name trigrams (the learned score's trigram TF-IDF, ../features.ts): pg_trgm's, as similarity.ts pads them
     SELECT $1, 'gram', g.term, count(*) FROM competitor_product_matching_keys k
            CROSS JOIN LATERAL unnest(show_trgm(k.normalized_name)) AS g(term)
      WHERE k.competitor_id = $1 GROUP BY g.term`,
    [competitorId],
  );
  await db.query('ANALYZE competitor_matching_terms, competitor_matching_statistics');
}
