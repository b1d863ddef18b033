/**
 * Competitors of an organization website: list, detail (Admin: competitors:detail), the
 * monitored-competitor view (Owner: monitoredCompetitor:detail), create within the plan's
 * competitors limit, update, delete, and importing their products from CSV. Admin reaches every
 * organization's competitors, everyone else only its own organization's: another is NOT_FOUND.
 */
import type { ApiContext } from '../context.ts';
import { badUserInput, forbidden, notFound } from '../errors.ts';
import { limitArg, offsetArg, searchArg, uuidArg } from '../validate.ts';
import { inTransaction } from '../../db/transaction.ts';
import { assertWithinLimit, type Queryable } from './plan-limits.ts';
import { findOrganizationWebsite, likePattern, oneOf, scopeOf, textArg, toIso, urlArg } from './catalogue-scope.ts';
import { CsvFileError, parseCompetitorProductsCsv } from './competitor-products-csv.ts';
import { matchingAfterCompetitorImport } from '../../matching/runs/hooks.ts';

const MATCHING_MODES = ['automatic', 'confirmation'] as const;
const FREQUENCIES = ['hourly', 'daily', 'weekly'] as const;

interface CompetitorRow {
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

const SORTS = {
  NAME_ASC: 'c.name ASC, c.id ASC',
  NAME_DESC: 'c.name DESC, c.id DESC',
  CREATED_AT_ASC: 'c.created_at ASC, c.id ASC',
  CREATED_AT_DESC: 'c.created_at DESC, c.id DESC',
  PRODUCTS_COUNT_ASC: 'c.products_count ASC, c.name ASC, c.id ASC',
  PRODUCTS_COUNT_DESC: 'c.products_count DESC, c.name ASC, c.id ASC',
  LAST_DATA_AT_ASC: 'c.last_data_at ASC NULLS FIRST, c.name ASC, c.id ASC',
  LAST_DATA_AT_DESC: 'c.last_data_at DESC NULLS LAST, c.name ASC, c.id ASC',
} as const;

function toCompetitor(row: CompetitorRow) {
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
type CompetitorObject = ReturnType<typeof toCompetitor>;

export async function findCompetitor(db: Queryable, ctx: ApiContext, id: string, lock = false): Promise<CompetitorRow> {
  const { rows } = await db.query<CompetitorRow>(
    `${SELECT_COMPETITOR} WHERE c.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)${lock ? ' FOR UPDATE OF c' : ''}`,
    [id, scopeOf(ctx)],
  );
  if (!rows[0]) throw notFound('Competitor', id);
  return rows[0];
}

async function competitorList(
  _: unknown,
  args: {
    organizationWebsiteId: string;
    search?: string | null;
    active?: boolean | null;
    matchingMode?: string | null;
    sort?: keyof typeof SORTS | null;
    limit: number;
    offset: number;
  },
  ctx: ApiContext,
) {
  const websiteId = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  const limit = limitArg('limit', args.limit);
  const offset = offsetArg('offset', args.offset);
  const search = searchArg('search', args.search);
  const mode = args.matchingMode == null ? null : oneOf('matchingMode', args.matchingMode, MATCHING_MODES);
  const order = SORTS[args.sort ?? 'NAME_ASC'] ?? SORTS.NAME_ASC;
  if (!(await ctx.can('competitors', 'Read'))) throw forbidden('You may not list competitors.');
  await findOrganizationWebsite(ctx.pool, ctx, websiteId);
  const params: unknown[] = [websiteId];
  const conditions = ['c.organization_website_id = $1'];
  if (search) {
    params.push(likePattern(search));
    conditions.push(`(c.name ILIKE $${params.length} OR c.url ILIKE $${params.length})`);
  }
  if (args.active != null) {
    params.push(args.active);
    conditions.push(`c.active = $${params.length}`);
  }
  if (mode) {
    params.push(mode);
    conditions.push(`c.matching_mode = $${params.length}`);
  }
  const where = conditions.join(' AND ');
  const n = params.length;
  const { rows } = await ctx.pool.query<CompetitorRow & { total: number }>(
    `${SELECT_COMPETITOR.replace('SELECT', 'SELECT count(*) OVER ()::int AS total,')} WHERE ${where} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, limit, offset],
  );
  // An offset past the end has no row to carry the total: count separately then.
  const total =
    rows[0]?.total ??
    (offset > 0
      ? (
          await ctx.pool.query<{ total: number }>(
            `SELECT count(*)::int AS total FROM competitors c WHERE ${where}`,
            params,
          )
        ).rows[0]!.total
      : 0);
  return { data: rows.map(toCompetitor), meta: { pagination: { total } } };
}

async function competitor(_: unknown, args: { competitorId: string }, ctx: ApiContext) {
  const id = uuidArg('competitorId', args.competitorId);
  if (!(await ctx.can('competitors:detail', 'Read'))) throw forbidden('You may not read competitor details.');
  return toCompetitor(await findCompetitor(ctx.pool, ctx, id));
}

async function monitoredCompetitor(_: unknown, args: { competitorId: string }, ctx: ApiContext) {
  const id = uuidArg('competitorId', args.competitorId);
  if (!(await ctx.can('monitoredCompetitor:detail', 'Read')))
    throw forbidden('You may not read monitored competitors.');
  return toCompetitor(await findCompetitor(ctx.pool, ctx, id));
}

interface CompetitorInput {
  name?: string | null;
  url?: string | null;
  matchingMode?: string | null;
  active?: boolean | null;
  scrapingFrequency?: string | null;
}

/** The checked fields of an input; absent ones are undefined (create fills the defaults). */
function checkInput(input: CompetitorInput, creating: boolean) {
  if (creating || input.name != null) textArg('name', input.name, 200);
  return {
    name: input.name == null ? undefined : textArg('name', input.name, 200),
    url: creating || input.url != null ? urlArg('url', input.url) : undefined,
    matchingMode: input.matchingMode == null ? undefined : oneOf('matchingMode', input.matchingMode, MATCHING_MODES),
    active: input.active == null ? undefined : Boolean(input.active),
    scrapingFrequency:
      input.scrapingFrequency == null ? undefined : oneOf('scrapingFrequency', input.scrapingFrequency, FREQUENCIES),
  };
}

async function assertUrlFree(db: Queryable, websiteId: string, url: string, exceptId: string | null) {
  const { rowCount } = await db.query(
    'SELECT 1 FROM competitors WHERE organization_website_id = $1 AND url = $2 AND id IS DISTINCT FROM $3::uuid',
    [websiteId, url, exceptId],
  );
  if (rowCount) throw badUserInput('url', 'the website already has a competitor with this address');
}

async function competitorCreate(
  _: unknown,
  args: { organizationWebsiteId: string; input: CompetitorInput },
  ctx: ApiContext,
) {
  const websiteId = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  const input = checkInput(args.input, true);
  if (!(await ctx.can('competitors', 'Create'))) throw forbidden('You may not add competitors.');
  return inTransaction(ctx.pool, async (client) => {
    const website = await findOrganizationWebsite(client, ctx, websiteId, true);
    await assertWithinLimit(client, website.organization_id, 'competitors');
    await assertUrlFree(client, websiteId, input.url!, null);
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO competitors (organization_website_id, name, url, matching_mode, active, scraping_frequency)
       VALUES ($1, $2, $3, coalesce($4, 'confirmation'), coalesce($5, true), coalesce($6, 'daily')) RETURNING id`,
      [
        websiteId,
        input.name,
        input.url,
        input.matchingMode ?? null,
        input.active ?? null,
        input.scrapingFrequency ?? null,
      ],
    );
    return toCompetitor(await findCompetitor(client, ctx, rows[0]!.id));
  });
}

