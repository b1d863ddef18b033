/**
 * What a scraper run writes to competitor products, a batch at a time in one transaction each
 * (README.md, "What a run writes"): new products inserted (upserted by canonical address), changed
 * ones updated with a history row, unchanged ones and pages answered 304 only move "last seen",
 * implausible price jumps held for review (recorded as a run failure, not written). The matching
 * engine's incremental run is asked for when a batch has new or changed products, as the CSV import
 * does (matching/runs/hooks.ts); the rollups of our products matched to changed ones are refreshed.
 */
import type { Pool, PoolClient } from 'pg';
import { inTransaction } from '../db/transaction.ts';
import { matchingAfterCompetitorImport } from '../matching/runs/hooks.ts';
import { classifyScrape, externalIdOf, type ScrapedProduct, type StoredPrice } from './classify.ts';
import { type Reason, storedValues } from './reasons.ts';

export interface PageFailure {
  url: string;
  kind: string;
  /** English (`describe(why)`); `why` is the same as a code and its values (reasons.ts). */
  reason: string;
  why: Reason;
  details?: Record<string, unknown> | null;
}

export interface RunBatch {
  products: ScrapedProduct[];
  /** Known competitor products whose page answered 304 Not Modified. */
  notModified: string[];
  failures: PageFailure[];
  pagesFetched: number;
  bytes: number;
}

export interface BatchCounts {
  seen: number;
  new: number;
  changed: number;
  unchanged: number;
  held: number;
  failed: number;
  notModified: number;
  historyRows: number;
  failuresByKind: Record<string, number>;
}

export const emptyCounts = (): BatchCounts => ({
  seen: 0,
  new: 0,
  changed: 0,
  unchanged: 0,
  held: 0,
  failed: 0,
  notModified: 0,
  historyRows: 0,
  failuresByKind: {},
});

/**
 * The stored prices of a batch's products: known ones (and pages answered 304) by primary key
 * alone, their competitor checked here; found ones by (competitor, canonical address). A known
 * product is never looked up through a plan that may read the competitor products' trigram GiST
 * index: on PGlite that index was seen missing live rows (`competitor_id = $1 AND id = ANY(...)`
 * answered one row of three while a scan by id found all three), and the page's change was then
 * dropped as "deleted meanwhile" (a resumed run wrote 39 changes of 40).
 */
async function storedPrices(
  client: PoolClient,
  competitorId: string,
  products: ScrapedProduct[],
  notModified: string[],
): Promise<{ byId: Map<string, StoredPrice>; byCanonical: Map<string, StoredPrice> }> {
  const ids = [...new Set([...products.flatMap((p) => (p.knownId ? [p.knownId] : [])), ...notModified])];
  const urls = [...new Set(products.filter((p) => !p.knownId).map((p) => p.canonicalUrl))];
  type Row = StoredPrice & { competitor_id: string; canonical_url: string | null };
  const columns = 'id, competitor_id, price::float8 AS price, currency, availability, canonical_url';
  const known = ids.length
    ? await client.query<Row>(`SELECT ${columns} FROM competitor_products WHERE id = ANY($1::uuid[])`, [ids])
    : { rows: [] as Row[] };
  const found = urls.length
    ? await client.query<Row>(
        `SELECT ${columns} FROM competitor_products WHERE competitor_id = $1 AND canonical_url = ANY($2::text[])`,
        [competitorId, urls],
      )
    : { rows: [] as Row[] };
  const byId = new Map<string, StoredPrice>();
  const byCanonical = new Map<string, StoredPrice>();
  for (const row of [...known.rows, ...found.rows]) {
    if (row.competitor_id !== competitorId) continue;
    byId.set(row.id, row);
    if (row.canonical_url) byCanonical.set(row.canonical_url, row);
  }
  return { byId, byCanonical };
}

