/**
 * A scraper's health from its recent runs (README.md, "Health"): pure rules, table-tested in
 * health.test.ts, and the refresh that keeps the result on the scraper row when a run ends.
 *
 * - unknown: no run has ended yet;
 * - failing: the last ended run failed, or fewer than half of the recent runs succeeded;
 * - degraded: the last successful run saw fewer products than expected by more than the drop
 *   threshold (expected = the mean of the earlier successful recent runs; nothing is expected
 *   before the second success), or more than a fifth of its pages failed, or
 *   fewer than four in five recent runs succeeded;
 * - healthy otherwise. A cancelled run counts neither way.
 */
import type { Pool, PoolClient } from 'pg';

export type Health = 'unknown' | 'healthy' | 'degraded' | 'failing';

export const RECENT_RUNS = 10;
export const DEGRADED_DROP_SHARE = 0.2;
const FAILED_PAGES_SHARE = 0.2;

export interface EndedRun {
  status: 'succeeded' | 'failed' | 'cancelled';
  productsSeen: number;
  productsFailed: number;
  endedAt: Date;
  failuresByKind: Record<string, number>;
}

export interface HealthSummary {
  health: Health;
  lastRunStatus: EndedRun['status'] | null;
  lastRunAt: Date | null;
  lastSuccessAt: Date | null;
  recentRuns: number;
  recentSuccesses: number;
  productsExpected: number | null;
  productsSeen: number | null;
  errorMix: Record<string, number>;
}

/** `runs`: the recent ended runs, newest first. */
export function summarizeHealth(runs: EndedRun[]): HealthSummary {
  const counted = runs.filter((r) => r.status !== 'cancelled').slice(0, RECENT_RUNS);
  const successes = counted.filter((r) => r.status === 'succeeded');
  const errorMix: Record<string, number> = {};
  for (const run of counted)
    for (const [kind, n] of Object.entries(run.failuresByKind)) errorMix[kind] = (errorMix[kind] ?? 0) + n;
  const last = counted[0] ?? null;
  const lastSuccess = successes[0] ?? null;
  const earlier = successes.slice(1);
  // Before a second success nothing is expected: a scraper may read only part of what the competitor lists.
  const productsExpected = earlier.length
    ? Math.round(earlier.reduce((sum, r) => sum + r.productsSeen, 0) / earlier.length)
    : null;
  const summary: HealthSummary = {
    health: 'unknown',
    lastRunStatus: (runs[0]?.status ?? null) as HealthSummary['lastRunStatus'],
    lastRunAt: runs[0]?.endedAt ?? null,
    lastSuccessAt: lastSuccess?.endedAt ?? null,
    recentRuns: counted.length,
    recentSuccesses: successes.length,
    productsExpected,
    productsSeen: lastSuccess?.productsSeen ?? null,
    errorMix,
  };
  if (!last) return summary;
  const rate = successes.length / counted.length;
  if (last.status === 'failed' || rate < 0.5) return { ...summary, health: 'failing' };
  const dropped =
    productsExpected != null &&
    productsExpected > 0 &&
    lastSuccess!.productsSeen < productsExpected * (1 - DEGRADED_DROP_SHARE);
  const pages = lastSuccess!.productsSeen + lastSuccess!.productsFailed;
  const manyFailed = pages > 0 && lastSuccess!.productsFailed / pages > FAILED_PAGES_SHARE;
  return { ...summary, health: dropped || manyFailed || rate < 0.8 ? 'degraded' : 'healthy' };
}

/** Recomputes a scraper's health from its recent runs and stores it on the scraper row. */
export async function refreshHealth(db: Pool | PoolClient, scraperId: string): Promise<HealthSummary> {
  const { rows } = await db.query<{
    status: EndedRun['status'];
    products_seen: number;
    products_failed: number;
    ended_at: Date;
    failures_by_kind: Record<string, number>;
    id: string;
  }>(
    `SELECT id, status, products_seen, products_failed, ended_at, failures_by_kind FROM scraper_runs
      WHERE scraper_id = $1 AND status IN ('succeeded', 'failed', 'cancelled')
      ORDER BY ended_at DESC NULLS LAST, id DESC LIMIT ${RECENT_RUNS * 2}`,
    [scraperId],
  );
  const summary = summarizeHealth(
    rows.map((r) => ({
      status: r.status,
      productsSeen: r.products_seen,
      productsFailed: r.products_failed,
      endedAt: r.ended_at,
      failuresByKind: r.failures_by_kind ?? {},
    })),
  );
  await db.query(
    `UPDATE scrapers SET health = $2, last_run_id = $3, last_run_status = $4, last_run_at = $5, last_success_at = $6,
            recent_runs = $7, recent_successes = $8, products_expected = $9, products_seen = $10, error_mix = $11
      WHERE id = $1`,
    [
      scraperId,
      summary.health,
      rows[0]?.id ?? null,
      summary.lastRunStatus,
      summary.lastRunAt,
      summary.lastSuccessAt,
      summary.recentRuns,
      summary.recentSuccesses,
      summary.productsExpected,
      summary.productsSeen,
      JSON.stringify(summary.errorMix),
    ],
  );
  return summary;
}

/** The worst health of a competitor's scrapers (unknown when it has none or none has run). */
export function worstHealth(healths: Health[]): Health {
  for (const h of ['failing', 'degraded', 'healthy'] as const) if (healths.includes(h)) return h;
  return 'unknown';
}
