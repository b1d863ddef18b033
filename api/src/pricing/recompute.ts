/**
 * Keeps suggestions current (api/src/pricing/README.md): products marked dirty by the triggers of
 * migration 060 are recomputed in small batches, websites queued whole (a rule changed, a full
 * recompute was asked for, a feed import or scrape changed thousands of rows) in pages of 2,000
 * products. Safe to run in several processes: a product two workers read is computed twice and
 * written the same; a mark is removed only if no change came after it was read.
 */
import type { Pool } from 'pg';
import type { Queryable } from '../db/transaction.ts';
import { decidingRule, selectorOf, suggest } from './engine/index.ts';
import type { ProductFacts } from './engine/types.ts';
import {
  loadCompetitors,
  loadProductPage,
  loadProducts,
  toLoadedProducts,
  websiteProductsSql,
  type LoadedProduct,
} from './store/load.ts';
import { RULE_COLUMNS, type RuleRow } from './store/rule-row.ts';
import { writeSuggestions, type Computed } from './store/write.ts';

const PAGE = 2000;
const DIRTY_BATCH = 2000;
/** Pages of a full recompute written at once (PostgreSQL; measured in api/src/pricing/README.md, "Benchmark"). */
const WRITERS = 2;
/** A full recompute of at least this many products refreshes price_suggestions' statistics. */
const ANALYZE_AFTER = 5000;
/** A RUNNING recompute older than this is taken to have died with its worker. */
const STALE_RUN = "interval '10 minutes'";

export interface ActiveRules {
  rules: Array<{ selection: RuleRow['products']; rule: RuleRow }>;
  selectors: Array<(product: ProductFacts) => boolean>;
  needAutomatic: boolean;
}

export async function loadActiveRules(db: Queryable, websiteId: string): Promise<ActiveRules> {
  const { rows } = await db.query<RuleRow>(
    `SELECT ${RULE_COLUMNS} FROM price_rules r JOIN organization_websites ow ON ow.id = r.organization_website_id
      WHERE r.organization_website_id = $1 AND r.status = 'ACTIVE' ORDER BY r.priority`,
    [websiteId],
  );
  return {
    rules: rows.map((rule) => ({ selection: rule.products, rule })),
    selectors: rows.map((rule) => selectorOf({ ...rule.products })),
    needAutomatic: rows.some((rule) => rule.competitors.matchTypes === 'CONFIRMED_ONLY'),
  };
}

/** The suggestions of `products` under the website's active rules; products no rule selects are cleared. */
export function computeSuggestions(
  active: ActiveRules,
  products: LoadedProduct[],
  now = Date.now(),
): { computed: Computed[]; cleared: string[] } {
  const computed: Computed[] = [];
  const cleared: string[] = [];
  for (const product of products) {
    const rule = product.active ? decidingRule(active.rules, active.selectors, product) : null;
    if (!rule) {
      cleared.push(product.id);
      continue;
    }
    computed.push({
      productId: product.id,
      ruleId: rule.rule.id,
      currency: product.currency,
      suggestion: suggest(rule.rule, product, product.offers, now),
    });
  }
  return { computed, cleared };
}

interface DirtyRow {
  product_id: string;
  organization_website_id: string;
  marked_at: string;
}

