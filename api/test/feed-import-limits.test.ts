/**
 * Feed imports and the other tenants (feeds/import.ts): the plan's monitored products are checked
 * before anything is merged, and a large import does not rebuild the products indexes (holding the
 * table alone for the whole merge) while other organizations have websites on the database.
 */
import { Readable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { runImport, startRun, type FeedToImport } from '../src/feeds/import.ts';
import { availableEngines, openMigrated } from './engines.ts';

const engines = await availableEngines();

function csv(from: number, to: number): string {
  const lines = ['id,name,price'];
  for (let n = from; n <= to; n++) lines.push(`P${n},Product ${n},${n}.50 CZK`);
  return `${lines.join('\n')}\n`;
}

describe.each(engines)('Feed imports and other tenants on $name', (engine) => {
  let db: Database;
  let sites = 0;

  async function organization(slug: string, plan: string): Promise<string> {
    const { rows } = await db.pool.query(
      `INSERT INTO organizations (slug, name, plan) VALUES ($1, $1, $2) RETURNING id`,
      [`${slug}-${process.pid}`, plan],
    );
    return rows[0].id;
  }
  async function feed(organizationId: string): Promise<FeedToImport> {
    sites++;
    const { rows } = await db.pool.query(
      `WITH w AS (INSERT INTO websites (name, url) VALUES ($1, $2) RETURNING id),
            ow AS (INSERT INTO organization_websites (organization_id, website_id, name) SELECT $3, id, $1 FROM w RETURNING id)
       INSERT INTO product_feeds (organization_website_id, name, source, format, csv_delimiter) SELECT id, 'Feed', 'upload', 'csv', ',' FROM ow
       RETURNING id, organization_website_id`,
      [`Limits Shop ${sites}`, `https://limits-${sites}-${process.pid}.shop.example`, organizationId],
    );
    return {
      id: rows[0].id,
      organization_website_id: rows[0].organization_website_id,
      format: 'csv',
      column_mapping: null,
      csv_delimiter: ',',
    };
  }
  async function importFile(target: FeedToImport, file: string, rebuildIndexesFrom?: number) {
    const runId = await startRun(db.pool, target.id, { startedBy: null, source: 'upload' });
    await runImport(
      db.pool,
      runId,
      target,
      Readable.from([file]),
      rebuildIndexesFrom === undefined ? {} : { rebuildIndexesFrom },
    );
    const { rows } = await db.pool.query(
      'SELECT status, products_created, error_message FROM feed_import_runs WHERE id = $1',
      [runId],
    );
    return rows[0] as { status: string; products_created: number; error_message: string | null };
  }
  const activeProducts = async (websiteId: string) =>
    (
      await db.pool.query(
        `SELECT item_id FROM products WHERE organization_website_id = $1 AND active ORDER BY item_id`,
        [websiteId],
      )
    ).rows.map((row) => row.item_id as string);
  const indexOids = async () =>
    (
      await db.pool.query(
        `SELECT indexrelid::int AS oid FROM pg_index WHERE indrelid = 'products'::regclass ORDER BY 1`,
      )
    ).rows.map((row) => row.oid as number);

  beforeAll(async () => {
    db = await openMigrated(engine);
    // A small plan of the test's own: 30 monitored products.
    await db.pool.query(`INSERT INTO plans (id, name, position, max_websites, max_monitored_products, max_competitors, max_users, monthly_price, currency)
                         VALUES ('limits-test', 'Limits Test', 99, 10, 30, 10, 10, 1, 'CZK') ON CONFLICT (id) DO NOTHING`);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('refuses an import that would exceed the plan before merging anything, counting every website of the organization', async () => {
    const org = await organization('small', 'limits-test');
    const first = await feed(org);
    const second = await feed(org);
    expect(await importFile(first, csv(1, 20))).toMatchObject({ status: 'succeeded', products_created: 20 });
    // 20 + 11 = 31 > 30: the whole file is refused, the other website's and this one's products unchanged.
    const refused = await importFile(second, csv(1, 11));
    expect(refused.status).toBe('failed');
    expect(refused.error_message).toMatch(
      /Plan limit reached: monitored products \(the Limits Test plan allows 30\)\. This import would make 31 \(the organization has 20\); nothing was imported/,
    );
    expect(await activeProducts(second.organization_website_id)).toEqual([]);
    expect((await activeProducts(first.organization_website_id)).length).toBe(20);
    // Exactly up to the limit is fine; replacing a feed's products counts what the file leaves.
    expect(await importFile(second, csv(1, 10))).toMatchObject({ status: 'succeeded', products_created: 10 });
    expect(await importFile(first, csv(101, 120))).toMatchObject({ status: 'succeeded', products_created: 20 });
    expect((await activeProducts(first.organization_website_id)).length).toBe(20);
  });

  it('lets an organization already over its plan (a downgrade) import what does not add to it', async () => {
    const org = await organization('downgraded', 'starter');
    const target = await feed(org);
    expect(await importFile(target, csv(1, 40))).toMatchObject({ status: 'succeeded' });
    await db.pool.query(`UPDATE organizations SET plan = 'limits-test' WHERE id = $1`, [org]);
    expect(await importFile(target, csv(1, 40))).toMatchObject({ status: 'succeeded', products_created: 0 });
    expect((await importFile(target, csv(1, 41))).status).toBe('failed');
    expect((await activeProducts(target.organization_website_id)).length).toBe(40);
  });

  it('does not rebuild the products indexes while other organizations have websites (their queries would wait for the whole merge)', async () => {
    const other = await organization('other-tenant', 'enterprise');
    const theirs = await feed(other);
    expect(await importFile(theirs, csv(1, 5))).toMatchObject({ status: 'succeeded' });
    const mine = await feed(await organization('large-import', 'enterprise'));
    const before = await indexOids();
    // Large enough to rebuild on a database of its own (rebuildIndexesFrom 1): the indexes stay (same oids).
    expect(await importFile(mine, csv(1, 2_000), 1)).toMatchObject({ status: 'succeeded', products_created: 2_000 });
    expect(await indexOids()).toEqual(before);
  });

  it.runIf(engine.name === 'postgres')(
    "answers another tenant's product query while a large import merges",
    async () => {
      const other = await organization('reader', 'enterprise');
      const theirs = await feed(other);
      expect(await importFile(theirs, csv(1, 5))).toMatchObject({ status: 'succeeded' });
      const mine = await feed(await organization('bulk-writer', 'enterprise'));
      // The other tenant holds a read of its products open for the whole import: a merge that
      // dropped the indexes would wait for it (ACCESS EXCLUSIVE), and block the reads after it.
      const reader = new pg.Client({
        connectionString: (db.pool as unknown as { options: { connectionString: string } }).options.connectionString,
      });
      await reader.connect();
      try {
        await reader.query('BEGIN');
        expect(
          (
            await reader.query('SELECT count(*)::int AS n FROM products WHERE organization_website_id = $1', [
              theirs.organization_website_id,
            ])
          ).rows[0].n,
        ).toBe(5);
        const importing = importFile(mine, csv(1, 20_000), 1);
        let answered = 0;
        let finished = false;
        void importing.finally(() => (finished = true));
        while (!finished) {
          const started = performance.now();
          const { rows } = await reader.query({
            text: 'SELECT count(*)::int AS n FROM products WHERE organization_website_id = $1',
            values: [theirs.organization_website_id],
          });
          expect(rows[0].n).toBe(5);
          expect(performance.now() - started).toBeLessThan(2_000);
          answered++;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const run = await Promise.race([
          importing,
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error('the import waited for the other tenant')), 60_000),
          ),
        ]);
        expect(run).toMatchObject({ status: 'succeeded', products_created: 20_000 });
        expect(answered).toBeGreaterThan(0);
        await reader.query('COMMIT');
      } finally {
        await reader.end();
      }
    },
    120_000,
  );
});
