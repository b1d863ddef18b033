import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMatchingSchema,
  findCandidates,
  insertCompetitorProducts,
  type CompetitorProductRow,
  type SqlClient,
} from './candidate-sql.ts';

interface TestDatabase {
  client: SqlClient;
  close(): Promise<void>;
}

async function openPglite(): Promise<TestDatabase> {
  const db = await PGlite.create({ extensions: { pg_trgm, btree_gist } });
  return { client: db, close: () => db.close() };
}

const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** A scratch database on the PostgreSQL server, dropped afterwards; null when no server answers. */
async function openPostgres(): Promise<TestDatabase | null> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `matching_test_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    client,
    close: async () => {
      await client.end();
      await admin.query(`DROP DATABASE ${name}`);
      await admin.end();
    },
  };
}

const postgres = await openPostgres();
if (!postgres) console.warn(`candidate SQL on PostgreSQL skipped: no server at ${POSTGRES_URL}`);
const engines: [string, () => Promise<TestDatabase | null>][] = [
  ['PGlite', openPglite],
  ['PostgreSQL', async () => postgres],
];

const product = (
  id: string,
  normalizedName: string,
  extra: Partial<CompetitorProductRow> = {},
): CompetitorProductRow => ({
  id,
  name: normalizedName,
  normalizedName,
  brand: null,
  gtin: null,
  mpn: null,
  price: null,
  nameCodes: [],
  descriptionCodes: [],
  ...extra,
});

describe.each(engines)('candidate SQL on %s', (engine, open) => {
  let database: TestDatabase;
  let db: SqlClient;

  beforeAll(async () => {
    const opened = await open();
    if (!opened) return;
    database = opened;
    db = database.client;
    await createMatchingSchema(db);
    await createMatchingSchema(db); // idempotent
    await insertCompetitorProducts(db, [
      product('1', 'sony turntable pslx350h', { brand: 'sony', nameCodes: ['pslx350h'] }),
      product('2', 'sony cd player cdpce375', { brand: 'sony', nameCodes: ['cdpce375'] }),
      product('3', 'denon turntable dp29f', { brand: 'denon', nameCodes: ['dp29f'] }),
      product('4', 'mleko polotucne 1000ml', { brand: 'madeta', gtin: '08594001234561' }),
      product('5', 'microwave oven', { brand: 'panasonic', nameCodes: ['nnc994ss'] }),
      product('6', 'logitech webcam', { brand: 'logitech', descriptionCodes: ['961464'] }),
    ]);
  });
  afterAll(() => database?.close());

  const query = {
    normalizedName: '',
    brand: null,
    gtin: null,
    codes: [] as string[],
    codeVariants: [] as string[],
    nameLimit: 2,
    codeLimit: 5,
  };

  const itOnEngine = engine === 'PostgreSQL' && !postgres ? it.skip : it;

  itOnEngine.each([
    ['nearest names within the brand', { normalizedName: 'sony turntable', brand: 'sony' }, '1', ['brand_name']],
    [
      'names outside a brand with too few products',
      { normalizedName: 'sony turntable', brand: 'denon' },
      '1',
      ['name'],
    ],
    ['nearest names without a brand', { normalizedName: 'denon turntable' }, '3', ['name']],
    ['an identical GTIN', { normalizedName: 'milk', gtin: '08594001234561' }, '4', ['gtin']],
    ['an identical code', { normalizedName: 'x', codes: ['cdpce375'] }, '2', ['code']],
    ['a longer code (prefix)', { normalizedName: 'x', codes: ['nnc994'] }, '5', ['code']],
    ['a longer code (suffix)', { normalizedName: 'x', codes: ['29f'] }, '3', ['code']],
    ['a shorter code', { normalizedName: 'x', codes: ['9614640403'], codeVariants: ['961464'] }, '6', ['code']],
  ])('finds %s', async (_name, overrides, expectedId, expectedSources) => {
    const rows = await findCandidates(db, { ...query, ...overrides });
    const found = rows.find((row) => row.id === expectedId);
    expect(found?.sources).toEqual(expect.arrayContaining(expectedSources));
  });

  itOnEngine('returns the stored product fields', async () => {
    const rows = await findCandidates(db, { ...query, normalizedName: 'x', codes: ['pslx350h'] });
    expect(rows.find((row) => row.id === '1')).toMatchObject({
      name: 'sony turntable pslx350h',
      brand: 'sony',
      nameCodes: ['pslx350h'],
      descriptionCodes: [],
      price: null,
    });
  });

  itOnEngine('orders names within a brand by the GiST index (KNN)', async () => {
    await db.query('SET enable_seqscan = off');
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT id FROM matching_competitor_product WHERE brand = 'sony' ORDER BY normalized_name <-> 'sony turntable' LIMIT 5`,
    );
    await db.query('RESET enable_seqscan');
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(
      /Index Scan using matching_competitor_product_brand_name/,
    );
  });
});