/** Recomputes up to `limit` dirty products (oldest marks first); answers how many marks it read. */
export async function processDirtyProducts(pool: Pool, limit = DIRTY_BATCH): Promise<number> {
  const { rows } = await pool.query<DirtyRow>(
    'SELECT product_id, organization_website_id, marked_at::text AS marked_at FROM price_suggestion_dirty ORDER BY marked_at LIMIT $1',
    [limit],
  );
  const byWebsite = new Map<string, DirtyRow[]>();
  for (const row of rows) {
    let list = byWebsite.get(row.organization_website_id);
    if (!list) byWebsite.set(row.organization_website_id, (list = []));
    list.push(row);
  }
  for (const [websiteId, marks] of byWebsite) {
    const ids = marks.map((m) => m.product_id);
    const [active, competitors] = await Promise.all([
      loadActiveRules(pool, websiteId),
      loadCompetitors(pool, websiteId),
    ]);
    const products = await loadProducts(pool, websiteId, competitors, ids, active.needAutomatic);
    const { computed, cleared } = computeSuggestions(active, products);
    // A product deleted meanwhile is not loaded: its suggestion went with it, and its mark goes now.
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await writeSuggestions(client, websiteId, computed, cleared);
      await client.query(
        `DELETE FROM price_suggestion_dirty d USING unnest($1::uuid[], $2::timestamptz[]) AS u (id, at)
          WHERE d.product_id = u.id AND d.marked_at = u.at`,
        [ids, marks.map((m) => m.marked_at)],
      );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
  return rows.length;
}

/** Where a full recompute's time went (milliseconds; the benchmark prints it). */
export interface RecomputeTimings {
  read: number;
  compute: number;
  /** Waiting for the last page's write after the next page was read (writes overlap reads). */
  writeWait: number;
}

/**
 * Every suggestion of one website; answers how many products were read. With a pool of several
 * connections (PostgreSQL) the products and their offers are read by one statement through a
 * cursor (store/load.ts `websiteProductsSql`), `pageSize` rows per fetch, while the last page's
 * suggestions are written on another connection. A pool of one connection (PGlite: one session,
 * where a transaction holding the cursor would keep every other caller waiting until the end)
 * reads page by page in id order, so the API's queries run between pages.
 */
export async function recomputeWebsite(
  pool: Pool,
  websiteId: string,
  options: { pageSize?: number; now?: number; timings?: RecomputeTimings } = {},
): Promise<number> {
  const timings = options.timings;
  const clock = () => (timings ? performance.now() : 0);
  const pageSize = options.pageSize ?? PAGE;
  const [active, competitors] = await Promise.all([loadActiveRules(pool, websiteId), loadCompetitors(pool, websiteId)]);
  if (active.rules.length === 0) {
    await pool.query('DELETE FROM price_suggestions WHERE organization_website_id = $1', [websiteId]);
    return 0;
  }
  let read = 0;
  const cursor = (pool.options.max ?? 10) > 1;
  // Writing pages overlaps reading and computing the next ones: up to WRITERS pages are written
  // at once, each on a connection of its own (one with a pool of one connection).
  const inFlight = cursor ? WRITERS : 1;
  const writing: Array<Promise<void>> = [];
  const handle = async (products: LoadedProduct[]) => {
    read += products.length;
    let t = clock();
    const { computed, cleared } = computeSuggestions(active, products, options.now);
    if (timings) timings.compute += clock() - t;
    t = clock();
    if (writing.length >= inFlight) await writing.shift();
    if (timings) timings.writeWait += clock() - t;
    const write = writeSuggestions(pool, websiteId, computed, cleared);
    write.catch(() => undefined);
    writing.push(write);
  };
  const written = async () => {
    while (writing.length) await writing.shift();
  };
  if (cursor) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN READ ONLY');
      // The planner's cost of the one statement invites JIT compilation, which costs more than it saves here;
      // the sort by product of every matched offer fits in memory at 1,000,000 offers.
      await client.query("SET LOCAL jit = off; SET LOCAL work_mem = '128MB'");
      await client.query(
        `DECLARE website_products NO SCROLL CURSOR FOR ${websiteProductsSql(active.needAutomatic)
          .replaceAll('$1', client.escapeLiteral(websiteId))
          .replaceAll('$2', `ARRAY[${competitors.ids.map((id) => client.escapeLiteral(id)).join(', ') || 'NULL'}]`)}`,
      );
      // The next page is asked for before this one is computed: the server works meanwhile.
      const fetchPage = () => {
        const page = client.query(`FETCH ${Number(pageSize)} FROM website_products`);
        page.catch(() => undefined);
        return page;
      };
      let next = fetchPage();
      for (;;) {
        const t = clock();
        const { rows } = await next;
        if (timings) timings.read += clock() - t;
        if (rows.length === 0) break;
        next = fetchPage();
        await handle(toLoadedProducts(rows, competitors));
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
      await Promise.allSettled(writing);
    }
  } else {
    let afterId: string | null = null;
    for (;;) {
      const t = clock();
      const products: LoadedProduct[] = await loadProductPage(pool, websiteId, competitors, {
        afterId,
        limit: pageSize,
        needAutomatic: active.needAutomatic,
      });
      if (timings) timings.read += clock() - t;
      if (products.length === 0) break;
      afterId = products[products.length - 1]!.id;
      await handle(products);
      if (products.length < pageSize) break;
    }
  }
  const t = clock();
  await written();
  if (timings) timings.writeWait += clock() - t;
  return read;
}

