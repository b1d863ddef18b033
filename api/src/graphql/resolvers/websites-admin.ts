/**
 * Administration of one organization website: detail with counts, rename / move to another
 * address, API key rotation, and the preview of what deleting it removes. (Creating is
 * organizationWebsiteCreate in organizations.ts, deleting organizationWebsiteDelete in
 * organization-websites.ts.) Admin reaches every organization's website, everyone else only
 * its own organization's: another is NOT_FOUND.
 */
import type { ApiContext } from '../context.ts';
import { badUserInput, forbidden, notFound } from '../errors.ts';
import { limitArg, offsetArg, searchArg, uuidArg } from '../validate.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Queryable } from './plan-limits.ts';
import { findOrganizationWebsite, likePattern, oneOf, scopeOf, textArg, urlArg } from './catalogue-scope.ts';

interface WebsiteDetailRow {
  id: string;
  name: string;
  api_key: string;
  feed_count: number;
  website_id: string;
  website_name: string;
  website_url: string;
  organization_id: string;
  organization_name: string;
  competitors_count: number;
  products_count: number;
}

const SELECT_DETAIL = `
  SELECT ow.id, ow.name, ow.api_key, ow.feed_count,
         w.id AS website_id, w.name AS website_name, w.url AS website_url,
         o.id AS organization_id, o.name AS organization_name,
         (SELECT count(*)::int FROM competitors c WHERE c.organization_website_id = ow.id) AS competitors_count,
         (SELECT count(*)::int FROM products p WHERE p.organization_website_id = ow.id) AS products_count
    FROM organization_websites ow
    JOIN websites w ON w.id = ow.website_id
    JOIN organizations o ON o.id = ow.organization_id
   WHERE ow.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)`;

function toDetail(row: WebsiteDetailRow) {
  return {
    id: row.id,
    name: row.name,
    hasFeed: row.feed_count > 0,
    apiKey: row.api_key,
    website: { id: row.website_id, name: row.website_name, url: row.website_url },
    organization: { id: row.organization_id, name: row.organization_name },
    feedsCount: row.feed_count,
    competitorsCount: row.competitors_count,
    productsCount: row.products_count,
  };
}

async function loadDetail(db: Queryable, ctx: ApiContext, id: string) {
  const { rows } = await db.query<WebsiteDetailRow>(SELECT_DETAIL, [id, scopeOf(ctx)]);
  if (!rows[0]) throw notFound('Organization website', id);
  return toDetail(rows[0]);
}

async function organizationWebsite(_: unknown, args: { organizationWebsiteId: string }, ctx: ApiContext) {
  const id = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  if (!(await ctx.can('websites:detail', 'Read'))) throw forbidden('You may not read organization websites.');
  return loadDetail(ctx.pool, ctx, id);
}

async function organizationWebsiteDeletePreview(_: unknown, args: { organizationWebsiteId: string }, ctx: ApiContext) {
  const id = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  if (!(await ctx.can('websites', 'Read'))) throw forbidden('You may not read organization websites.');
  const detail = await loadDetail(ctx.pool, ctx, id);
  const { rows } = await ctx.pool.query(
    `SELECT (SELECT count(*)::int FROM competitor_products cp JOIN competitors c ON c.id = cp.competitor_id WHERE c.organization_website_id = $1) AS competitor_products,
            (SELECT count(*)::int FROM product_matches m JOIN products p ON p.id = m.product_id WHERE p.organization_website_id = $1) AS matches,
            (SELECT count(*)::int FROM aggregator_listings l JOIN products p ON p.id = l.product_id WHERE p.organization_website_id = $1) AS aggregator_listings`,
    [id],
  );
  return {
    id,
    organizationWebsite: detail,
    feeds: detail.feedsCount,
    products: detail.productsCount,
    competitors: detail.competitorsCount,
    competitorProducts: rows[0].competitor_products,
    matches: rows[0].matches,
    aggregatorListings: rows[0].aggregator_listings,
  };
}