const columnsOf = (products: ScrapedProduct[]) => [
  products.map((p) => p.name.slice(0, 500)),
  products.map((p) => p.brand),
  products.map((p) => p.gtin),
  products.map((p) => p.mpn),
  products.map((p) => p.price.toFixed(2)),
  products.map((p) => p.currency),
  products.map((p) => p.availability),
  products.map((p) => p.url),
  products.map((p) => p.canonicalUrl),
  products.map((p) => p.etag),
  products.map((p) => p.lastModified),
];

/** Writes one batch of a run; returns what it counted. Nothing of the batch is written when it throws. */
export async function writeBatch(
  pool: Pool,
  run: { id: string; scraperId: string; competitorId: string; maxPriceJumpShare: number | null },
  batch: RunBatch,
): Promise<BatchCounts> {
  const counts = emptyCounts();
  return inTransaction(pool, async (client) => {
    // One page per canonical address within a batch (the last one wins).
    const unique = new Map<string, ScrapedProduct>();
    for (const product of batch.products) unique.set(product.knownId ?? `url:${product.canonicalUrl}`, product);
    const products = [...unique.values()];
    const { byId, byCanonical } = await storedPrices(client, run.competitorId, products, batch.notModified);
    const inserts: ScrapedProduct[] = [];
    const changes: Array<ScrapedProduct & { id: string }> = [];
    const unchanged: Array<{ id: string; etag: string | null; lastModified: string | null }> = [];
    const failures: PageFailure[] = [...batch.failures];
    const touched: string[] = [];
    const heldHere: string[] = [];
    const holdsById = new Map<string, { id: string; product: ScrapedProduct; stored: StoredPrice }>();
    for (const product of products) {
      const stored = product.knownId
        ? (byId.get(product.knownId) ?? null)
        : (byCanonical.get(product.canonicalUrl) ?? null);
      if (product.knownId && !stored) continue; // deleted meanwhile
      const outcome = classifyScrape(stored, product, run.maxPriceJumpShare);
      if (outcome.kind === 'new') inserts.push(product);
      else if (outcome.kind === 'changed') changes.push({ ...product, id: outcome.id });
      else if (outcome.kind === 'unchanged')
        unchanged.push({ id: outcome.id, etag: product.etag, lastModified: product.lastModified });
      else {
        heldHere.push(outcome.id);
        holdsById.set(outcome.id, { id: outcome.id, product, stored: stored! });
        failures.push({
          url: product.url,
          kind: 'held_for_review',
          reason: outcome.reason,
          why: outcome.why,
          details: { previousPrice: stored?.price ?? null, price: product.price, currency: product.currency },
        });
      }
    }
    if (inserts.length) {
      const { rows } = await client.query<{ id: string; inserted: boolean }>(
        `WITH input AS (
           SELECT * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::numeric[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[])
                  AS i(external_id, name, brand, gtin, mpn, price, currency, availability, url, canonical_url, etag, last_modified)
         ), upserted AS (
           INSERT INTO competitor_products AS cp (competitor_id, external_id, name, brand, gtin, mpn, price, currency, availability, url, canonical_url, etag, last_modified, seen_at)
           SELECT $1, external_id, name, brand, gtin, mpn, price, currency, availability, url, canonical_url, etag, last_modified, now() FROM input
           ON CONFLICT (competitor_id, canonical_url) WHERE canonical_url IS NOT NULL DO UPDATE
             SET name = EXCLUDED.name, brand = EXCLUDED.brand, gtin = EXCLUDED.gtin, mpn = EXCLUDED.mpn, price = EXCLUDED.price,
                 currency = EXCLUDED.currency, availability = EXCLUDED.availability, url = EXCLUDED.url, etag = EXCLUDED.etag,
                 last_modified = EXCLUDED.last_modified, seen_at = EXCLUDED.seen_at
           RETURNING cp.id, cp.price, cp.currency, cp.availability, (xmax = 0) AS inserted
         ), history AS (
           INSERT INTO competitor_price_history (competitor_product_id, seen_at, price, currency, availability)
           SELECT id, now(), price, currency, availability FROM upserted
           ON CONFLICT (competitor_product_id, seen_at) DO UPDATE SET price = EXCLUDED.price, currency = EXCLUDED.currency, availability = EXCLUDED.availability
         )
         SELECT id, inserted FROM upserted`,
        [run.competitorId, inserts.map((p) => externalIdOf(p.canonicalUrl)), ...columnsOf(inserts)],
      );
      counts.new += rows.filter((r) => r.inserted).length;
      counts.changed += rows.filter((r) => !r.inserted).length;
      touched.push(...rows.filter((r) => !r.inserted).map((r) => r.id));
      counts.historyRows += rows.length;
    }
    if (changes.length) {
      const { rows } = await client.query<{ id: string }>(
        `WITH input AS (
           SELECT * FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::numeric[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[])
                  AS i(id, name, brand, gtin, mpn, price, currency, availability, url, canonical_url, etag, last_modified)
         ), updated AS (
           UPDATE competitor_products cp
              SET name = i.name, brand = coalesce(i.brand, cp.brand), gtin = coalesce(i.gtin, cp.gtin), mpn = coalesce(i.mpn, cp.mpn),
                  price = i.price, currency = i.currency, availability = i.availability, url = coalesce(cp.url, i.url),
                  canonical_url = CASE WHEN cp.canonical_url IS NULL AND NOT EXISTS (
                                    SELECT 1 FROM competitor_products o WHERE o.competitor_id = $1 AND o.canonical_url = i.canonical_url)
                                  THEN i.canonical_url ELSE cp.canonical_url END,
                  etag = i.etag, last_modified = i.last_modified, seen_at = now()
             FROM input i
            WHERE cp.id = i.id
           RETURNING cp.id, cp.price, cp.currency, cp.availability
         )
         INSERT INTO competitor_price_history (competitor_product_id, seen_at, price, currency, availability)
         SELECT id, now(), price, currency, availability FROM updated
         ON CONFLICT (competitor_product_id, seen_at) DO UPDATE SET price = EXCLUDED.price, currency = EXCLUDED.currency, availability = EXCLUDED.availability
         RETURNING competitor_product_id AS id`,
        [run.competitorId, changes.map((p) => p.id), ...columnsOf(changes)],
      );
      counts.changed += rows.length;
      counts.historyRows += rows.length;
      touched.push(...rows.map((r) => r.id));
    }
    // A price written now supersedes an older hold of the product; a new hold supersedes the older
    // one and waits for an Admin's decision (held-prices.ts).
    const holds = [...holdsById.values()];
    const superseded = [...touched, ...holds.map((h) => h.id)];
    if (superseded.length) {
      await client.query(
        `UPDATE scraper_held_prices SET status = 'superseded', decided_at = now() WHERE competitor_product_id = ANY($1::uuid[]) AND status = 'pending'`,
        [superseded],
      );
    }
    if (holds.length) {
      await client.query(
        `INSERT INTO scraper_held_prices (scraper_id, run_id, competitor_product_id, url, previous_price, previous_currency, price, currency, availability)
         SELECT $1, $2, h.product_id, h.url, h.previous_price, h.previous_currency, h.price, h.currency, h.availability
           FROM unnest($3::uuid[], $4::text[], $5::numeric[], $6::text[], $7::numeric[], $8::text[], $9::text[])
                AS h(product_id, url, previous_price, previous_currency, price, currency, availability)`,
        [
          run.scraperId,
          run.id,
          holds.map((h) => h.id),
          holds.map((h) => h.product.url.slice(0, 2000)),
          holds.map((h) => (h.stored.price == null ? null : h.stored.price.toFixed(2))),
          holds.map((h) => h.stored.currency.trim()),
          holds.map((h) => h.product.price.toFixed(2)),
          holds.map((h) => h.product.currency),
          holds.map((h) => h.product.availability),
        ],
      );
    }
    // A held product was seen: its "last seen" moves, its price stays.
    const seenOnly = [
      ...unchanged,
      ...[...heldHere, ...batch.notModified.filter((id) => byId.has(id))].map((id) => ({
        id,
        etag: null,
        lastModified: null,
      })),
    ];
    if (seenOnly.length) {
      // "Last seen" moves for the whole batch in one statement; validators only when a new response
      // brought them. By primary key alone: every id was checked to be the competitor's above.
      await client.query(
        `UPDATE competitor_products cp SET seen_at = now(), etag = coalesce(i.etag, cp.etag), last_modified = coalesce(i.last_modified, cp.last_modified)
           FROM unnest($1::uuid[], $2::text[], $3::text[]) AS i(id, etag, last_modified)
          WHERE cp.id = i.id`,
        [seenOnly.map((s) => s.id), seenOnly.map((s) => s.etag), seenOnly.map((s) => s.lastModified)],
      );
    }
    counts.held = failures.filter((f) => f.kind === 'held_for_review').length;
    counts.unchanged += unchanged.length;
    counts.notModified += batch.notModified.length;
    counts.seen = counts.new + counts.changed + counts.unchanged + counts.held + counts.notModified;
    counts.failed = failures.length - counts.held;
    for (const failure of failures)
      counts.failuresByKind[failure.kind] = (counts.failuresByKind[failure.kind] ?? 0) + 1;
    if (failures.length) {
      await client.query(
        `INSERT INTO scraper_run_failures (run_id, url, kind, reason, details, code, params)
         SELECT $1, url, kind, reason, details::jsonb, code, params::jsonb
           FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) AS f(url, kind, reason, details, code, params)`,
        [
          run.id,
          failures.map((f) => f.url.slice(0, 2000)),
          failures.map((f) => f.kind),
          failures.map((f) => f.reason.slice(0, 1000)),
          failures.map((f) => (f.details ? JSON.stringify(f.details) : null)),
          failures.map((f) => f.why.code),
          failures.map((f) => JSON.stringify(storedValues(f.why.values))),
        ],
      );
    }
    if (counts.new + counts.changed > 0) {
      await client.query(
        `SELECT refresh_product_rollups(array(
           SELECT DISTINCT m.product_id FROM product_matches m
            WHERE m.competitor_product_id = ANY($1::uuid[]) AND m.status IN ('MATCHED', 'WAITING')))`,
        [touched],
      );
      await matchingAfterCompetitorImport(client, pool, run.competitorId);
    }
    await addProgress(client, run.id, counts, batch);
    return counts;
  });
}

