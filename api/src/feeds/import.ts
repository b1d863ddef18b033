/**
 * One import run of a product feed:
 *
 *   bytes (URL or upload) -> parser for the format -> validateRow -> staging table, in batches
 *   -> at the end, ONE transaction: deactivate this feed's products the file no longer lists,
 *      update the products it changes and insert the ones it adds, by (organization website,
 *      item id), mark the run succeeded. A merge that adds most of the table's products builds
 *      the table's indexes again instead of inserting into each, and checks its unique and
 *      foreign keys once instead of row by row (REBUILD_INDEXES_FROM, dropForRebuild).
 *
 * Consistency: while the file is read, rows go to a staging table of the run (unlogged, dropped
 * afterwards), never to products; the run's counts are updated after every batch, so a client
 * polling the run sees live progress (and on PGlite, where a transaction holds the one database
 * session, polling is not blocked for the length of the file). A run that fails (a broken file,
 * a limit, a lost connection) drops its staging table: products stay exactly as before it.
 * The merge writes only rows that change something, so importing the same file again changes
 * nothing, not even updated_at. Memory holds one batch.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Pool, PoolClient } from 'pg';
import { inTransaction } from '../db/transaction.ts';
import { readCsvRows, type ColumnMapping } from './csv-rows.ts';
import { FeedFileError, type RawRow, type RowProblem, type RunFailure } from './fields.ts';
import { validateRow, type FeedProduct } from './row.ts';
import { readXmlRows } from './xml-rows.ts';
import { matchingAfterFeedImport } from '../matching/runs/hooks.ts';

export type FeedFormat = 'csv' | 'google_xml' | 'heureka_xml';

export interface FeedToImport {
  id: string;
  organization_website_id: string;
  format: FeedFormat;
  column_mapping: ColumnMapping | null;
  csv_delimiter: string;
}

export interface ImportOptions {
  /** Rows per staging insert and progress update. */
  batchSize?: number;
  /** Row errors stored per run (the rest are counted). */
  maxStoredErrors?: number;
  /** Fewest new products for which the merge rebuilds the products indexes (REBUILD_INDEXES_FROM). */
  rebuildIndexesFrom?: number;
}

export const BATCH_SIZE = 5_000;
/**
 * A merge that adds at least this many products, and at least REBUILD_SHARE of the products
 * table, drops the table's secondary indexes, writes, and builds them again in the same
 * transaction: building an index over the whole table costs far less than inserting that many
 * rows into ~20 indexes one by one (measured at 200,000 new rows: ~22 us per row to build all of
 * them against ~60 us per row to maintain them, PostgreSQL and PGlite alike). It drops the
 * table's unique and foreign keys too and adds them again (dropForRebuild). While it runs, other
 * readers of products wait for it (on PGlite every query waits for any transaction).
 */
export const REBUILD_INDEXES_FROM = 50_000;
const REBUILD_SHARE = 0.4;
export const MAX_STORED_ERRORS = 1_000;
/** A running run whose heartbeat is older than this lost its process. */
const STALE_AFTER = '10 minutes';

export class ImportAlreadyRunning extends Error {}