async function competitorUpdate(_: unknown, args: { competitorId: string; input: CompetitorInput }, ctx: ApiContext) {
  const id = uuidArg('competitorId', args.competitorId);
  const input = checkInput(args.input, false);
  if (Object.values(input).every((value) => value === undefined))
    throw badUserInput('input', 'give at least one field to change');
  if (!(await ctx.can('competitors', 'Update'))) throw forbidden('You may not change competitors.');
  return inTransaction(ctx.pool, async (client) => {
    const current = await findCompetitor(client, ctx, id, true);
    if (input.url !== undefined) await assertUrlFree(client, current.organization_website_id, input.url, id);
    await client.query(
      `UPDATE competitors SET name = coalesce($2, name), url = coalesce($3, url), matching_mode = coalesce($4, matching_mode),
              active = coalesce($5, active), scraping_frequency = coalesce($6, scraping_frequency)
        WHERE id = $1`,
      [
        id,
        input.name ?? null,
        input.url ?? null,
        input.matchingMode ?? null,
        input.active ?? null,
        input.scrapingFrequency ?? null,
      ],
    );
    return toCompetitor(await findCompetitor(client, ctx, id));
  });
}

async function competitorDelete(_: unknown, args: { competitorId: string }, ctx: ApiContext) {
  const id = uuidArg('competitorId', args.competitorId);
  if (!(await ctx.can('competitors', 'Delete'))) throw forbidden('You may not delete competitors.');
  return inTransaction(ctx.pool, async (client) => {
    const row = await findCompetitor(client, ctx, id, true);
    // Our products matched to its products lose those competitor prices: refresh their rollups.
    const { rows } = await client.query<{ product_id: string }>(
      `SELECT DISTINCT m.product_id FROM product_matches m JOIN competitor_products cp ON cp.id = m.competitor_product_id
        WHERE cp.competitor_id = $1 AND m.status IN ('MATCHED', 'WAITING')`,
      [id],
    );
    await client.query('DELETE FROM competitors WHERE id = $1', [id]);
    if (rows.length) await client.query('SELECT refresh_product_rollups($1::uuid[])', [rows.map((r) => r.product_id)]);
    return toCompetitor(row);
  });
}

