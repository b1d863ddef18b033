/**
 * The SQL side of candidate generation: scratch tables holding one competitor's products, and the
 * query that proposes candidates for one product. Plain SQL that runs unchanged on PostgreSQL 15
 * and on PGlite (with the pg_trgm and btree_gist extensions).
 *
 * Candidates come from four sources, unioned: identical GTIN, model numbers (identical, or a
 * longer / shorter prefix or suffix variant, through B-tree range scans on the code and on the
 * reversed code), and the trigram nearest neighbours of the name within the brand (GiST on
 * (brand, name gist_trgm_ops), KNN by `<->`), or without the brand filter when the brand is
 * unknown or gives fewer than the wanted number of candidates.
 */

/** What the query needs from a database: PGlite and pg's Pool/Client both fit. */
export interface SqlClient {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

export const MATCHING_SCHEMA = [
  'CREATE EXTENSION IF NOT EXISTS pg_trgm',
  'CREATE EXTENSION IF NOT EXISTS btree_gist',
  `CREATE TABLE IF NOT EXISTS matching_competitor_product (
     id text PRIMARY KEY,
     name text NOT NULL,
     normalized_name text NOT NULL,
     brand text,
     gtin text,
     mpn text,
     price numeric,
     name_codes text[] NOT NULL DEFAULT '{}',
     description_codes text[] NOT NULL DEFAULT '{}'
   )`,
  `CREATE TABLE IF NOT EXISTS matching_competitor_code (
     product_id text NOT NULL REFERENCES matching_competitor_product (id) ON DELETE CASCADE,
     code text COLLATE "C" NOT NULL,
     reversed_code text COLLATE "C" NOT NULL
   )`,
  `CREATE INDEX IF NOT EXISTS matching_competitor_product_brand_name
     ON matching_competitor_product USING gist (brand, normalized_name gist_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS matching_competitor_product_name
     ON matching_competitor_product USING gist (normalized_name gist_trgm_ops)`,
  `CREATE INDEX IF NOT EXISTS matching_competitor_product_gtin
     ON matching_competitor_product (gtin) WHERE gtin IS NOT NULL`,
  'CREATE INDEX IF NOT EXISTS matching_competitor_code_code ON matching_competitor_code (code)',
  'CREATE INDEX IF NOT EXISTS matching_competitor_code_reversed ON matching_competitor_code (reversed_code)',
];

export async function createMatchingSchema(client: SqlClient): Promise<void> {
  for (const statement of MATCHING_SCHEMA) await client.query(statement);
}

export interface CompetitorProductRow {
  id: string;
  name: string;
  normalizedName: string;
  brand: string | null;
  gtin: string | null;
  mpn: string | null;
  price: number | null;
  nameCodes: string[];
  descriptionCodes: string[];
}

const INSERT_BATCH = 500;

export async function insertCompetitorProducts(client: SqlClient, rows: CompetitorProductRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    await client.query(
      `INSERT INTO matching_competitor_product
         (id, name, normalized_name, brand, gtin, mpn, price, name_codes, description_codes)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(
         id text, name text, normalized_name text, brand text, gtin text, mpn text, price numeric,
         name_codes text[], description_codes text[])`,
      [
        JSON.stringify(
          batch.map((row) => ({
            id: row.id,
            name: row.name,
            normalized_name: row.normalizedName,
            brand: row.brand,
            gtin: row.gtin,
            mpn: row.mpn,
            price: row.price,
            name_codes: row.nameCodes,
            description_codes: row.descriptionCodes,
          })),
        ),
      ],
    );
    await client.query(
      `INSERT INTO matching_competitor_code (product_id, code, reversed_code)
       SELECT DISTINCT r.id, c.code, reverse(c.code)
       FROM jsonb_to_recordset($1::jsonb) AS r(id text, codes text[]), unnest(r.codes) AS c(code)`,
      [JSON.stringify(batch.map((row) => ({ id: row.id, codes: [...row.nameCodes, ...row.descriptionCodes] })))],
    );
  }
  await client.query('ANALYZE matching_competitor_product');
  await client.query('ANALYZE matching_competitor_code');
}

export interface CandidateQuery {
  normalizedName: string;
  brand: string | null;
  gtin: string | null;
  /** the product's model numbers (and its MPN) */
  codes: string[];
  /** shorter prefix / suffix variants of the codes */
  codeVariants: string[];
  /** nearest neighbours by name, per source (within the brand, and without) */
  nameLimit: number;
  /** candidates per model number */
  codeLimit: number;
}

/** Ids of candidate competitor products, each with the sources that proposed it. */
export const CANDIDATE_SQL = `
WITH query_code AS (SELECT unnest($4::text[]) AS code),
by_gtin AS (
  SELECT id, 'gtin' AS source FROM matching_competitor_product WHERE $3::text IS NOT NULL AND gtin = $3
),
by_code AS (
  SELECT found.product_id AS id, 'code' AS source
  FROM query_code q
  CROSS JOIN LATERAL (
    SELECT c.product_id FROM matching_competitor_code c
    WHERE c.code >= q.code AND c.code < q.code || '~'
    LIMIT $7
  ) found
  UNION ALL
  SELECT found.product_id, 'code'
  FROM query_code q
  CROSS JOIN LATERAL (
    SELECT c.product_id FROM matching_competitor_code c
    WHERE c.reversed_code >= reverse(q.code) AND c.reversed_code < reverse(q.code) || '~'
    LIMIT $7
  ) found
  UNION ALL
  SELECT c.product_id, 'code' FROM matching_competitor_code c WHERE c.code = ANY($5::text[])
),
by_brand_name AS (
  SELECT id, 'brand_name' AS source FROM matching_competitor_product
  WHERE $2::text IS NOT NULL AND brand = $2
  ORDER BY normalized_name <-> $1::text
  LIMIT $6
),
by_name AS (
  SELECT id, 'name' AS source FROM matching_competitor_product
  WHERE (SELECT count(*) FROM by_brand_name) < $6
  ORDER BY normalized_name <-> $1::text
  LIMIT $6
),
candidate AS (
  SELECT id, array_agg(DISTINCT source) AS sources
  FROM (SELECT * FROM by_gtin UNION ALL SELECT * FROM by_code
        UNION ALL SELECT * FROM by_brand_name UNION ALL SELECT * FROM by_name) proposed
  GROUP BY id
)
SELECT p.id, p.name, p.normalized_name, p.brand, p.gtin, p.mpn, p.price::float8 AS price,
       p.name_codes, p.description_codes, candidate.sources
FROM candidate JOIN matching_competitor_product p ON p.id = candidate.id`;

export interface CandidateRow extends CompetitorProductRow {
  sources: string[];
}

interface RawCandidateRow {
  id: string;
  name: string;
  normalized_name: string;
  brand: string | null;
  gtin: string | null;
  mpn: string | null;
  price: number | null;
  name_codes: string[];
  description_codes: string[];
  sources: string[];
}

export async function findCandidates(client: SqlClient, query: CandidateQuery): Promise<CandidateRow[]> {
  const { rows } = await client.query<RawCandidateRow>(CANDIDATE_SQL, [
    query.normalizedName,
    query.brand,
    query.gtin,
    query.codes,
    query.codeVariants,
    query.nameLimit,
    query.codeLimit,
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    normalizedName: row.normalized_name,
    brand: row.brand,
    gtin: row.gtin,
    mpn: row.mpn,
    price: row.price,
    nameCodes: row.name_codes,
    descriptionCodes: row.description_codes,
    sources: row.sources,
  }));
}
