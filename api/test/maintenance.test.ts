/** Table upkeep (db/maintenance.ts): dead rows reclaimed and statistics refreshed where due. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { maintainTables, startMaintenance } from '../src/db/maintenance.ts';
import { availableEngines } from './engines.ts';

const engines = await availableEngines();

describe.each(engines)('table upkeep on $name', (engine) => {
  let db: Database;
  beforeAll(async () => {
    db = await engine.open();
    // PostgreSQL's own autovacuum stays off this table so that what is checked is ours.
    await db.pool.query('CREATE TABLE upkeep_sample (id int PRIMARY KEY, note text) WITH (autovacuum_enabled = false)');
  });
  afterAll(async () => {
    await db?.close();
  });

  const stats = async () =>
    (
      await db.pool.query<{ dead: string; live: string; analyzed: boolean }>(
        `SELECT n_dead_tup AS dead, n_live_tup AS live, last_analyze IS NOT NULL AS analyzed
           FROM pg_stat_user_tables WHERE relname = 'upkeep_sample'`,
      )
    ).rows[0]!;

  it('vacuums and analyzes a table whose rows were rewritten, then leaves it alone', async () => {
    await db.pool.query(`INSERT INTO upkeep_sample SELECT g, 'first' FROM generate_series(1, 5000) g`);
    await db.pool.query(`UPDATE upkeep_sample SET note = 'second' WHERE id <= 3000`);
    await db.pool.query(`DELETE FROM upkeep_sample WHERE id > 4000`);

    const actions = await maintainTables(db.pool);
    const mine = actions.find((action) => action.table === 'public.upkeep_sample');
    expect(mine).toMatchObject({ action: 'vacuum analyze' });
    expect(await stats()).toMatchObject({ dead: '0', live: '4000', analyzed: true });

    const again = await maintainTables(db.pool);
    expect(again.find((action) => action.table === 'public.upkeep_sample')).toBeUndefined();
  });

  it('analyzes (without vacuum) a table that only grew', async () => {
    await db.pool.query(`INSERT INTO upkeep_sample SELECT g, 'more' FROM generate_series(10001, 16000) g`);
    const actions = await maintainTables(db.pool);
    expect(actions.find((a) => a.table === 'public.upkeep_sample')).toMatchObject({ action: 'analyze' });
    expect(await stats()).toMatchObject({ live: '10000', analyzed: true });
  });

  it('runs on an interval and reports what it did', async () => {
    await db.pool.query(`UPDATE upkeep_sample SET note = 'third'`);
    const lines: string[] = [];
    const stop = startMaintenance(db.pool, 50, (line) => lines.push(line));
    try {
      await expect.poll(() => lines.join('\n'), { timeout: 10_000 }).toMatch(/Database upkeep: .*upkeep_sample/);
    } finally {
      stop();
    }
    expect(await stats()).toMatchObject({ dead: '0' });
  });
});
