/**
 * The scrapers' SQL (README.md): list with health (one indexed read of the scraper rows; health
 * is kept on them, health.ts), detail, create, update, delete, runs and their failed pages.
 * `scope` is the caller's organization (null for an Admin): rows of another are not found.
 */
import type { Pool, PoolClient } from 'pg';
import type { ReasonCode, ReasonValues } from './reasons.ts';
import { FREQUENCY_INTERVAL, type ScraperRunRow } from './run-store.ts';

type Db = Pool | PoolClient;

export interface ScraperRow {
  id: string;
  name: string;
  enabled: boolean;
  settings: unknown;
  competitor_id: string;
  competitor_name: string;
  competitor_url: string;
  scraping_frequency: string;
  organization_id: string;
  organization_name: string;
  website_name: string;
  created_at: Date;
  updated_at: Date;
  next_run_at: Date;
  health: string;
  last_run_status: string | null;
  last_run_at: Date | null;
  last_success_at: Date | null;
  recent_runs: number;
  recent_successes: number;
  products_expected: number | null;
  products_seen: number | null;
  error_mix: Record<string, number>;
  active_run_id: string | null;
  active_run_status: string | null;
}

const SELECT_SCRAPER = `
  SELECT s.id, s.name, s.enabled, s.competitor_id, c.name AS competitor_name, c.url AS competitor_url, c.scraping_frequency,
         o.id AS organization_id, o.name AS organization_name, ow.name AS website_name,
         s.created_at, s.updated_at, s.next_run_at, s.health, s.last_run_status, s.last_run_at, s.last_success_at,
         s.recent_runs, s.recent_successes, s.products_expected, s.products_seen, s.error_mix,
         ar.id AS active_run_id, ar.status AS active_run_status`;
const FROM_SCRAPER = `
    FROM scrapers s
    JOIN competitors c ON c.id = s.competitor_id
    JOIN organization_websites ow ON ow.id = c.organization_website_id
    JOIN organizations o ON o.id = ow.organization_id
    LEFT JOIN scraper_runs ar ON ar.scraper_id = s.id AND ar.status IN ('queued', 'running')`;

export const SCRAPER_SORTS = {
  NAME_ASC: 's.name ASC, s.id ASC',
  NAME_DESC: 's.name DESC, s.id DESC',
  LAST_RUN_AT_DESC: 's.last_run_at DESC NULLS LAST, s.name ASC, s.id ASC',
  HEALTH: `array_position(ARRAY['failing', 'degraded', 'unknown', 'healthy'], s.health), s.name ASC, s.id ASC`,
} as const;

export interface ScraperFilter {
  scope: string | null;
  search: string | null;
  health: string[] | null;
  competitorId: string | null;
  enabled: boolean | null;
  sort: keyof typeof SCRAPER_SORTS;
  limit: number;
  offset: number;
}

export async function listScrapers(db: Db, filter: ScraperFilter): Promise<{ rows: ScraperRow[]; total: number }> {
  const params: unknown[] = [];
  const conditions: string[] = [];
  const add = (value: unknown, condition: (n: number) => string) => {
    params.push(value);
    conditions.push(condition(params.length));
  };
  if (filter.scope) add(filter.scope, (n) => `ow.organization_id = $${n}`);
  if (filter.search) add(filter.search, (n) => `(s.name ILIKE $${n} OR c.name ILIKE $${n})`);
  if (filter.health?.length) add(filter.health, (n) => `s.health = ANY($${n}::text[])`);
  if (filter.competitorId) add(filter.competitorId, (n) => `s.competitor_id = $${n}`);
  if (filter.enabled != null) add(filter.enabled, (n) => `s.enabled = $${n}`);
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const n = params.length;
  // One statement carries the page and the total (a second round trip only past the end).
  const page = await db.query<ScraperRow & { total: number }>(
    `${SELECT_SCRAPER}, count(*) OVER ()::int AS total ${FROM_SCRAPER} ${where} ORDER BY ${SCRAPER_SORTS[filter.sort]} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, filter.limit, filter.offset],
  );
  const total =
    page.rows[0]?.total ??
    (filter.offset > 0
      ? (
          await db.query<{ total: number }>(
            `SELECT count(*)::int AS total FROM scrapers s JOIN competitors c ON c.id = s.competitor_id JOIN organization_websites ow ON ow.id = c.organization_website_id ${where}`,
            params,
          )
        ).rows[0]!.total
      : 0);
  return { rows: page.rows, total };
}

export async function findScraper(
  db: Db,
  id: string,
  scope: string | null,
  withSettings = true,
): Promise<ScraperRow | null> {
  const { rows } = await db.query<ScraperRow>(
    `${SELECT_SCRAPER}${withSettings ? ', s.settings' : ''} ${FROM_SCRAPER} WHERE s.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)`,
    [id, scope],
  );
  return rows[0] ?? null;
}

export async function scrapersOfCompetitor(db: Db, competitorId: string): Promise<ScraperRow[]> {
  const { rows } = await db.query<ScraperRow>(
    `${SELECT_SCRAPER} ${FROM_SCRAPER} WHERE s.competitor_id = $1 ORDER BY s.name, s.id`,
    [competitorId],
  );
  return rows;
}

export async function lastCollectedAt(db: Db, competitorId: string): Promise<Date | null> {
  const { rows } = await db.query<{ at: Date | null }>(
    'SELECT max(last_success_at) AS at FROM scrapers WHERE competitor_id = $1',
    [competitorId],
  );
  return rows[0]?.at ?? null;
}

/**
 * A new scraper's first scheduled run comes one scraping period after it is added (README.md,
 * "Runs"): the Admin configures it and starts it with "Run now"; due at once, the schedule would
 * run it on the default settings while the Admin is still filling them in.
 */
export async function insertScraper(
  db: Db,
  competitorId: string,
  values: { name: string; enabled: boolean; settings: unknown },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO scrapers (competitor_id, name, enabled, settings, next_run_at)
     SELECT $1, $2, $3, $4, now() + coalesce($5::jsonb ->> c.scraping_frequency, '1 day')::interval
       FROM competitors c WHERE c.id = $1
     RETURNING id`,
    [competitorId, values.name, values.enabled, JSON.stringify(values.settings), JSON.stringify(FREQUENCY_INTERVAL)],
  );
  return rows[0]!.id;
}

