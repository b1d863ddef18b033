import type { ApiContext } from '../context.ts';
import { forbidden, notFound } from '../errors.ts';
import { limitArg, offsetArg, searchArg, uuidArg } from '../validate.ts';
import { inTransaction } from '../../db/transaction.ts';

interface OrganizationWebsiteRow {
  id: string;
  name: string;
  api_key: string;
  has_feed: boolean;
  website_id: string;
  website_name: string;
  website_url: string;
  organization_id: string;
  organization_name: string;
}

const SELECT_ITEM = `
  SELECT ow.id, ow.name, ow.api_key,
         EXISTS (SELECT 1 FROM product_feeds pf WHERE pf.organization_website_id = ow.id) AS has_feed,
         w.id AS website_id, w.name AS website_name, w.url AS website_url,
         o.id AS organization_id, o.name AS organization_name
    FROM organization_websites ow
    JOIN websites w ON w.id = ow.website_id
    JOIN organizations o ON o.id = ow.organization_id`;

/**
 * The WHERE clause of the list, with only the filters given: a generic "$1 IS NULL OR ..."
 * would keep the planner from using the organization and trigram indexes.
 */
function listFilter(organizationId: string | null, search: string | null): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (organizationId) {
    params.push(organizationId);
    conditions.push(`ow.organization_id = $${params.length}::uuid`);
  }
  if (search) {
    params.push(likePattern(search));
    conditions.push(`ow.name ILIKE $${params.length}::text`);
  }
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

function toItem(row: OrganizationWebsiteRow) {
  return {
    id: row.id,
    name: row.name,
    hasFeed: row.has_feed,
    apiKey: row.api_key,
    website: { id: row.website_id, name: row.website_name, url: row.website_url },
    organization: { id: row.organization_id, name: row.organization_name },
  };
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function organizationWebsiteList(
  _: unknown,
  args: { organizationId?: string | null; name?: string | null; limit: number; offset: number },
  ctx: ApiContext,
) {
  const limit = limitArg('limit', args.limit);
  const offset = offsetArg('offset', args.offset);
  const requestedOrganization = args.organizationId == null ? null : uuidArg('organizationId', args.organizationId);
  const search = searchArg('name', args.name);

  // The website picker in the header is needed by every signed-in user, so the list is
  // authorized as Read on `home` (not `websites`, which only Owners and Admins hold).
  if (!(await ctx.can('home', 'Read'))) throw forbidden('You may not list organization websites.');

  // Tenant scoping: a non-admin only ever sees its own organization's websites. Asking for
  // another organization yields an empty list (as if it had none), not an error.
  let organizationId = requestedOrganization;
  if (!ctx.isAdmin) {
    const own = ctx.viewer.organizationId;
    if (!own || (requestedOrganization && requestedOrganization !== own)) return { data: [], meta: { pagination: { total: 0 } } };
    organizationId = own;
  }

  const { where, params } = listFilter(organizationId, search);
  const n = params.length;
  // The page is cut from organization_websites alone (an index walk in name order), and only
  // its rows are joined to their website, organization and feeds.
  const [page, count] = await Promise.all([
    ctx.pool.query<OrganizationWebsiteRow>(
      `WITH page AS (
         SELECT ow.id FROM organization_websites ow ${where} ORDER BY ow.name, ow.id LIMIT $${n + 1} OFFSET $${n + 2}
       )
       ${SELECT_ITEM} JOIN page ON page.id = ow.id ORDER BY ow.name, ow.id`,
      [...params, limit, offset],
    ),
    ctx.pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM organization_websites ow ${where}`, params),
  ]);
  return { data: page.rows.map(toItem), meta: { pagination: { total: count.rows[0]?.total ?? 0 } } };
}

export async function organizationWebsiteDelete(_: unknown, args: { organizationWebsiteId: string }, ctx: ApiContext) {
  const id = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  // Deleting needs Delete on `websites` (Admin only in the current policy).
  if (!(await ctx.can('websites', 'Delete'))) throw forbidden('You may not delete organization websites.');

  return inTransaction(ctx.pool, async (client) => {
    // Tenant scoping: outside one's own organization the website does not exist (NOT_FOUND).
    const { rows } = await client.query<OrganizationWebsiteRow>(
      `${SELECT_ITEM} WHERE ow.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid) FOR UPDATE OF ow`,
      [id, ctx.isAdmin ? null : ctx.viewer.organizationId ?? '00000000-0000-0000-0000-000000000000'],
    );
    const row = rows[0];
    if (!row) throw notFound('Organization website', id);
    // What belongs to it goes with it: its feeds, and the website record once no other
    // organization monitors it.
    await client.query('DELETE FROM product_feeds WHERE organization_website_id = $1', [id]);
    await client.query('DELETE FROM organization_websites WHERE id = $1', [id]);
    await client.query(
      'DELETE FROM websites w WHERE w.id = $1 AND NOT EXISTS (SELECT 1 FROM organization_websites ow WHERE ow.website_id = w.id)',
      [row.website_id],
    );
    return toItem(row);
  });
}

/** apiKey is a secret: readable only with Read on `websites:detail`. */
export async function apiKey(parent: { apiKey: string }, _: unknown, ctx: ApiContext) {
  if (!(await ctx.can('websites:detail', 'Read'))) throw forbidden('You may not read the API key of an organization website.');
  return parent.apiKey;
}

export const organizationWebsiteResolvers = {
  Query: { organizationWebsiteList },
  Mutation: { organizationWebsiteDelete },
  OrganizationWebsite: { apiKey },
};
