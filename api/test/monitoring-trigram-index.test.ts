/**
 * Do the trigram GiST indexes answer what a scan of the table answers after inserts, updates,
 * deletes and rolled-back transactions? Both engines (PGlite is the one in question: a scraper
 * run's lookup `competitor_id = $1 AND id = ANY(...)` planned through the competitor products'
 * GiST index once answered 1 row of 3; api/src/monitoring/README.md, "Performance").
 *
 * Three indexes, each read the way its callers read it, through the index and again with index
 * scans off, after every step of a workload shaped like scraper runs and key refreshes:
 * - competitor_products_brand_name_gist_idx: the matching queue's name search (KNN within a
 *   competitor) and the batch writer's old lookup by competitor and ids or canonical addresses;
 * - competitor_product_matching_keys_brand_name_idx: the matching runs' candidate search (KNN
 *   within competitor and brand, and within the competitor alone);
 * - product_matching_keys_brand_name_idx: the reverse search (KNN within website and brand).
 *
 * This workload does not reproduce the miss (both engines agree with the scan). The resumed-run
 * scenario did, 1 run in 6 with the old lookup instrumented (monitoring README, "What a run
 * writes"): the trigger seems to need several processes on one PGlite session.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { startPgliteProcess } from '../src/db/pglite-process.ts';
import { createScratchDatabase } from '../src/db/scratch.ts';
import { availableEngines } from './engines.ts';
import { random } from '../src/monitoring/fixture-shop/catalogue.ts';

const engines = await availableEngines();
const COMPETITORS = 3;
const ROUNDS = 8;
const PER_ROUND = 150;
const KINDS = ['mobilni telefon', 'sluchatka', 'konvice', 'kavovar', 'tablet', 'reproduktor', 'vysavac', 'monitor'];
const BRANDS = ['acme', 'brema', 'lumo', 'vario', 'orbit', null];

type Client = pg.Pool | pg.PoolClient | pg.Client;

/** The indexes a plan reads, in order. */
const indexesOf = (plan: string) =>
  [...plan.matchAll(/Index (?:Only )?Scan (?:Backward )?(?:using|on) (\w+)/g)].map((found) => found[1]).join(' + ') ||
  'no index';

/** A query's rows read once through the indexes (sequential scans and sorts off) and once by a scan. */
async function bothWays(
  pool: pg.Pool,
  sql: string,
  params: unknown[],
): Promise<{ indexed: string[]; scanned: string[]; plan: string }> {
  const client = await pool.connect();
  try {
    const run = async (settings: string[]) => {
      await client.query('BEGIN');
      try {
        for (const setting of settings) await client.query(`SET LOCAL ${setting}`);
        const plan = (await client.query(`EXPLAIN ${sql}`, params)).rows
          .map((row) => row['QUERY PLAN'] as string)
          .join('\n');
        const rows = (await client.query<{ id: string }>(sql, params)).rows.map((row) => row.id);
        return { plan, rows };
      } finally {
        await client.query('COMMIT');
      }
    };
    const indexed = await run(['enable_seqscan = off', 'enable_sort = off']);
    const scanned = await run(['enable_indexscan = off', 'enable_bitmapscan = off', 'enable_indexonlyscan = off']);
    return { indexed: indexed.rows.sort(), scanned: scanned.rows.sort(), plan: indexed.plan };
  } finally {
    client.release();
  }
}

