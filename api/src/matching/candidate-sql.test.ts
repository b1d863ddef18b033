import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatchingSchema, findCandidates, insertCompetitorProducts, type CompetitorProductRow } from './candidate-sql.ts';

const product = (id: string, normalizedName: string, extra: Partial<CompetitorProductRow> = {}): CompetitorProductRow => ({
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

describe('candidate SQL on PGlite', () => {
  let db: PGlite;

  beforeAll(async () => {
    db = await PGlite.create({ extensions: { pg_trgm, btree_gist } });
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
  afterAll(() => db.close());

  const query = {
    normalizedName: '',
    brand: null,
    gtin: null,
    codes: [] as string[],
    codeVariants: [] as string[],
    nameLimit: 2,
    codeLimit: 5,
  };

  it.each([
    ['nearest names within the brand', { normalizedName: 'sony turntable', brand: 'sony' }, '1', ['brand_name', 'name']],
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

  it('returns the stored product fields', async () => {
    const rows = await findCandidates(db, { ...query, normalizedName: 'x', codes: ['pslx350h'] });
    expect(rows.find((row) => row.id === '1')).toMatchObject({
      name: 'sony turntable pslx350h',
      brand: 'sony',
      nameCodes: ['pslx350h'],
      descriptionCodes: [],
      price: null,
    });
  });

  it('orders names within a brand by the GiST index (KNN)', async () => {
    await db.query('SET enable_seqscan = off');
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT id FROM matching_competitor_product WHERE brand = 'sony' ORDER BY normalized_name <-> 'sony turntable' LIMIT 5`,
    );
    await db.query('RESET enable_seqscan');
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Index Scan using matching_competitor_product_brand_name/);
  });
});