/** Claims the oldest queued website and recomputes it whole; false when none is queued. */
export async function processQueuedWebsite(pool: Pool, options: { timings?: RecomputeTimings } = {}): Promise<boolean> {
  const { rows } = await pool.query<{ organization_website_id: string; started_at: string }>(
    `UPDATE price_suggestion_recomputes SET state = 'RUNNING', started_at = clock_timestamp(), finished_at = NULL, error = NULL
      WHERE organization_website_id = (
        SELECT organization_website_id FROM price_suggestion_recomputes
         WHERE state = 'QUEUED' OR (state = 'RUNNING' AND started_at < now() - ${STALE_RUN})
         ORDER BY requested_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING organization_website_id, started_at::text AS started_at`,
  );
  const claimed = rows[0];
  if (!claimed) return false;
  const websiteId = claimed.organization_website_id;
  try {
    const products = await recomputeWebsite(pool, websiteId, { timings: options.timings });
    // Thousands of suggestions written at once: the planner's statistics are refreshed now rather
    // than at autovacuum's next pass (PGlite has none), or the sort by suggested change is planned
    // for the table as it was (measured: 4.3 s instead of 0.25 s for a page at 1,000 of 100,000).
    if (products >= ANALYZE_AFTER) await pool.query('ANALYZE price_suggestions');
    await pool.query(
      `WITH d AS (DELETE FROM price_suggestion_dirty WHERE organization_website_id = $1 AND marked_at <= $2::timestamptz)
       UPDATE price_suggestion_recomputes SET state = CASE WHEN requested_at > started_at THEN 'QUEUED' ELSE 'DONE' END,
              finished_at = clock_timestamp(), products = $3
        WHERE organization_website_id = $1 AND started_at = $2::timestamptz`,
      [websiteId, claimed.started_at, products],
    );
  } catch (error) {
    await pool
      .query(
        // A recompute requested while this one ran is kept (queued again), as when it succeeds.
        `UPDATE price_suggestion_recomputes SET state = CASE WHEN requested_at > started_at THEN 'QUEUED' ELSE 'FAILED' END,
                finished_at = clock_timestamp(), error = $3
          WHERE organization_website_id = $1 AND started_at = $2::timestamptz`,
        [websiteId, claimed.started_at, String((error as Error).message ?? error).slice(0, 1000)],
      )
      .catch(() => undefined);
    throw error;
  }
  return true;
}

/** Works until nothing waits (tests, benchmarks): dirty products first, then queued websites. */
export async function drainSuggestionWork(pool: Pool): Promise<void> {
  for (;;) {
    while ((await processDirtyProducts(pool)) > 0);
    if (!(await processQueuedWebsite(pool))) return;
  }
}

/** Whether the updater has anything to do: a dirty product, or a website to claim (processQueuedWebsite's condition). */
export async function suggestionWorkWaits(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ waits: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM price_suggestion_dirty)
         OR EXISTS (SELECT 1 FROM price_suggestion_recomputes
                     WHERE state = 'QUEUED' OR (state = 'RUNNING' AND started_at < now() - ${STALE_RUN})) AS waits`,
  );
  return rows[0]?.waits ?? false;
}

/**
 * The updater's loop (the `pricing.update` job, jobs.ts): works the dirty products, then at most
 * one queued website; then waits, looking every `intervalMs` whether work came (one statement),
 * until `forMs` have passed or `signal` aborts. The waiting runs inside `idle` (the job worker's
 * `ctx.idle`: the job holds no worker slot meanwhile). A failed round is reported and the loop
 * goes on (the next round reads the same marks again).
 */
export async function runSuggestionUpdates(
  pool: Pool,
  options: {
    signal?: AbortSignal;
    forMs: number;
    intervalMs?: number;
    onError?: (error: unknown) => void;
    idle?: (wait: () => Promise<void>) => Promise<void>;
  },
): Promise<void> {
  const intervalMs = options.intervalMs ?? 250;
  const onError = options.onError ?? ((error) => console.error('Price suggestions: recompute failed:', error));
  const idle = options.idle ?? ((wait) => wait());
  const until = performance.now() + options.forMs;
  const signal = options.signal;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
    });
  const over = () => signal?.aborted || performance.now() >= until;
  while (!over()) {
    try {
      while (!signal?.aborted && (await processDirtyProducts(pool)) > 0);
      if (!signal?.aborted) await processQueuedWebsite(pool);
    } catch (error) {
      onError(error);
    }
    if (over()) break;
    await idle(async () => {
      for (;;) {
        await pause(Math.min(intervalMs, until - performance.now()));
        if (over()) return;
        try {
          if (await suggestionWorkWaits(pool)) return;
        } catch (error) {
          onError(error);
          return;
        }
      }
    });
  }
}
