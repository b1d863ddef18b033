/** product_feeds and feed_import_runs rows as the API shows them, and the tenant-scoped lookups. */
import type { Pool, PoolClient } from 'pg';
import type { ApiContext } from '../graphql/context.ts';
import { notFound } from '../graphql/errors.ts';
import { FEED_FIELDS, type FeedField } from './fields.ts';
import type { FeedFormat, FeedToImport } from './import.ts';

type Queryable = Pool | PoolClient;

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

const upper = (value: string) => value.toUpperCase();

export function toFeed(row: FeedRow) {
  const mapping = row.column_mapping;
  return {
    id: row.id,
    organizationWebsiteId: row.organization_website_id,
    name: row.name,
    source: upper(row.source),
    url: row.url,
    format: upper(row.format as FeedFormat),
    columnMapping: mapping
      ? FEED_FIELDS.filter((field) => mapping[field]).map((field) => ({
          field: upper(field),
          column: mapping[field as FeedField]!,
        }))
      : null,
    csvDelimiter: row.csv_delimiter,
    // The first slice allowed hourly and weekly; the console offers manual and daily, and the
    // scheduler runs every non-manual feed daily.
    schedule: row.schedule === 'manual' ? 'MANUAL' : 'DAILY',
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
    status: upper(row.status),
    source: upper(row.source),
    fileName: row.file_name,
    bytesRead: Number(row.bytes_read),
    rowsRead: row.rows_read,
    rowsImported: row.rows_imported,
    rowsRejected: row.rows_rejected,
    productsCreated: row.products_created,
    productsUpdated: row.products_updated,
    productsDeactivated: row.products_deactivated,
    errorMessage: row.error_message,
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
      'SELECT line, item_id, field, reason FROM feed_import_errors WHERE run_id = $1 ORDER BY seq LIMIT $2 OFFSET $3',
      [runId, limit, offset],
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM feed_import_errors WHERE run_id = $1', [runId]),
  ]);
  return {
    data: page.rows.map((e) => ({ line: e.line, itemId: e.item_id, field: e.field, reason: e.reason })),
    meta: { pagination: { total: count.rows[0]!.total } },
  };
}
