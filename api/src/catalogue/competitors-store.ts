/**
 * The SQL of competitors (the catalogue area, README.md): reading them within a caller's scope,
 * listing a website's, writing them, deleting one with the rollups of the products it priced,
 * importing its products from checked CSV rows, and how our matched products compare with its.
 * No access checks here: the resolvers (competitors.ts) check the caller before calling.
 */
import type { Queryable } from '../db/transaction.ts';
import { badUserInput, notFound } from '../graphql/errors.ts';
import { likePattern, toIso } from './catalogue-scope.ts';
import type { CompetitorProductRow as CompetitorProductCsvRow } from './competitor-products-csv.ts';

export interface CompetitorRow {
  id: string;
  organization_website_id: string;
  organization_id: string;
  name: string;
  url: string;
  matching_mode: string;
  active: boolean;
  scraping_frequency: string;
  created_at: Date;
  products_count: number;
  last_data_at: Date | null;
}

const SELECT_COMPETITOR = `
  SELECT c.id, c.organization_website_id, ow.organization_id, c.name, c.url, c.matching_mode, c.active,
         c.scraping_frequency, c.created_at, c.products_count, c.last_data_at
    FROM competitors c JOIN organization_websites ow ON ow.id = c.organization_website_id`;

export const COMPETITOR_SORTS = {
  NAME_ASC: 'c.name ASC, c.id ASC',
  NAME_DESC: 'c.name DESC, c.id DESC',
  CREATED_AT_ASC: 'c.created_at ASC, c.id ASC',
  CREATED_AT_DESC: 'c.created_at DESC, c.id DESC',
  PRODUCTS_COUNT_ASC: 'c.products_count ASC, c.name ASC, c.id ASC',
  PRODUCTS_COUNT_DESC: 'c.products_count DESC, c.name ASC, c.id ASC',
  LAST_DATA_AT_ASC: 'c.last_data_at ASC NULLS FIRST, c.name ASC, c.id ASC',
  LAST_DATA_AT_DESC: 'c.last_data_at DESC NULLS LAST, c.name ASC, c.id ASC',
} as const;
export type CompetitorSort = keyof typeof COMPETITOR_SORTS;

/** A competitor as the schema's Competitor (its organization website kept for the field resolvers). */
export function toCompetitor(row: CompetitorRow) {
  return {
    id: row.id,
    organizationWebsiteId: row.organization_website_id,
    name: row.name,
    url: row.url,
    matchingMode: row.matching_mode,
    active: row.active,
    scrapingFrequency: row.scraping_frequency,
    createdAt: toIso(row.created_at)!,
    productsCount: row.products_count,
    lastDataAt: toIso(row.last_data_at),
  };
}
export type CompetitorObject = ReturnType<typeof toCompetitor>;

/**
 * The competitor, if it is in `organizationId`'s scope (null: every organization's, the Admin's);
 * NOT_FOUND otherwise, so another organization's competitor looks like none. `lock` takes its row.
 */
export async function findCompetitor(
  db: Queryable,
  organizationId: string | null,
  id: string,
  lock = false,
): Promise<CompetitorRow> {
  const { rows } = await db.query<CompetitorRow>(
    `${SELECT_COMPETITOR} WHERE c.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)${lock ? ' FOR UPDATE OF c' : ''}`,
    [id, organizationId],
  );
  if (!rows[0]) throw notFound('Competitor', id);
  return rows[0];
}

export interface CompetitorListQuery {
  websiteId: string;
  search: string | null;
  active: boolean | null;
  matchingMode: string | null;
  sort: CompetitorSort;
  limit: number;
  offset: number;
}

/** A page of the website's competitors and how many match in all. */
export async function listCompetitors(
  db: Queryable,
  query: CompetitorListQuery,
): Promise<{ rows: CompetitorRow[]; total: number }> {
  const params: unknown[] = [query.websiteId];
  const conditions = ['c.organization_website_id = $1'];
  if (query.search) {
    params.push(likePattern(query.search));
    conditions.push(`(c.name ILIKE $${params.length} OR c.url ILIKE $${params.length})`);
  }
  if (query.active != null) {
    params.push(query.active);
    conditions.push(`c.active = $${params.length}`);
  }
  if (query.matchingMode) {
    params.push(query.matchingMode);
    conditions.push(`c.matching_mode = $${params.length}`);
  }
  const where = conditions.join(' AND ');
  const order = COMPETITOR_SORTS[query.sort] ?? COMPETITOR_SORTS.NAME_ASC;
  const n = params.length;
  const { rows } = await db.query<CompetitorRow & { total: number }>(
    `${SELECT_COMPETITOR.replace('SELECT', 'SELECT count(*) OVER ()::int AS total,')} WHERE ${where} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, query.limit, query.offset],
  );
  // An offset past the end has no row to carry the total: count separately then.
  const total =
    rows[0]?.total ??
    (query.offset > 0
      ? (await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM competitors c WHERE ${where}`, params))
          .rows[0]!.total
      : 0);
  return { rows, total };
}