export async function updateScraper(
  db: Db,
  id: string,
  values: { name?: string; enabled?: boolean; settings?: unknown },
): Promise<void> {
  await db.query(
    `UPDATE scrapers SET name = coalesce($2, name), enabled = coalesce($3, enabled), settings = coalesce($4::jsonb, settings), updated_at = now() WHERE id = $1`,
    [
      id,
      values.name ?? null,
      values.enabled ?? null,
      values.settings === undefined ? null : JSON.stringify(values.settings),
    ],
  );
}

export async function deleteScraper(db: Db, id: string): Promise<void> {
  await db.query('DELETE FROM scrapers WHERE id = $1', [id]);
}

export async function listRuns(
  db: Db,
  scraperId: string,
  limit: number,
  offset: number,
): Promise<{ rows: ScraperRunRow[]; total: number }> {
  const [page, count] = await Promise.all([
    db.query<ScraperRunRow>(
      'SELECT * FROM scraper_runs WHERE scraper_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3',
      [scraperId, limit, offset],
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM scraper_runs WHERE scraper_id = $1', [scraperId]),
  ]);
  return { rows: page.rows, total: count.rows[0]!.total };
}

/** The run if its scraper is within the caller's reach. */
export async function findRunInScope(db: Db, runId: string, scope: string | null): Promise<ScraperRunRow | null> {
  const { rows } = await db.query<ScraperRunRow>(
    `SELECT r.* FROM scraper_runs r JOIN scrapers s ON s.id = r.scraper_id JOIN competitors c ON c.id = s.competitor_id
       JOIN organization_websites ow ON ow.id = c.organization_website_id
      WHERE r.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)`,
    [runId, scope],
  );
  return rows[0] ?? null;
}

export interface FailureRow {
  id: string;
  url: string;
  kind: string;
  reason: string;
  code: ReasonCode | null;
  params: ReasonValues | null;
  created_at: Date;
}

export async function listFailures(
  db: Db,
  runId: string,
  limit: number,
  offset: number,
): Promise<{ rows: FailureRow[]; total: number }> {
  const [page, count] = await Promise.all([
    db.query<FailureRow>(
      'SELECT id::text, url, kind, reason, code, params, created_at FROM scraper_run_failures WHERE run_id = $1 ORDER BY id LIMIT $2 OFFSET $3',
      [runId, limit, offset],
    ),
    db.query<{ total: number }>('SELECT count(*)::int AS total FROM scraper_run_failures WHERE run_id = $1', [runId]),
  ]);
  return { rows: page.rows, total: count.rows[0]!.total };
}

export async function competitorProductUrl(db: Db, competitorId: string, productId: string): Promise<string | null> {
  const { rows } = await db.query<{ url: string | null }>(
    'SELECT coalesce(canonical_url, url) AS url FROM competitor_products WHERE id = $1 AND competitor_id = $2',
    [productId, competitorId],
  );
  return rows[0]?.url ?? null;
}