/** Each sort of the websites page: its ORDER BY, ties broken by name, then id. */
const ADMIN_LIST_SORTS = {
  NAME_ASC: 'p.name ASC, p.id ASC',
  NAME_DESC: 'p.name DESC, p.id DESC',
  URL_ASC: 'p.website_url ASC, p.name ASC, p.id ASC',
  URL_DESC: 'p.website_url DESC, p.name ASC, p.id ASC',
  ORGANIZATION_ASC: 'p.organization_name ASC, p.name ASC, p.id ASC',
  ORGANIZATION_DESC: 'p.organization_name DESC, p.name ASC, p.id ASC',
  FEEDS_COUNT_ASC: 'p.feed_count ASC, p.name ASC, p.id ASC',
  FEEDS_COUNT_DESC: 'p.feed_count DESC, p.name ASC, p.id ASC',
  COMPETITORS_COUNT_ASC: 'p.competitors_count ASC, p.name ASC, p.id ASC',
  COMPETITORS_COUNT_DESC: 'p.competitors_count DESC, p.name ASC, p.id ASC',
} as const;
type AdminListSort = keyof typeof ADMIN_LIST_SORTS;
const ADMIN_LIST_SORT_NAMES = Object.keys(ADMIN_LIST_SORTS) as AdminListSort[];

/**
 * The websites page: the page and its total in one statement. A name search collects its hits
 * through the trigram index (organization_websites_named); the page's rows are joined to their
 * website and organization, with the competitors counted per row.
 */
async function organizationWebsiteAdminList(
  _: unknown,
  args: { organizationId?: string | null; search?: string | null; sort?: string | null; limit: number; offset: number },
  ctx: ApiContext,
) {
  const limit = limitArg('limit', args.limit);
  const offset = offsetArg('offset', args.offset);
  const requested = args.organizationId == null ? null : uuidArg('organizationId', args.organizationId);
  const search = searchArg('search', args.search);
  const sort = oneOf('sort', args.sort ?? 'NAME_ASC', ADMIN_LIST_SORT_NAMES);
  if (!(await ctx.can('websites', 'Read'))) throw forbidden('You may not list organization websites.');
  // Tenant scoping: another organization asked for by a non-admin is an empty list.
  const scope = scopeOf(ctx);
  if (scope !== null && requested !== null && requested !== scope)
    return { data: [], meta: { pagination: { total: 0 } } };
  const organizationId = scope ?? requested;
  const order = ADMIN_LIST_SORTS[sort];

  const { rows } = await ctx.pool.query<Omit<WebsiteDetailRow, 'products_count'> & { total: number }>(
    `WITH hits AS MATERIALIZED (
       SELECT h.id, h.name, h.organization_id, h.website_id, h.feed_count, h.api_key
         FROM organization_websites_named(coalesce($2::text, '%'), $1::uuid) h
     ),
     page AS (
       SELECT p.* FROM (
         SELECT h.id, h.name, h.api_key, h.feed_count,
                w.id AS website_id, w.name AS website_name, w.url AS website_url,
                o.id AS organization_id, o.name AS organization_name,
                (SELECT count(*)::int FROM competitors c WHERE c.organization_website_id = h.id) AS competitors_count
           FROM hits h
           JOIN websites w ON w.id = h.website_id
           JOIN organizations o ON o.id = h.organization_id
       ) p
        ORDER BY ${order} LIMIT $3 OFFSET $4
     )
     SELECT t.total, p.* FROM (SELECT count(*)::int AS total FROM hits) t LEFT JOIN page p ON true ORDER BY ${order}`,
    [organizationId, search === null ? null : likePattern(search), limit, offset],
  );
  const data = rows
    .filter((row) => row.id !== null)
    .map((row) => ({
      id: row.id,
      name: row.name,
      hasFeed: row.feed_count > 0,
      apiKey: row.api_key,
      website: { id: row.website_id, name: row.website_name, url: row.website_url },
      organization: { id: row.organization_id, name: row.organization_name },
      feedsCount: row.feed_count,
      competitorsCount: row.competitors_count,
    }));
  return { data, meta: { pagination: { total: rows[0]?.total ?? 0 } } };
}