/** The checked fields of a competitor to write; undefined ones are left as they are (or defaulted on insert). */
export interface CompetitorFields {
  name?: string;
  url?: string;
  matchingMode?: string;
  active?: boolean;
  scrapingFrequency?: string;
}

/** BAD_USER_INPUT when another competitor of the website has the address. */
export async function assertCompetitorUrlFree(
  db: Queryable,
  websiteId: string,
  url: string,
  exceptId: string | null,
): Promise<void> {
  const { rowCount } = await db.query(
    'SELECT 1 FROM competitors WHERE organization_website_id = $1 AND url = $2 AND id IS DISTINCT FROM $3::uuid',
    [websiteId, url, exceptId],
  );
  if (rowCount)
    throw badUserInput('url', 'the website already has a competitor with this address', {
      reason: 'COMPETITOR_URL_TAKEN',
    });
}

/** Inserts a competitor (confirmation matching, active, daily by default); returns its id. */
export async function insertCompetitor(db: Queryable, websiteId: string, fields: CompetitorFields): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO competitors (organization_website_id, name, url, matching_mode, active, scraping_frequency)
     VALUES ($1, $2, $3, coalesce($4, 'confirmation'), coalesce($5, true), coalesce($6, 'daily')) RETURNING id`,
    [
      websiteId,
      fields.name,
      fields.url,
      fields.matchingMode ?? null,
      fields.active ?? null,
      fields.scrapingFrequency ?? null,
    ],
  );
  return rows[0]!.id;
}

export async function updateCompetitor(db: Queryable, id: string, fields: CompetitorFields): Promise<void> {
  await db.query(
    `UPDATE competitors SET name = coalesce($2, name), url = coalesce($3, url), matching_mode = coalesce($4, matching_mode),
            active = coalesce($5, active), scraping_frequency = coalesce($6, scraping_frequency)
      WHERE id = $1`,
    [
      id,
      fields.name ?? null,
      fields.url ?? null,
      fields.matchingMode ?? null,
      fields.active ?? null,
      fields.scrapingFrequency ?? null,
    ],
  );
}

/** Deletes the competitor; our products matched to its products lose those prices, so their rollups are refreshed. */
export async function deleteCompetitor(db: Queryable, id: string): Promise<void> {
  const { rows } = await db.query<{ product_id: string }>(
    `SELECT DISTINCT m.product_id FROM product_matches m JOIN competitor_products cp ON cp.id = m.competitor_product_id
      WHERE cp.competitor_id = $1 AND m.status IN ('MATCHED', 'WAITING')`,
    [id],
  );
  await db.query('DELETE FROM competitors WHERE id = $1', [id]);
  if (rows.length) await db.query('SELECT refresh_product_rollups($1::uuid[])', [rows.map((r) => r.product_id)]);
}

/**
 * Upserts checked CSV rows as the competitor's products in one statement: which rows are new,
 * changed or identical, the upsert, and a history row only where the price, currency or
 * availability changed (or the product is new) — the same rule as a scraper run
 * (api/src/monitoring/README.md, "What a run writes"), so an import of unchanged prices only
 * moves "last seen". Then refreshes the rollups of our products matched to those rows.
 */
export async function importCompetitorProducts(
  db: Queryable,
  competitorId: string,
  rows: CompetitorProductCsvRow[],
): Promise<{ inserted: number; updated: number; unchanged: number; refreshedProducts: number }> {
  const columns = {
    external_id: rows.map((r) => r.externalId),
    name: rows.map((r) => r.name),
    brand: rows.map((r) => r.brand),
    gtin: rows.map((r) => r.gtin),
    mpn: rows.map((r) => r.mpn),
    price: rows.map((r) => r.price.toFixed(2)),
    currency: rows.map((r) => r.currency),
    availability: rows.map((r) => r.availability),
    url: rows.map((r) => r.url),
  };
  const { rows: counts } = await db.query<{ inserted: number; updated: number; unchanged: number }>(
    `WITH input AS (
       SELECT * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::numeric[], $8::text[], $9::text[], $10::text[])
              AS i(external_id, name, brand, gtin, mpn, price, currency, availability, url)
     ), classified AS (
       SELECT i.*, CASE WHEN cp.id IS NULL THEN 'inserted'
                        WHEN (cp.name, cp.brand, cp.gtin, cp.mpn, cp.price, cp.currency::text, cp.availability, cp.url)
                             IS NOT DISTINCT FROM (i.name, i.brand, i.gtin, i.mpn, i.price, i.currency, i.availability, i.url) THEN 'unchanged'
                        ELSE 'updated' END AS outcome,
              cp.id IS NULL OR (cp.price, cp.currency::text, cp.availability) IS DISTINCT FROM (i.price, i.currency, i.availability) AS price_changed
         FROM input i LEFT JOIN competitor_products cp ON cp.competitor_id = $1 AND cp.external_id = i.external_id
     ), upserted AS (
       INSERT INTO competitor_products AS cp (competitor_id, external_id, name, brand, gtin, mpn, price, currency, availability, url, seen_at)
       SELECT $1, external_id, name, brand, gtin, mpn, price, currency, availability, url, now() FROM input
       ON CONFLICT (competitor_id, external_id) DO UPDATE
         SET name = EXCLUDED.name, brand = EXCLUDED.brand, gtin = EXCLUDED.gtin, mpn = EXCLUDED.mpn, price = EXCLUDED.price,
             currency = EXCLUDED.currency, availability = EXCLUDED.availability, url = EXCLUDED.url, seen_at = EXCLUDED.seen_at
       RETURNING cp.id, cp.external_id, cp.price, cp.currency, cp.availability
     ), history AS (
       INSERT INTO competitor_price_history (competitor_product_id, seen_at, price, currency, availability)
       SELECT u.id, now(), u.price, u.currency, u.availability FROM upserted u JOIN classified c ON c.external_id = u.external_id
        WHERE c.price_changed
       ON CONFLICT (competitor_product_id, seen_at) DO UPDATE SET price = EXCLUDED.price, currency = EXCLUDED.currency, availability = EXCLUDED.availability
       RETURNING 1
     )
     SELECT count(*) FILTER (WHERE outcome = 'inserted')::int AS inserted,
            count(*) FILTER (WHERE outcome = 'updated')::int AS updated,
            count(*) FILTER (WHERE outcome = 'unchanged')::int AS unchanged,
            (SELECT count(*) FROM history) AS history
       FROM classified`,
    [
      competitorId,
      columns.external_id,
      columns.name,
      columns.brand,
      columns.gtin,
      columns.mpn,
      columns.price,
      columns.currency,
      columns.availability,
      columns.url,
    ],
  );
  const refreshed = await db.query<{ n: number }>(
    `SELECT refresh_product_rollups(array(
       SELECT DISTINCT m.product_id FROM product_matches m JOIN competitor_products cp ON cp.id = m.competitor_product_id
        WHERE cp.competitor_id = $1 AND cp.external_id = ANY($2::text[]) AND m.status IN ('MATCHED', 'WAITING'))) AS n`,
    [competitorId, columns.external_id],
  );
  const { inserted, updated, unchanged } = counts[0]!;
  return { inserted, updated, unchanged, refreshedProducts: refreshed.rows[0]!.n };
}

/** How our matched products compare with the competitor's (one aggregate query). */
export async function competitorMonitoring(db: Queryable, competitorId: string) {
  const { rows } = await db.query(
    `SELECT count(DISTINCT m.product_id) FILTER (WHERE m.status = 'MATCHED')::int AS matched_products,
            count(*) FILTER (WHERE m.status = 'WAITING')::int AS waiting_matches,
            count(*) FILTER (WHERE m.status = 'MATCHED' AND p.price < cp.price)::int AS cheaper,
            count(*) FILTER (WHERE m.status = 'MATCHED' AND p.price = cp.price)::int AS equal,
            count(*) FILTER (WHERE m.status = 'MATCHED' AND p.price > cp.price)::int AS dearer,
            round(avg((p.price - cp.price) * 100 / cp.price) FILTER (WHERE m.status = 'MATCHED' AND cp.price > 0 AND p.price IS NOT NULL), 2) AS average
       FROM competitor_products cp
       JOIN product_matches m ON m.competitor_product_id = cp.id AND m.status IN ('MATCHED', 'WAITING')
       JOIN products p ON p.id = m.product_id
      WHERE cp.competitor_id = $1`,
    [competitorId],
  );
  const row = rows[0];
  return {
    matchedProducts: row.matched_products as number,
    waitingMatches: row.waiting_matches as number,
    cheaper: row.cheaper as number,
    equal: row.equal as number,
    dearer: row.dearer as number,
    averageDifferencePercent: row.average == null ? null : Number(row.average),
  };
}

/** The organization website a competitor belongs to, as the schema's OrganizationWebsite. */
export async function competitorWebsite(db: Queryable, organizationWebsiteId: string) {
  const { rows } = await db.query(
    `SELECT ow.id, ow.name, ow.api_key, ow.feed_count, w.id AS website_id, w.name AS website_name, w.url AS website_url,
            o.id AS organization_id, o.name AS organization_name
       FROM organization_websites ow JOIN websites w ON w.id = ow.website_id JOIN organizations o ON o.id = ow.organization_id
      WHERE ow.id = $1`,
    [organizationWebsiteId],
  );
  const row = rows[0];
  return {
    id: row.id as string,
    name: row.name as string,
    hasFeed: row.feed_count > 0,
    apiKey: row.api_key as string,
    website: { id: row.website_id as string, name: row.website_name as string, url: row.website_url as string },
    organization: { id: row.organization_id as string, name: row.organization_name as string },
  };
}
