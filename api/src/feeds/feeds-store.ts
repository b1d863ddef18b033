/**
 * The SQL of product feeds (the feeds area, README.md) as the API reads and writes them:
 * product_feeds and feed_import_runs rows as the API shows them, the tenant-scoped lookups, the
 * list, writes, and a feed's runs. The import's own statements are in import.ts.
 */
import type { Pool, PoolClient } from 'pg';
import type { ApiContext } from '../graphql/context.ts';
import { notFound } from '../graphql/errors.ts';
import type {
  FeedImportStatus,
  ProductFeedFormat,
  ProductFeedSchedule,
  ProductFeedSource,
  FeedField as SchemaFeedField,
} from '../graphql/generated/resolvers.ts';
import { FEED_FIELDS, type FeedField } from './fields.ts';
import type { FeedFormat, FeedToImport } from './import.ts';

type Queryable = Pool | PoolClient;

/** A feed's settings as stored (lowercase enums, the CSV column mapping or null). */
export interface FeedSettings {
  name: string;
  source: string;
  url: string | null;
  format: string;
  mapping: Record<string, string> | null;
  delimiter: string;
  schedule: string;
}

export interface FeedRow extends FeedToImport {
  name: string;
  source: 'url' | 'upload';
  url: string | null;
  schedule: string;
  created_at: Date;
  updated_at: Date;
  last_run_id: string | null;
  organization_id: string;
}

export interface RunRow {
  id: string;
  product_feed_id: string;
  status: string;
  source: 'url' | 'upload';
  file_name: string | null;
  bytes_read: string;
  rows_read: number;
  rows_imported: number;
  rows_rejected: number;
  products_created: number;
  products_updated: number;
  products_deactivated: number;
  error_message: string | null;
  error_code: string | null;
  error_values: Record<string, string | number> | null;
  error_line: number | null;
  error_column: number | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export const SELECT_FEED = `
  SELECT f.id, f.organization_website_id, f.name, f.source, f.url, f.format, f.column_mapping, f.csv_delimiter, f.schedule,
         f.created_at, f.updated_at, f.last_run_id, ow.organization_id
    FROM product_feeds f JOIN organization_websites ow ON ow.id = f.organization_website_id`;

export const SELECT_RUN = `SELECT r.* FROM feed_import_runs r`;

const NO_ORGANIZATION = '00000000-0000-0000-0000-000000000000';
/** A non-admin sees only its own organization's rows: the organization to filter by, or null (all). */
export const scopeOf = (ctx: ApiContext) => (ctx.isAdmin ? null : (ctx.viewer.organizationId ?? NO_ORGANIZATION));

/** The feed within the caller's reach, or NOT_FOUND. */
export async function findFeed(db: Queryable, ctx: ApiContext, id: string, lock = false): Promise<FeedRow> {
  const { rows } = await db.query<FeedRow>(
    `${SELECT_FEED} WHERE f.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)${lock ? ' FOR UPDATE OF f' : ''}`,
    [id, scopeOf(ctx)],
  );
  if (!rows[0]) throw notFound('Product feed', id);
  return rows[0];
}

/** The run within the caller's reach, or NOT_FOUND. */
export async function findRun(db: Queryable, ctx: ApiContext, id: string): Promise<RunRow> {
  const { rows } = await db.query<RunRow>(
    `${SELECT_RUN} JOIN product_feeds f ON f.id = r.product_feed_id JOIN organization_websites ow ON ow.id = f.organization_website_id
      WHERE r.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)`,
    [id, scopeOf(ctx)],
  );
  if (!rows[0]) throw notFound('Feed import run', id);
  return rows[0];
}

/** A stored lowercase value as the schema's uppercase enum. */
const upper = <T extends string>(value: string) => value.toUpperCase() as T;

export function toFeed(row: FeedRow) {
  const mapping = row.column_mapping;
  return {
    id: row.id,
    organizationWebsiteId: row.organization_website_id,
    name: row.name,
    source: upper<ProductFeedSource>(row.source),
    url: row.url,
    format: upper<ProductFeedFormat>(row.format as FeedFormat),
    columnMapping: mapping
      ? FEED_FIELDS.filter((field) => mapping[field]).map((field) => ({
          field: upper<SchemaFeedField>(field),
          column: mapping[field as FeedField]!,
        }))
      : null,
    csvDelimiter: row.csv_delimiter,
    // The first slice allowed hourly and weekly; the console offers manual and daily, and the
    // scheduler runs every non-manual feed daily.
    schedule: (row.schedule === 'manual' ? 'MANUAL' : 'DAILY') as ProductFeedSchedule,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    uploadPath: `/feeds/${row.id}/upload`,
    lastRunId: row.last_run_id,
  };
}

export function toRun(row: RunRow) {
  return {
    id: row.id,
    productFeedId: row.product_feed_id,
    status: upper<FeedImportStatus>(row.status),
    source: upper<ProductFeedSource>(row.source),
    fileName: row.file_name,
    bytesRead: Number(row.bytes_read),
    rowsRead: row.rows_read,
    rowsImported: row.rows_imported,
    rowsRejected: row.rows_rejected,
    productsCreated: row.products_created,
    productsUpdated: row.products_updated,
    productsDeactivated: row.products_deactivated,
    errorMessage: row.error_message,
    errorCode: row.error_code,
    errorValues: Object.entries(row.error_values ?? {}).map(([name, value]) => ({ name, value: String(value) })),
    errorLine: row.error_line,
    errorColumn: row.error_column,
    createdAt: row.created_at.toISOString(),
    startedAt: row.started_at?.toISOString() ?? null,
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

export async function runErrors(db: Queryable, runId: string, limit: number, offset: number) {
  const [page, count] = await Promise.all([
    db.query(
      'SELECT line, item_id, field, reason, code, params FROM feed_import_errors WHERE run_id = $1 ORDER BY seq LIMIT $2 OFFSET $3',
      [runId, limit, offset],
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM feed_import_errors WHERE run_id = $1', [runId]),
  ]);
  return {
    // The code's values (fields.ts RowProblemParams) first: they never stand for the columns.
    data: page.rows.map((e) => ({
      ...e.params,
      line: e.line,
      itemId: e.item_id,
      field: e.field,
      reason: e.reason,
      code: e.code,
    })),
    meta: { pagination: { total: count.rows[0]!.total } },
  };
}

/** Whether the organization website is within `scope` (an organization; null: any). */
export async function websiteInScope(db: Queryable, websiteId: string, scope: string | null): Promise<boolean> {
  const { rowCount } = await db.query(
    'SELECT 1 FROM organization_websites WHERE id = $1 AND ($2::uuid IS NULL OR organization_id = $2::uuid)',
    [websiteId, scope],
  );
  return Boolean(rowCount);
}

/** A website's feeds by name, one page, and the total. */
export async function listFeeds(db: Queryable, websiteId: string, limit: number, offset: number) {
  const [page, count] = await Promise.all([
    db.query<FeedRow>(`${SELECT_FEED} WHERE f.organization_website_id = $1 ORDER BY f.name, f.id LIMIT $2 OFFSET $3`, [
      websiteId,
      limit,
      offset,
    ]),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM product_feeds WHERE organization_website_id = $1', [
      websiteId,
    ]),
  ]);
  return { rows: page.rows, total: count.rows[0]!.total };
}

export async function insertFeed(db: Queryable, websiteId: string, s: FeedSettings): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO product_feeds (organization_website_id, name, source, url, format, column_mapping, csv_delimiter, schedule)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [websiteId, s.name, s.source, s.url, s.format, s.mapping, s.delimiter, s.schedule],
  );
  return rows[0]!.id;
}