/** Adds a batch's counts to its run (in the batch's transaction) and moves the heartbeat. */
async function addProgress(client: PoolClient, runId: string, counts: BatchCounts, batch: RunBatch): Promise<void> {
  await client.query(
    `UPDATE scraper_runs r SET
        pages_fetched = pages_fetched + $2, products_seen = products_seen + $3, products_new = products_new + $4,
        products_changed = products_changed + $5, products_unchanged = products_unchanged + $6, products_failed = products_failed + $7,
        held_for_review = held_for_review + $8, pages_not_modified = pages_not_modified + $9, history_rows = history_rows + $10,
        bytes = bytes + $11, heartbeat_at = now(),
        failures_by_kind = (SELECT coalesce(jsonb_object_agg(k, v), '{}'::jsonb) FROM (
            SELECT k, sum(v)::int AS v FROM (
              SELECT key AS k, value::int AS v FROM jsonb_each_text(r.failures_by_kind)
              UNION ALL SELECT key, value::int FROM jsonb_each_text($12::jsonb)) a GROUP BY k) b)
      WHERE id = $1`,
    [
      runId,
      batch.pagesFetched,
      counts.seen,
      counts.new,
      counts.changed,
      counts.unchanged,
      counts.failed,
      counts.held,
      counts.notModified,
      counts.historyRows,
      batch.bytes,
      JSON.stringify(counts.failuresByKind),
    ],
  );
}