async function organizationWebsiteUpdate(
  _: unknown,
  args: { organizationWebsiteId: string; input: { name?: string | null; url?: string | null } },
  ctx: ApiContext,
) {
  const id = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  const name = args.input.name == null ? null : textArg('name', args.input.name, 200);
  const url = args.input.url == null ? null : urlArg('url', args.input.url);
  if (name === null && url === null) throw badUserInput('input', 'give a name or a url to change');
  if (!(await ctx.can('websites', 'Update'))) throw forbidden('You may not change organization websites.');
  return inTransaction(ctx.pool, async (client) => {
    const current = await findOrganizationWebsite(client, ctx, id, true);
    if (name !== null) await client.query('UPDATE organization_websites SET name = $2 WHERE id = $1', [id, name]);
    if (url !== null) {
      const { rows } = await client.query<{ website_id: string; url: string; name: string }>(
        'SELECT ow.website_id, w.url, ow.name FROM organization_websites ow JOIN websites w ON w.id = ow.website_id WHERE ow.id = $1',
        [id],
      );
      const old = rows[0]!;
      if (old.url !== url) {
        // Websites are shared records (one per address); the organization website moves to the
        // record of the new address, and the old record goes once nobody monitors it.
        const existing = await client.query<{ id: string }>('SELECT id FROM websites WHERE url = $1', [url]);
        const websiteId =
          existing.rows[0]?.id ??
          (
            await client.query<{ id: string }>('INSERT INTO websites (name, url) VALUES ($1, $2) RETURNING id', [
              old.name,
              url,
            ])
          ).rows[0]!.id;
        const duplicate = await client.query(
          'SELECT 1 FROM organization_websites WHERE organization_id = $1 AND website_id = $2',
          [current.organization_id, websiteId],
        );
        if (duplicate.rowCount) throw badUserInput('url', 'the organization already monitors this website');
        await client.query('UPDATE organization_websites SET website_id = $2 WHERE id = $1', [id, websiteId]);
        await client.query(
          'DELETE FROM websites w WHERE w.id = $1 AND NOT EXISTS (SELECT 1 FROM organization_websites ow WHERE ow.website_id = w.id)',
          [old.website_id],
        );
      }
    }
    return loadDetail(client, ctx, id);
  });
}

async function organizationWebsiteApiKeyRotate(_: unknown, args: { organizationWebsiteId: string }, ctx: ApiContext) {
  const id = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  if (!(await ctx.can('websites', 'Update'))) throw forbidden('You may not change organization websites.');
  return inTransaction(ctx.pool, async (client) => {
    await findOrganizationWebsite(client, ctx, id, true);
    // Same form as the column default (migration 001): gen_random_uuid is cryptographically random.
    await client.query(
      `UPDATE organization_websites
          SET api_key = 'owk_' || replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
        WHERE id = $1`,
      [id],
    );
    return loadDetail(client, ctx, id);
  });
}

/** Counts of an organization website reached elsewhere (e.g. the picker's list): asked per row. */
function countField(key: 'feedsCount' | 'competitorsCount' | 'productsCount') {
  return async (parent: { id: string } & Partial<Record<typeof key, number>>, _: unknown, ctx: ApiContext) => {
    if (!(await ctx.can('websites', 'Read'))) throw forbidden(`You may not read an organization website's ${key}.`);
    if (parent[key] !== undefined) return parent[key];
    return (await loadDetail(ctx.pool, ctx, parent.id))[key];
  };
}

/**
 * A website's own name (websites.name) is the one the first organization to add its address gave
 * it; another organization monitoring the same address must not learn it. Outside Admins, the
 * website is named by the caller's own organization website.
 */
function sharedWebsite(
  parent: { name: string; website?: { id: string; name: string; url: string } | null },
  _: unknown,
  ctx: ApiContext,
) {
  if (!parent.website || ctx.isAdmin) return parent.website;
  return { ...parent.website, name: parent.name };
}

export const websitesAdminResolvers = {
  Query: { organizationWebsite, organizationWebsiteDeletePreview, organizationWebsiteAdminList },
  Mutation: { organizationWebsiteUpdate, organizationWebsiteApiKeyRotate },
  OrganizationWebsite: {
    website: sharedWebsite,
    feedsCount: countField('feedsCount'),
    competitorsCount: countField('competitorsCount'),
    productsCount: countField('productsCount'),
  },
};
