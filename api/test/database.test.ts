/** Migrations and demo data on every available engine. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { loadMigrations, migrate } from '../src/db/migrate.ts';
import { DEMO_ORGANIZATIONS, seedDemoData } from '../src/seed/demo-data.ts';
import { DEMO_USERS } from '../src/seed/demo-users.ts';
import { availableEngines } from './engines.ts';
import { rowCounts } from './helpers.ts';

const engines = await availableEngines();

describe.each(engines)('database on $name', (engine) => {
  let db: Database;
  beforeAll(async () => {
    db = await engine.open();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('applies every migration once, in order, and nothing on a second run', async () => {
    const versions = loadMigrations().map((m) => m.version);
    expect(versions.length).toBeGreaterThan(0);
    expect(await migrate(db.pool)).toEqual(versions);
    expect(await migrate(db.pool)).toEqual([]);
    const { rows } = await db.pool.query('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(versions);
  });

  it('answers the next statement after one that failed, at once', async () => {
    // pg's pool replaces the connection of a failed statement (on PGlite: while the old one closes).
    for (let round = 0; round < 5; round++) {
      await expect(db.pool.query('SELECT 1 / 0')).rejects.toMatchObject({ code: '22012' });
      await expect(db.pool.query("SELECT 'x'::int")).rejects.toMatchObject({ code: '22P02' });
      expect((await db.pool.query('SELECT $1::int AS round', [round])).rows).toEqual([{ round }]);
    }
  });

  it('loads pg_trgm and btree_gist', async () => {
    const { rows } = await db.pool.query(
      "SELECT extname FROM pg_extension WHERE extname IN ('pg_trgm', 'btree_gist') ORDER BY extname",
    );
    expect(rows.map((r) => r.extname)).toEqual(['btree_gist', 'pg_trgm']);
  });

  it('rolls a failing migration back whole', async () => {
    const broken = [
      { version: '999', name: '999_broken', sql: 'CREATE TABLE half_done (id int); SELECT no_such_function();' },
    ];
    await expect(migrate(db.pool, broken)).rejects.toThrow();
    const { rows } = await db.pool.query(
      "SELECT to_regclass('half_done') AS t, (SELECT count(*)::int FROM schema_migrations WHERE version = '999') AS n",
    );
    expect(rows[0]).toEqual({ t: null, n: 0 });
  });

  it('seeds the demo data once; a second seed duplicates nothing', async () => {
    const first = await seedDemoData(db.pool, { websites: 660 });
    expect(first).toEqual({ organizations: 3, websites: 660, users: DEMO_USERS.length });
    const counts = await rowCounts(db.pool);
    expect(counts).toMatchObject({
      organizations: 3,
      websites: 660,
      organization_websites: 660,
      app_users: DEMO_USERS.length,
    });
    expect(counts.product_feeds).toBeGreaterThan(100);
    expect(counts.product_feeds).toBeLessThan(660);

    expect(await seedDemoData(db.pool, { websites: 660 })).toEqual({ organizations: 0, websites: 0, users: 0 });
    expect(await rowCounts(db.pool)).toEqual(counts);
  });

  it('spreads websites over the three organizations and puts each demo user in theirs', async () => {
    const { rows } = await db.pool.query(
      `SELECT o.slug, count(ow.id)::int AS n FROM organizations o LEFT JOIN organization_websites ow ON ow.organization_id = o.id GROUP BY o.slug`,
    );
    const perOrg = Object.fromEntries(rows.map((r) => [r.slug, r.n]));
    expect(Object.keys(perOrg).sort()).toEqual(DEMO_ORGANIZATIONS.map((o) => o.slug).sort());
    expect(perOrg.northwind).toBeGreaterThan(500);
    expect(perOrg.bohemia).toBeGreaterThan(0);
    expect(perOrg.danube).toBeGreaterThan(0);
    const users = await db.pool.query(
      'SELECT u.id, o.slug FROM app_users u LEFT JOIN organizations o ON o.id = u.organization_id',
    );
    const orgOf = Object.fromEntries(users.rows.map((r) => [r.id, r.slug]));
    for (const user of DEMO_USERS) expect(orgOf[user.uid] ?? null).toBe(user.organization);
  });

  it('has a trigram index for the name search', async () => {
    const { rows } = await db.pool.query(
      "SELECT indexdef FROM pg_indexes WHERE indexname = 'organization_websites_name_trgm_idx'",
    );
    expect(rows[0]?.indexdef).toMatch(/USING gin \(name gin_trgm_ops\)/);
  });
});