/** Starts a run of the feed (status running) and makes it the feed's last run. */
export async function startRun(
  pool: Pool,
  feedId: string,
  start: { startedBy: string | null; source: 'url' | 'upload'; fileName?: string | null },
): Promise<string> {
  return inTransaction(pool, async (client) => {
    const stale = await client.query<{ id: string }>(
      `UPDATE feed_import_runs SET status = 'failed', finished_at = now(), error_message = 'The import stopped: its server went away before it finished',
              error_code = 'SERVER_WENT_AWAY'
        WHERE product_feed_id = $1 AND status IN ('queued', 'running') AND heartbeat_at < now() - interval '${STALE_AFTER}' RETURNING id`,
      [feedId],
    );
    for (const { id } of stale.rows) await client.query(`DROP TABLE IF EXISTS ${stageTable(id)}`);
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO feed_import_runs (product_feed_id, status, started_by, source, file_name, started_at)
       SELECT id, 'running', $2, $3, $4, now() FROM product_feeds WHERE id = $1 FOR SHARE ON CONFLICT DO NOTHING RETURNING id`,
      [feedId, start.startedBy, start.source, start.fileName ?? null],
    );
    if (!rows[0] && !(await client.query('SELECT 1 FROM product_feeds WHERE id = $1', [feedId])).rowCount)
      throw new Error(`Product feed ${feedId} is gone`);
    if (!rows[0]) throw new ImportAlreadyRunning('An import of this feed is already running; wait until it finishes.');
    await client.query('UPDATE product_feeds SET last_run_id = $2 WHERE id = $1', [feedId, rows[0].id]);
    return rows[0].id;
  });
}

const stageTable = (runId: string) => `feed_stage_${runId.replace(/-/g, '')}`;

/** The file's rows, in batches (however many the parser has ready). */
function rowsOf(feed: FeedToImport, stream: Readable): AsyncGenerator<RawRow[]> {
  return feed.format === 'csv'
    ? readCsvRows(stream, { mapping: feed.column_mapping, delimiter: feed.csv_delimiter })
    : readXmlRows(stream, feed.format);
}

/** A staged row: a product, or the id of a rejected row (present in the file, so not deactivated). */
type Staged = { itemId: string; product: FeedProduct | null };

const STAGE_COLUMNS =
  'item_id, valid, name, brand, gtin, mpn, category, price, cost, map, rrp, currency, stock, availability, url, image_url';
const STAGE_TYPES = [
  'text',
  'bool',
  'text',
  'text',
  'text',
  'text',
  'text',
  'numeric',
  'numeric',
  'numeric',
  'numeric',
  'text',
  'int',
  'text',
  'text',
  'text',
];
const UNNEST = STAGE_TYPES.map((type, i) => `$${i + 1}::${type}[]`).join(', ');
const STAGE_UPDATE = STAGE_COLUMNS.split(', ')
  .slice(1)
  .map((c) => `${c} = EXCLUDED.${c}`)
  .join(', ');

/** The fields the feed sets on a product; a change in any of them is a change of the product. */
const PRODUCT_COLUMNS = [
  'name',
  'brand',
  'gtin',
  'mpn',
  'category',
  'price',
  'currency',
  'stock',
  'availability',
  'url',
  'image_url',
];

/**
 * The merge in two statements: products the file changes, then products it adds. Neither locks
 * or rewrites a product that stays as it is (an upsert would lock every row it meets, so a
 * re-import of an unchanged file would still write every page).
 */
const UPDATE_CHANGED = `
  UPDATE products p
     SET product_feed_id = $2, cost = coalesce(s.cost, p.cost), map = coalesce(s.map, p.map), rrp = coalesce(s.rrp, p.rrp), ${PRODUCT_COLUMNS.map((c) => `${c} = s.${c}`).join(', ')}, active = true, updated_at = now()
    FROM %STAGE% s
   WHERE p.organization_website_id = $1 AND p.item_id = s.item_id AND s.valid
     AND (p.product_feed_id, coalesce(s.cost, p.cost), coalesce(s.map, p.map), coalesce(s.rrp, p.rrp), ${PRODUCT_COLUMNS.map((c) => `p.${c}`).join(', ')}, p.active)
         IS DISTINCT FROM ($2::uuid, p.cost, p.map, p.rrp, ${PRODUCT_COLUMNS.map((c) => `s.${c}`).join(', ')}, true)`;

/**
 * The new products' ids, time-ordered (UUID version 7, RFC 9562): the merge's start in
 * milliseconds and 26 random bits, the same for the whole merge (`idPrefix`), then a counter of
 * the inserted rows (the RFC's fixed-length dedicated counter, 48 bits). Consecutive ids fill the
 * primary key's index from its right edge: measured inserting 1,000,000 products on PostgreSQL,
 * 12.0-15.2 s with gen_random_uuid() (random bytes per row, each key landing on a random page of
 * the index) against 6.0-6.8 s so. Two merges that start in the same millisecond with the same
 * random bits would collide: the primary key refuses it and the later merge fails, changing
 * nothing.
 */
export function idPrefix(now = Date.now()): string {
  const hex = now.toString(16).padStart(12, '0');
  const random = randomBytes(4).readUInt32BE(0);
  const randA = (random >>> 20) & 0xfff; // 12 bits
  const randB = (random >>> 6) & 0x3fff; // 14 bits, after the variant's two
  return `${hex.slice(0, 8)}-${hex.slice(8)}-7${randA.toString(16).padStart(3, '0')}-${(0x8000 | randB).toString(16)}-`;
}

// A product another import of the website adds meanwhile is left to it (no error, no overwrite).
const INSERT_NEW = `
  INSERT INTO products (id, organization_website_id, product_feed_id, item_id, cost, map, rrp, ${PRODUCT_COLUMNS.join(', ')})
  SELECT ($3 || lpad(to_hex(row_number() OVER ()), 12, '0'))::uuid, $1, $2, s.item_id, s.cost, s.map, s.rrp, ${PRODUCT_COLUMNS.map((c) => `s.${c}`).join(', ')} FROM %STAGE% s
   WHERE s.valid AND NOT EXISTS (SELECT 1 FROM products p WHERE p.organization_website_id = $1 AND p.item_id = s.item_id)
  ON CONFLICT (organization_website_id, item_id) DO NOTHING`;

/**
 * The same insert in a rebuilding merge, which holds the products table alone (its DROP INDEX
 * locks out every other reader and writer until it commits) and has dropped the unique key the
 * ON CONFLICT would need: NOT EXISTS alone keeps the website's item ids unique (the staging
 * table has each item id once), and adding the key again checks it.
 */
const INSERT_NEW_ALONE = INSERT_NEW.replace(/\n\s*ON CONFLICT[^\n]*$/, '');

const DEACTIVATE = `
  UPDATE products p SET active = false, updated_at = now()
   WHERE p.product_feed_id = $1 AND p.active AND NOT EXISTS (SELECT 1 FROM %STAGE% s WHERE s.item_id = p.item_id)`;

export interface RunOutcome {
  status: 'succeeded' | 'failed';
  rowsRead: number;
  rowsImported: number;
  rowsRejected: number;
}

/**
 * Reads the stream into the run and finishes it (succeeded or failed). Never throws for a bad
 * file: the failure is the run's (message and position); products are unchanged then.
 */
export async function runImport(
  pool: Pool,
  runId: string,
  feed: FeedToImport,
  source: Readable | (() => Promise<Readable>),
  options: ImportOptions = {},
): Promise<RunOutcome> {
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const maxErrors = options.maxStoredErrors ?? MAX_STORED_ERRORS;
  const stage = stageTable(runId);
  const counts = { read: 0, imported: 0, rejected: 0, storedErrors: 0 };
  let lastLine = 0;
  let batch = new Map<string, Staged>();
  let errors: Array<{ line: number; itemId: string | null; problem: RowProblem }> = [];
  let stream: Readable | null = null;
  const bytes = () => (stream as { bytes?: number } | null)?.bytes ?? 0;

  /**
   * One round trip per batch: its rows to the staging table, its row errors, the run's counts.
   * The write of one batch overlaps the reading of the next (at most one write in flight).
   */
  let writing: Promise<void> | null = null;
  const write = async (
    rows: Map<string, Staged>,
    stored: typeof errors,
    firstSeq: number,
    progress: typeof counts,
    bytesRead: number,
  ) => {
    const columns: unknown[][] = STAGE_TYPES.map(() => []);
    for (const { itemId, product: p } of rows.values()) {
      const values = p
        ? [
            itemId,
            true,
            p.name,
            p.brand,
            p.gtin,
            p.mpn,
            p.category,
            p.price,
            p.cost,
            p.map,
            p.rrp,
            p.currency,
            p.stock,
            p.availability,
            p.url,
            p.imageUrl,
          ]
        : [itemId, false, null, null, null, null, null, null, null, null, null, null, null, null, null, null];
      for (let i = 0; i < values.length; i++) columns[i]!.push(values[i]);
    }
    const n = STAGE_TYPES.length;
    await pool.query(
      `WITH s AS (
         INSERT INTO ${stage} (${STAGE_COLUMNS}) SELECT * FROM unnest(${UNNEST}) ON CONFLICT (item_id) DO UPDATE SET ${STAGE_UPDATE}
       ), e AS (
         INSERT INTO feed_import_errors (run_id, seq, line, item_id, field, reason, code, params)
         SELECT $${n + 1}, $${n + 2} + ordinality, line, item_id, field, reason, code, params::jsonb
           FROM unnest($${n + 3}::int[], $${n + 4}::text[], $${n + 5}::text[], $${n + 6}::text[], $${n + 11}::text[], $${n + 12}::text[])
                WITH ORDINALITY AS e(line, item_id, field, reason, code, params)
       )
       UPDATE feed_import_runs SET rows_read = $${n + 7}, rows_imported = $${n + 8}, rows_rejected = $${n + 9}, bytes_read = $${n + 10}, heartbeat_at = now() WHERE id = $${n + 1}`,
      [
        ...columns,
        runId,
        firstSeq,
        stored.map((e) => e.line),
        stored.map((e) => e.itemId),
        stored.map((e) => e.problem.field),
        stored.map((e) => e.problem.reason),
        progress.read,
        progress.imported,
        progress.rejected,
        bytesRead,
        stored.map((e) => e.problem.code),
        stored.map((e) => (e.problem.params ? JSON.stringify(e.problem.params) : null)),
      ],
    );
  };
  const flush = async () => {
    const rows = batch;
    const stored = errors.slice(0, Math.max(0, maxErrors - counts.storedErrors));
    const firstSeq = counts.storedErrors;
    counts.storedErrors += stored.length;
    batch = new Map();
    errors = [];
    if (writing) await writing;
    writing = write(rows, stored, firstSeq, { ...counts }, bytes());
    writing.catch(() => undefined); // surfaced by the next await
  };

  const started = performance.now();
  try {
    await pool.query(`CREATE UNLOGGED TABLE ${stage} (
      item_id text PRIMARY KEY, valid boolean NOT NULL, name text, brand text, gtin text, mpn text, category text,
      price numeric(12, 2), cost numeric(12, 2), map numeric(12, 2), rrp numeric(12, 2), currency text, stock integer, availability text, url text, image_url text)`);
    stream = typeof source === 'function' ? await source() : source;
    for await (const rows of rowsOf(feed, stream)) {
      for (const row of rows) {
        counts.read++;
        lastLine = row.line;
        const result = row.broken ? null : validateRow(row.fields);
        if (result && 'product' in result) {
          counts.imported++;
          batch.set(result.product.itemId, { itemId: result.product.itemId, product: result.product });
        } else {
          counts.rejected++;
          const problems = result ? result.problems : [row.broken!];
          const itemId = result ? result.itemId : row.fields.id?.trim() || null;
          // A later row of the same item wins, as in the staging table.
          if (itemId && itemId.length <= 200) batch.set(itemId, { itemId, product: null });
          if (counts.storedErrors + errors.length < maxErrors)
            for (const problem of problems) errors.push({ line: row.line, itemId, problem });
        }
        if (batch.size >= batchSize || errors.length >= batchSize) await flush();
      }
    }
    await flush();
    await writing;
    const staged = performance.now();
    await pool.query(`ANALYZE ${stage}`);
    await inTransaction(pool, async (client) => {
      // The feed must still be there (and stay until the merge commits).
      const feedThere = await client.query('SELECT 1 FROM product_feeds WHERE id = $1 FOR SHARE', [feed.id]);
      if (!feedThere.rowCount)
        throw new FeedFileError('The feed was deleted during its import', null, { code: 'FEED_DELETED' });
      // The plan's monitored products, checked before anything is merged (the organization's row
      // stays locked until the merge commits, so two imports cannot both take the last places).
      const organizationId = await assertImportWithinPlan(client, stage, feed);
      // Deactivation first: it finds this feed's products through their index.
      const deactivated = await client.query(DEACTIVATE.replace('%STAGE%', stage), [feed.id]);
      const rebuild = await rebuildsIndexes(
        client,
        stage,
        feed.organization_website_id,
        organizationId,
        options.rebuildIndexesFrom ?? REBUILD_INDEXES_FROM,
      );
      const dropped = rebuild ? await dropForRebuild(client) : null;
      // Without the unique key, a products table whose statistics say it is (nearly) empty, as in
      // a new database, makes the planner join by a nested loop that scans products again for
      // every staged row, reading the pages this insert adds: quadratic (40,000 rows 9.4 s
      // against 0.7 s on PostgreSQL; a million would take hours). Hash joins only, for these two.
      if (rebuild) await client.query('SET LOCAL enable_nestloop = off');
      const t = performance.now();
      const updated = await client.query(UPDATE_CHANGED.replace('%STAGE%', stage), [
        feed.organization_website_id,
        feed.id,
      ]);
      const t2 = performance.now();
      const created = await client.query((rebuild ? INSERT_NEW_ALONE : INSERT_NEW).replace('%STAGE%', stage), [
        feed.organization_website_id,
        feed.id,
        idPrefix(),
      ]);
      if (rebuild) await client.query('RESET enable_nestloop');
      if (process.env.FEED_IMPORT_TIMING)
        console.log(
          `  changed products updated in ${Math.round(t2 - t)} ms, new ones inserted in ${Math.round(performance.now() - t2)} ms${rebuild ? ' (indexes dropped)' : ''}`,
        );
      if (dropped) await restoreAfterRebuild(client, dropped);
      await client.query(
        `UPDATE feed_import_runs SET status = 'succeeded', finished_at = now(), heartbeat_at = now(),
                products_created = $2, products_updated = $3, products_deactivated = $4 WHERE id = $1`,
        [runId, created.rowCount ?? 0, updated.rowCount ?? 0, deactivated.rowCount ?? 0],
      );
    });
    if (process.env.FEED_IMPORT_TIMING)
      console.log(
        `feed import ${runId}: read and staged in ${Math.round(staged - started)} ms, merged in ${Math.round(performance.now() - staged)} ms`,
      );
    // MATCHING HOOK (owned by the matching runs, api/src/matching/runs/hooks.ts): records the
    // products this run created or changed and queues an incremental matching run; never throws.
    await matchingAfterFeedImport(pool, runId);
    return { status: 'succeeded', rowsRead: counts.read, rowsImported: counts.imported, rowsRejected: counts.rejected };
  } catch (error) {
    stream?.destroy();
    await (writing as Promise<void> | null)?.catch(() => undefined);
    const fileError = error instanceof FeedFileError;
    const message = fileError ? error.message : `The import failed: ${(error as Error).message}`;
    const failure: RunFailure = fileError
      ? error.failure
      : { code: 'IMPORT_FAILED', values: { detail: (error as Error).message } };
    if (!fileError) console.error(`Feed import ${runId} failed:`, error);
    await pool
      .query(
        `UPDATE feed_import_runs SET status = 'failed', finished_at = now(), heartbeat_at = now(), error_message = $2, error_line = $3, error_column = $4,
                error_code = $8, error_values = $9::jsonb,
                rows_read = $5, rows_imported = 0, rows_rejected = $6, bytes_read = $7 WHERE id = $1`,
        [
          runId,
          message,
          fileError ? (error.line ?? (lastLine || null)) : null,
          fileError ? error.column : null,
          counts.read,
          counts.rejected,
          bytes(),
          failure.code,
          failure.values ? JSON.stringify(failure.values) : null,
        ],
      )
      .catch((cause) => console.error(`Feed import ${runId}: recording its failure failed:`, cause));
    return { status: 'failed', rowsRead: counts.read, rowsImported: 0, rowsRejected: counts.rejected };
  } finally {
    await pool
      .query(`DROP TABLE IF EXISTS ${stage}`)
      .catch((cause) => console.error(`Feed import ${runId}: dropping ${stage} failed:`, cause));
  }
}

/**
 * The plan's limit of monitored products (catalogue/plan-limits.ts), before the merge:
 * the organization's active products after it are those it has now, less this feed's products
 * the file no longer lists (deactivated) and less the website's products the file lists (counted
 * once, with the file's valid rows), plus the file's valid rows (each is active after the merge).
 * An import that would go over the plan fails whole (FeedFileError: the run's message), unless it
 * does not add to what the organization has (one already over after a downgrade may re-import).
 * Locks the organization's row until the merge's transaction ends. Answers the organization.
 */
async function assertImportWithinPlan(client: PoolClient, stage: string, feed: FeedToImport): Promise<string | null> {
  const { rows } = await client.query<{ organization_id: string; plan: string | null; max: number | null }>(
    `SELECT o.id AS organization_id, p.name AS plan, p.max_monitored_products AS max
       FROM organization_websites ow JOIN organizations o ON o.id = ow.organization_id LEFT JOIN plans p ON p.id = o.plan
      WHERE ow.id = $1 FOR UPDATE OF o`,
    [feed.organization_website_id],
  );
  const organization = rows[0];
  if (!organization) return null;
  if (organization.max === null) return organization.organization_id;
  const { rows: counts } = await client.query<{ now: number; after: number }>(
    `WITH mine AS (
       SELECT p.product_feed_id, p.organization_website_id, p.item_id FROM products p JOIN organization_websites ow ON ow.id = p.organization_website_id
        WHERE ow.organization_id = $1 AND p.active)
     SELECT (SELECT count(*) FROM mine)::int AS now,
            ((SELECT count(*) FROM mine)
             - (SELECT count(*) FROM mine m WHERE m.product_feed_id = $2::uuid AND NOT EXISTS (SELECT 1 FROM ${stage} s WHERE s.item_id = m.item_id))
             - (SELECT count(*) FROM mine m WHERE m.organization_website_id = $3 AND EXISTS (SELECT 1 FROM ${stage} s WHERE s.valid AND s.item_id = m.item_id))
             + (SELECT count(*) FROM ${stage} WHERE valid))::int AS after`,
    [organization.organization_id, feed.id, feed.organization_website_id],
  );
  const { now, after } = counts[0]!;
  if (after > organization.max && after > now) {
    throw new FeedFileError(
      `Plan limit reached: monitored products (the ${organization.plan} plan allows ${organization.max}). This import would make ${after} (the organization has ${now}); nothing was imported. Upgrade the plan or import fewer products.`,
      null,
      { code: 'PLAN_LIMIT', values: { plan: organization.plan ?? '', max: organization.max, after, now } },
    );
  }
  return organization.organization_id;
}

/**
 * Does this merge rebuild the indexes? When it adds at least `from` products and at least
 * REBUILD_SHARE of the table after it (staged products less the website's products, a lower
 * bound of the new ones; the table's size is the planner's estimate), and no other organization
 * has a website: the rebuild holds the products table alone until it commits, so with other
 * tenants on the database their product queries would wait for the whole merge. With them, the
 * merge inserts row by row (slower, but it locks only its own rows).
 */
async function rebuildsIndexes(
  client: PoolClient,
  stage: string,
  websiteId: string,
  organizationId: string | null,
  from: number,
): Promise<boolean> {
  const { rows } = await client.query<{ incoming: number; existing: number; table: number; others: boolean }>(
    `SELECT (SELECT count(*) FROM ${stage} WHERE valid)::int AS incoming,
            (SELECT count(*) FROM products WHERE organization_website_id = $1)::int AS existing,
            (SELECT greatest(reltuples, 0) FROM pg_class WHERE oid = 'products'::regclass)::float8 AS table,
            EXISTS (SELECT 1 FROM organization_websites WHERE organization_id IS DISTINCT FROM $2::uuid) AS others`,
    [websiteId, organizationId],
  );
  const { incoming, existing, table, others } = rows[0]!;
  if (others) return false;
  // At least this many products are new (the staged ones the website does not have yet).
  const added = incoming - existing;
  return added >= from && added >= REBUILD_SHARE * (Math.max(table, existing) + added);
}

/** What a rebuilding merge dropped, with how to create it again. */
interface Dropped {
  indexes: Array<{ name: string; definition: string }>;
  /** Unique keys and foreign keys (ALTER TABLE products ADD CONSTRAINT name definition). */
  constraints: Array<{ name: string; definition: string }>;
}

/**
 * Drops what inserting a row costs more to maintain than to build once over the whole table: the
 * secondary indexes, the unique keys other than the primary key (nothing references them) and
 * the foreign keys (checked row by row they cost 2.1 s of 7.1 s inserting 300,000 products on
 * PostgreSQL; added again, a key is validated in one query over the table, well under a second).
 * The primary key stays: the tables of matching reference it.
 * Kept as well: a partial index whose condition no product this merge inserts can meet (the
 * matching rollups start at zero, the lowest competitor price empty; keptPartialIndexes), as nothing is inserted into it, while
 * building it again would read the whole table.
 * Adding a foreign key again locks the organization websites against writes until the merge
 * commits (the merge already holds the products table alone); a product whose website is gone
 * fails the merge, which then changes nothing.
 */
async function dropForRebuild(client: PoolClient): Promise<Dropped> {
  const { rows: indexes } = await client.query<{ name: string; definition: string; predicate: string | null }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition, pg_get_expr(i.indpred, i.indrelid) AS predicate
       FROM pg_index i
      WHERE i.indrelid = 'products'::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.conrelid = i.indrelid)
      ORDER BY 1`,
  );
  const kept = await keptPartialIndexes(client, indexes);
  const { rows: constraints } = await client.query<{ name: string; definition: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
      WHERE conrelid = 'products'::regclass AND contype IN ('u', 'f') ORDER BY contype DESC, conname`,
  );
  const dropped = { indexes: indexes.filter(({ name }) => !kept.has(name)), constraints };
  for (const { name } of dropped.constraints) await client.query(`ALTER TABLE products DROP CONSTRAINT ${name}`);
  for (const { name } of dropped.indexes) await client.query(`DROP INDEX ${name}`);
  return dropped;
}

/** The columns INSERT_NEW sets; every other column of a new product takes its default. */
const INSERTED_COLUMNS = [
  'id',
  'organization_website_id',
  'product_feed_id',
  'item_id',
  'cost',
  'map',
  'rrp',
  ...PRODUCT_COLUMNS,
];

/**
 * The partial indexes no product inserted by the merge enters: the condition, evaluated on the
 * defaults of the columns the insert does not set, is not true (a condition that reads a column
 * the insert sets cannot be decided so, and its index is dropped).
 */
async function keptPartialIndexes(
  client: PoolClient,
  indexes: Array<{ name: string; predicate: string | null }>,
): Promise<Set<string>> {
  const kept = new Set<string>();
  const partial = indexes.filter((index) => index.predicate !== null);
  if (!partial.length) return kept;
  const { rows } = await client.query<{ row: string }>(
    `SELECT string_agg(format('%s::%s AS %I', coalesce(pg_get_expr(d.adbin, d.adrelid), 'NULL'), format_type(a.atttypid, a.atttypmod), a.attname), ', ') AS row
       FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE a.attrelid = 'products'::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '' AND a.attname <> ALL($1::text[])`,
    [INSERTED_COLUMNS],
  );
  for (const { name, predicate } of partial) {
    await client.query('SAVEPOINT partial_index');
    try {
      const { rows: met } = await client.query<{ met: boolean | null }>(
        `SELECT (${predicate}) AS met FROM (SELECT ${rows[0]!.row}) AS products`,
      );
      await client.query('RELEASE SAVEPOINT partial_index');
      if (met[0]!.met !== true) kept.add(name);
    } catch (error) {
      await client.query('ROLLBACK TO SAVEPOINT partial_index');
      // Only "no such column" (one the insert sets) means undecided; anything else is the merge's failure.
      if ((error as { code?: string }).code !== '42703') throw error;
    }
  }
  return kept;
}

/** Adds the keys again (each checked in one pass) and builds the indexes. */
async function restoreAfterRebuild(client: PoolClient, dropped: Dropped): Promise<void> {
  const started = performance.now();
  for (const { name, definition } of dropped.constraints)
    await client.query(`ALTER TABLE products ADD CONSTRAINT ${name} ${definition}`);
  if (process.env.FEED_IMPORT_TIMING)
    console.log(
      `  ${dropped.constraints.length} keys added and checked in ${Math.round(performance.now() - started)} ms`,
    );
  await buildIndexes(client, dropped.indexes);
}

async function buildIndexes(client: PoolClient, indexes: Array<{ name: string; definition: string }>): Promise<void> {
  // Index builds sort in memory up to this much (per build, released after it).
  await client.query("SET LOCAL maintenance_work_mem = '128MB'");
  const started = performance.now();
  for (const { name, definition } of indexes) {
    const t = performance.now();
    await client.query(definition);
    if (process.env.FEED_IMPORT_TIMING) console.log(`    ${name} built in ${Math.round(performance.now() - t)} ms`);
  }
  // The planner's statistics describe the table before the rows were added.
  await client.query('ANALYZE products');
  if (process.env.FEED_IMPORT_TIMING)
    console.log(
      `  ${indexes.length} indexes built and products analyzed in ${Math.round(performance.now() - started)} ms`,
    );
}

/** Imports in flight in this process (a URL import runs after its mutation answered). */
const inFlight = new Set<Promise<unknown>>();

export function track<T>(work: Promise<T>): Promise<T> {
  inFlight.add(work);
  void work.finally(() => inFlight.delete(work)).catch(() => undefined);
  return work;
}

/** Resolves once every import started in this process has finished (tests, shutdown). */
export async function importsSettled(): Promise<void> {
  while (inFlight.size) await Promise.allSettled([...inFlight]);
}
