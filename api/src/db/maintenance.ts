/**
 * Table upkeep for the embedded database. PostgreSQL's autovacuum workers are background
 * processes, and PGlite runs none: without this, rows left dead by updates and deletes (feed
 * re-imports, matching decisions) are never reclaimed and the planner's statistics grow stale,
 * so a list plans as if a table still had the size it had at start. The API's PGlite mode runs
 * `maintainTables` on an interval; PostgreSQL keeps its own autovacuum.
 *
 * Thresholds are autovacuum's defaults: VACUUM when dead rows exceed 50 + 20% of the live
 * rows, ANALYZE when rows changed since the last analyze exceed 50 + 10%.
 */
import type { Pool } from 'pg';

export interface MaintenanceAction {
  table: string;
  action: 'vacuum analyze' | 'analyze';
  ms: number;
}

const DUE = `
  SELECT quote_ident(schemaname) || '.' || quote_ident(relname) AS table,
         n_dead_tup > 50 + 0.2 * n_live_tup AS vacuum
    FROM pg_stat_user_tables
   WHERE n_dead_tup > 50 + 0.2 * n_live_tup
      OR n_mod_since_analyze > 50 + 0.1 * n_live_tup
   ORDER BY n_dead_tup + n_mod_since_analyze DESC`;

/** Vacuums and analyzes the tables that need it now; returns what it did. Never inside a transaction. */
export async function maintainTables(pool: Pool): Promise<MaintenanceAction[]> {
  // The statistics of the last statements may still wait in the backend: publish them first.
  await pool.query('SELECT pg_stat_force_next_flush()');
  const due = await pool.query<{ table: string; vacuum: boolean }>(DUE);
  const done: MaintenanceAction[] = [];
  for (const { table, vacuum } of due.rows) {
    const started = performance.now();
    // `table` comes from quote_ident: safe to place in the statement.
    await pool.query(vacuum ? `VACUUM (ANALYZE) ${table}` : `ANALYZE ${table}`);
    done.push({ table, action: vacuum ? 'vacuum analyze' : 'analyze', ms: Math.round(performance.now() - started) });
  }
  return done;
}

/** Default interval: DB_MAINTENANCE_INTERVAL_MS, else 5 minutes. */
export function maintenanceInterval(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.DB_MAINTENANCE_INTERVAL_MS);
  return Number.isFinite(value) && value > 0 ? value : 5 * 60_000;
}

/** Runs `maintainTables` every `intervalMs` (one pass at a time); the returned function stops it. */
export function startMaintenance(
  pool: Pool,
  intervalMs: number,
  log: (line: string) => void = console.log,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    maintainTables(pool)
      .then((actions) => {
        if (actions.length)
          log(`Database upkeep: ${actions.map((a) => `${a.action} ${a.table} (${a.ms} ms)`).join(', ')}`);
      })
      .catch((error: unknown) => log(`Database upkeep failed: ${(error as Error).message}`))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