/** Stores the settings; `updated_at` moves only when something changed. */
export async function updateFeed(db: Queryable, id: string, s: FeedSettings): Promise<void> {
  await db.query(
    `UPDATE product_feeds SET name = $2, source = $3, url = $4, format = $5, column_mapping = $6, csv_delimiter = $7, schedule = $8, updated_at = now()
      WHERE id = $1 AND (name, source, url, format, column_mapping, csv_delimiter, schedule) IS DISTINCT FROM ($2, $3, $4, $5, $6::jsonb, $7, $8)`,
    [id, s.name, s.source, s.url, s.format, s.mapping, s.delimiter, s.schedule],
  );
}

export async function deleteFeed(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM product_feeds WHERE id = $1', [id]);
}

/** A run by id, whoever asks (a feed's last run: the feed was already reached), or null. */
export async function loadRun(db: Queryable, id: string): Promise<RunRow | null> {
  const { rows } = await db.query<RunRow>(`${SELECT_RUN} WHERE r.id = $1`, [id]);
  return rows[0] ?? null;
}

/** A feed's runs, newest first. */
export async function listRuns(db: Queryable, feedId: string, limit: number, offset: number): Promise<RunRow[]> {
  const { rows } = await db.query<RunRow>(
    `${SELECT_RUN} WHERE r.product_feed_id = $1 ORDER BY r.created_at DESC, r.id LIMIT $2 OFFSET $3`,
    [feedId, limit, offset],
  );
  return rows;
}

/** A feed as its resolvers answer it (codegen.ts maps the schema's ProductFeed to it). */
export type FeedObject = ReturnType<typeof toFeed>;
/** A run as its resolvers answer it (codegen.ts maps the schema's FeedImportRun to it). */
export type RunObject = ReturnType<typeof toRun>;