async function competitorProductsImport(_: unknown, args: { competitorId: string; csv: string }, ctx: ApiContext) {
  const id = uuidArg('competitorId', args.competitorId);
  let parsed: ReturnType<typeof parseCompetitorProductsCsv>;
  try {
    parsed = parseCompetitorProductsCsv(args.csv ?? '');
  } catch (error) {
    if (error instanceof CsvFileError) throw badUserInput('csv', error.reason);
    throw error;
  }
  if (!(await ctx.can('competitors', 'Update'))) throw forbidden('You may not import competitor products.');
  const { rows, errors, total } = parsed;
  return inTransaction(ctx.pool, async (client) => {
    await findCompetitor(client, ctx, id, true);
    const result = {
      rows: total,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      skipped: total - rows.length,
      errors,
      refreshedProducts: 0,
    };
    if (!rows.length) return result;
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
    // One statement: which rows are new, changed or identical, the upsert, and a history row only
    // where the price, currency or availability changed (or the product is new): the same rule as
    // a scraper run (api/src/monitoring/README.md, "What a run writes"), so an import of unchanged
    // prices only moves "last seen".
    const { rows: counts } = await client.query<{ inserted: number; updated: number; unchanged: number }>(
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
        id,
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
    Object.assign(result, {
      inserted: counts[0]!.inserted,
      updated: counts[0]!.updated,
      unchanged: counts[0]!.unchanged,
    });
    const refreshed = await client.query<{ n: number }>(
      `SELECT refresh_product_rollups(array(
         SELECT DISTINCT m.product_id FROM product_matches m JOIN competitor_products cp ON cp.id = m.competitor_product_id
          WHERE cp.competitor_id = $1 AND cp.external_id = ANY($2::text[]) AND m.status IN ('MATCHED', 'WAITING'))) AS n`,
      [id, columns.external_id],
    );
    result.refreshedProducts = refreshed.rows[0]!.n;
    // Matching: an incremental run for the products this import changed (matching/runs/hooks.ts).
    await matchingAfterCompetitorImport(client, ctx.pool, id);
    return result;
  });
}

/** How our matched products compare with this competitor's (on request: one aggregate query). */
async function monitoring(parent: CompetitorObject, _: unknown, ctx: ApiContext) {
  const { rows } = await ctx.pool.query(
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
    [parent.id],
  );
  const row = rows[0];
  return {
    matchedProducts: row.matched_products,
    waitingMatches: row.waiting_matches,
    cheaper: row.cheaper,
    equal: row.equal,
    dearer: row.dearer,
    averageDifferencePercent: row.average == null ? null : Number(row.average),
  };
}

async function organizationWebsite(parent: CompetitorObject, _: unknown, ctx: ApiContext) {
  const { rows } = await ctx.pool.query(
    `SELECT ow.id, ow.name, ow.api_key, ow.feed_count, w.id AS website_id, w.name AS website_name, w.url AS website_url,
            o.id AS organization_id, o.name AS organization_name
       FROM organization_websites ow JOIN websites w ON w.id = ow.website_id JOIN organizations o ON o.id = ow.organization_id
      WHERE ow.id = $1`,
    [parent.organizationWebsiteId],
  );
  const row = rows[0];
  return {
    id: row.id,
    name: row.name,
    hasFeed: row.feed_count > 0,
    apiKey: row.api_key,
    website: { id: row.website_id, name: row.website_name, url: row.website_url },
    organization: { id: row.organization_id, name: row.organization_name },
  };
}

export const competitorResolvers = {
  Query: { competitorList, competitor, monitoredCompetitor },
  Mutation: { competitorCreate, competitorUpdate, competitorDelete, competitorProductsImport },
  Competitor: { monitoring, organizationWebsite },
};