describe.each(engines)('Trigram GiST indexes agree with a scan after writes on $name', (engine) => {
  let db: Database;
  let websiteId: string;
  const competitorIds: string[] = [];
  const next = random(14);
  let serial = 0;

  beforeAll(async () => {
    const scratch = await createScratchDatabase(engine.name, 'console_trigram_index');
    if (engine.name === 'pglite') {
      // A generous start (the shared machine is often loaded), and room for the test's extra clients.
      const server = await startPgliteProcess(scratch.dir, 8, 180_000);
      const opened = await openDatabase({ pgliteDir: '', pgliteSocketDir: server.host });
      db = {
        ...opened,
        close: async () => {
          await opened.close();
          await server.stop();
          await scratch.discard();
        },
      };
    } else {
      const opened = await openDatabase({ databaseUrl: scratch.url, pgliteDir: '' });
      db = {
        ...opened,
        close: async () => {
          await opened.close();
          await scratch.discard();
        },
      };
    }
    await migrate(db.pool);
    const { pool } = db;
    const organizationId = (
      await pool.query(`INSERT INTO organizations (slug, name) VALUES ('gist-test', 'GiST test') RETURNING id`)
    ).rows[0].id;
    const site = (
      await pool.query(`INSERT INTO websites (name, url) VALUES ('GiST test', 'https://gist.example') RETURNING id`)
    ).rows[0].id;
    websiteId = (
      await pool.query(
        `INSERT INTO organization_websites (organization_id, website_id, name) VALUES ($1, $2, 'GiST test') RETURNING id`,
        [organizationId, site],
      )
    ).rows[0].id;
    for (let i = 0; i < COMPETITORS; i++)
      competitorIds.push(
        (
          await pool.query(
            `INSERT INTO competitors (organization_website_id, name, url) VALUES ($1, $2, $3) RETURNING id`,
            [websiteId, `Competitor ${i}`, `https://competitor-${i}.example`],
          )
        ).rows[0].id,
      );
  }, 240_000);
  afterAll(async () => {
    await db?.close();
  });

  const productName = () => {
    const kind = KINDS[Math.floor(next() * KINDS.length)]!;
    const brand = BRANDS[Math.floor(next() * BRANDS.length)];
    return { name: `${kind} ${brand ?? 'x'} model ${Math.floor(next() * 1000)}`, brand };
  };

  /** New competitor products with their matching keys (as an import or a run's new pages). */
  async function insertProducts(client: Client, competitorId: string, count: number): Promise<void> {
    const rows = Array.from({ length: count }, () => {
      serial += 1;
      const { name, brand } = productName();
      return { n: serial, name, brand, price: 100 + Math.floor(next() * 9000) };
    });
    await client.query(
      `WITH input AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS r(n int, name text, brand text, price numeric)),
            inserted AS (
              INSERT INTO competitor_products (competitor_id, external_id, name, brand, price, canonical_url)
              SELECT $1, 'e' || n, name, brand, price, 'https://shop.example/p/' || n FROM input
              RETURNING id, competitor_id, name, brand)
       INSERT INTO competitor_product_matching_keys (competitor_product_id, competitor_id, fingerprint, normalized_name, brand_key)
       SELECT id, competitor_id, md5(name), name, brand FROM inserted`,
      [competitorId, JSON.stringify(rows)],
    );
  }

  async function ourProducts(count: number): Promise<void> {
    const rows = Array.from({ length: count }, () => {
      serial += 1;
      return { n: serial, ...productName() };
    });
    await db.pool.query(
      `WITH input AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS r(n int, name text, brand text)),
            inserted AS (
              INSERT INTO products (organization_website_id, item_id, name, brand)
              SELECT $1, 'o' || n, name, brand FROM input RETURNING id, name, brand)
       INSERT INTO product_matching_keys (product_id, organization_website_id, fingerprint, normalized_name, brand_key)
       SELECT id, $1, md5(name), name, brand FROM inserted`,
      [websiteId, JSON.stringify(rows)],
    );
  }

  /** One round of writes shaped like a day of scraper runs and key refreshes. */
  async function writeRound(): Promise<void> {
    const { pool } = db;
    // Each competitor's new products in its own transaction, from two connections at once (on
    // PGlite two clients of its one session, as the API and a worker are).
    const other = new pg.Pool({ ...clientOptions(pool), max: 2 });
    try {
      await Promise.all(
        competitorIds.map(async (competitorId, i) => {
          const client = await (i % 2 ? other : pool).connect();
          try {
            await client.query('BEGIN');
            await insertProducts(client, competitorId, PER_ROUND);
            await client.query('COMMIT');
          } finally {
            client.release();
          }
        }),
      );
    } finally {
      await other.end();
    }
    await ourProducts(PER_ROUND / 3);
    // Price changes and "last seen" of a run's batches (the batch writer's statements' shape).
    const ids = (
      await pool.query<{ id: string }>(`SELECT id FROM competitor_products ORDER BY md5(id::text || $1) LIMIT $2`, [
        serial,
        PER_ROUND,
      ])
    ).rows.map((row) => row.id);
    await pool.query(
      `UPDATE competitor_products cp SET price = cp.price + 1, seen_at = now()
         FROM unnest($1::uuid[]) AS i(id) WHERE cp.id = i.id`,
      [ids],
    );
    await pool.query(
      `UPDATE competitor_products cp SET seen_at = now(), etag = 'W/"' || $2 || '"'
         FROM unnest($1::uuid[]) AS i(id) WHERE cp.id = i.id`,
      [ids.slice(0, PER_ROUND / 2), serial],
    );
    // Renamed products and their refreshed keys.
    const renamed = ids.slice(0, 20);
    await pool.query(`UPDATE competitor_products SET name = name || ' v' || $2 WHERE id = ANY($1::uuid[])`, [
      renamed,
      serial,
    ]);
    await pool.query(
      `UPDATE competitor_product_matching_keys k SET normalized_name = cp.name, fingerprint = md5(cp.name), updated_at = now()
         FROM competitor_products cp WHERE cp.id = k.competitor_product_id AND cp.id = ANY($1::uuid[])`,
      [renamed],
    );
    // A batch rolled back (a failed write), and one left open by a client that went away.
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await insertProducts(client, competitorIds[0]!, 40);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    const lost = new pg.Client(clientOptions(pool));
    lost.on('error', () => {}); // its end below is on purpose
    await lost.connect();
    await lost.query('BEGIN');
    await insertProducts(lost, competitorIds[1]!, 40);
    // The connection drops mid-transaction: the server rolls it back.
    (lost as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // A few products deleted.
    await pool.query(
      `DELETE FROM competitor_products WHERE id IN (SELECT id FROM competitor_products ORDER BY md5(id::text || $1) LIMIT 10)`,
      [`d${serial}`],
    );
  }

  /** What the pool connects to (PGlite: its socket), for another connection. */
  function clientOptions(pool: pg.Pool): pg.ClientConfig {
    const { connectionString, host, port, user, database, password } = pool.options as pg.PoolConfig;
    return connectionString ? { connectionString } : { host, port, user, database, password };
  }

  it('after each of several rounds of writes, every index read finds the rows a scan finds', async () => {
    const { pool } = db;
    const mismatches: string[] = [];
    const plans = new Set<string>();
    for (let round = 1; round <= ROUNDS; round++) {
      await writeRound();
      if (round === 3) await pool.query('ANALYZE competitor_products, competitor_product_matching_keys');
      for (const competitorId of competitorIds) {
        const query = productName();
        const sample = (
          await pool.query<{ id: string; canonical_url: string }>(
            `SELECT id, canonical_url FROM competitor_products WHERE competitor_id = $1 ORDER BY md5(id::text || $2) LIMIT 6`,
            [competitorId, round],
          )
        ).rows;
        const reads: [string, string, unknown[]][] = [
          [
            'competitor_products KNN within the competitor (matching queue search)',
            'SELECT id FROM competitor_products WHERE competitor_id = $1 ORDER BY name <-> $2',
            [competitorId, query.name],
          ],
          [
            'competitor_products by competitor and ids or canonical addresses (batch writer, before c76cc9f)',
            'SELECT id FROM competitor_products WHERE competitor_id = $1 AND (id = ANY($2::uuid[]) OR canonical_url = ANY($3::text[]))',
            [competitorId, sample.slice(0, 3).map((row) => row.id), sample.slice(3).map((row) => row.canonical_url)],
          ],
          [
            'competitor_product_matching_keys KNN within competitor and brand (candidates)',
            'SELECT competitor_product_id AS id FROM competitor_product_matching_keys WHERE competitor_id = $1 AND brand_key = $2 ORDER BY normalized_name <-> $3',
            [competitorId, query.brand ?? 'acme', query.name],
          ],
          [
            'competitor_product_matching_keys KNN within the competitor (candidates, no brand)',
            'SELECT competitor_product_id AS id FROM competitor_product_matching_keys WHERE competitor_id = $1 ORDER BY normalized_name <-> $2',
            [competitorId, query.name],
          ],
        ];
        for (const [label, sql, params] of reads) {
          const { indexed, scanned, plan } = await bothWays(pool, sql, params);
          plans.add(`${label}: ${indexesOf(plan)}`);
          if (indexed.join() !== scanned.join())
            mismatches.push(
              `round ${round}, ${label}: the index read found ${indexed.length} rows, a scan ${scanned.length} (${scanned.filter((id) => !indexed.includes(id)).length} missing)\n${plan}`,
            );
        }
      }
      const reverse = await bothWays(
        pool,
        'SELECT product_id AS id FROM product_matching_keys WHERE organization_website_id = $1 AND brand_key = $2 ORDER BY normalized_name <-> $3',
        [websiteId, 'acme', productName().name],
      );
      plans.add(`product_matching_keys KNN: ${indexesOf(reverse.plan)}`);
      if (reverse.indexed.join() !== reverse.scanned.join())
        mismatches.push(
          `round ${round}, product_matching_keys KNN: index ${reverse.indexed.length} rows, scan ${reverse.scanned.length}`,
        );
    }
    console.log(`${engine.name}: ${serial} rows written; plans through the indexes:\n  ${[...plans].join('\n  ')}`);
    // The KNN reads go through the GiST indexes (else the comparison shows nothing about them).
    expect([...plans].filter((plan) => /KNN/.test(plan) && !/gist_idx|brand_name_idx/.test(plan))).toEqual([]);
    expect(mismatches).toEqual([]);
  }, 600_000);
});
