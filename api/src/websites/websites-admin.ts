/**
 * Administration of one organization website: detail with counts, rename / move to another
 * address, API key rotation, and the preview of what deleting it removes. (Creating is
 * organizationWebsiteCreate in organizations/, deleting organizationWebsiteDelete in
 * organization-websites.ts.) Admin reaches every organization's website, everyone else only
 * its own organization's: another is NOT_FOUND. Each resolver checks its arguments and the
 * caller, then calls the store (websites-store.ts).
 */
import { inTransaction, type Queryable } from '../db/transaction.ts';
import type { ApiContext } from '../graphql/context.ts';
import { badUserInput, forbidden, notFound } from '../graphql/errors.ts';
import type {
  MutationOrganizationWebsiteApiKeyRotateArgs,
  MutationOrganizationWebsiteUpdateArgs,
  ResolversParentTypes,
  OrganizationWebsiteSort,
  QueryOrganizationWebsiteAdminListArgs,
  QueryOrganizationWebsiteArgs,
  QueryOrganizationWebsiteDeletePreviewArgs,
  Resolvers,
} from '../graphql/generated/resolvers.ts';
import { findOrganizationWebsite, oneOf, scopeOf, textArg, urlArg } from '../catalogue/catalogue-scope.ts';
import { pageArgs, searchArg, uuidArg } from '../graphql/validate.ts';
import {
  ADMIN_LIST_SORTS,
  deletionCounts,
  listWebsitesForAdmin,
  loadWebsiteDetail,
  moveOrganizationWebsite,
  renameOrganizationWebsite,
  rotateApiKey,
  type WebsiteDetail,
} from './websites-store.ts';

const ADMIN_LIST_SORT_NAMES = Object.keys(ADMIN_LIST_SORTS) as OrganizationWebsiteSort[];

async function loadDetail(db: Queryable, ctx: ApiContext, id: string): Promise<WebsiteDetail> {
  const detail = await loadWebsiteDetail(db, scopeOf(ctx), id);
  if (!detail) throw notFound('Organization website', id);
  return detail;
}

async function organizationWebsite(_: unknown, args: QueryOrganizationWebsiteArgs, ctx: ApiContext) {
  const id = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  if (!(await ctx.can('websites:detail', 'Read'))) throw forbidden('You may not read organization websites.');
  return loadDetail(ctx.pool, ctx, id);
}

async function organizationWebsiteDeletePreview(
  _: unknown,
  args: QueryOrganizationWebsiteDeletePreviewArgs,
  ctx: ApiContext,
) {
  const id = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  if (!(await ctx.can('websites', 'Read'))) throw forbidden('You may not read organization websites.');
  const detail = await loadDetail(ctx.pool, ctx, id);
  return {
    id,
    organizationWebsite: detail,
    feeds: detail.feedsCount,
    products: detail.productsCount,
    competitors: detail.competitorsCount,
    ...(await deletionCounts(ctx.pool, id)),
  };
}

async function organizationWebsiteAdminList(_: unknown, args: QueryOrganizationWebsiteAdminListArgs, ctx: ApiContext) {
  const { limit, offset } = pageArgs(args);
  const requested = args.organizationId == null ? null : uuidArg('organizationId', args.organizationId);
  const search = searchArg('search', args.search);
  const sort = oneOf('sort', args.sort ?? 'NAME_ASC', ADMIN_LIST_SORT_NAMES);
  if (!(await ctx.can('websites', 'Read'))) throw forbidden('You may not list organization websites.');
  // Tenant scoping: another organization asked for by a non-admin is an empty list.
  const scope = scopeOf(ctx);
  if (scope !== null && requested !== null && requested !== scope)
    return { data: [], meta: { pagination: { total: 0 } } };
  const { rows, total } = await listWebsitesForAdmin(ctx.pool, {
    organizationId: scope ?? requested,
    search,
    sort,
    limit,
    offset,
  });
  return { data: rows, meta: { pagination: { total } } };
}

async function organizationWebsiteUpdate(_: unknown, args: MutationOrganizationWebsiteUpdateArgs, ctx: ApiContext) {
  const id = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  const name = args.input.name == null ? null : textArg('name', args.input.name, 200);
  const url = args.input.url == null ? null : urlArg('url', args.input.url);
  if (name === null && url === null) throw badUserInput('input', 'give a name or a url to change');
  if (!(await ctx.can('websites', 'Update'))) throw forbidden('You may not change organization websites.');
  return inTransaction(ctx.pool, async (client) => {
    const current = await findOrganizationWebsite(client, ctx, id, true);
    if (name !== null) await renameOrganizationWebsite(client, id, name);
    // Websites are shared records (one per address); the organization website moves to the
    // record of the new address.
    if (url !== null && !(await moveOrganizationWebsite(client, { id, organizationId: current.organization_id }, url)))
      throw badUserInput('url', 'the organization already monitors this website', { reason: 'WEBSITE_MONITORED' });
    return loadDetail(client, ctx, id);
  });
}

async function organizationWebsiteApiKeyRotate(
  _: unknown,
  args: MutationOrganizationWebsiteApiKeyRotateArgs,
  ctx: ApiContext,
) {
  const id = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  if (!(await ctx.can('websites', 'Update'))) throw forbidden('You may not change organization websites.');
  return inTransaction(ctx.pool, async (client) => {
    await findOrganizationWebsite(client, ctx, id, true);
    await rotateApiKey(client, id);
    return loadDetail(client, ctx, id);
  });
}

/** Counts of an organization website reached elsewhere (e.g. the picker's list): asked per row. */
function countField(key: 'feedsCount' | 'competitorsCount' | 'productsCount') {
  return async (parent: Partial<Record<typeof key, number> & { id: string }>, _: unknown, ctx: ApiContext) => {
    if (!(await ctx.can('websites', 'Read'))) throw forbidden(`You may not read an organization website's ${key}.`);
    if (parent[key] !== undefined) return parent[key];
    return (await loadDetail(ctx.pool, ctx, parent.id!))[key];
  };
}

/**
 * A website's own name (websites.name) is the one the first organization to add its address gave
 * it; another organization monitoring the same address must not learn it. Outside Admins, the
 * website is named by the caller's own organization website.
 */
function sharedWebsite(parent: ResolversParentTypes['OrganizationWebsite'], _: unknown, ctx: ApiContext) {
  const website = parent.website!;
  if (ctx.isAdmin) return website;
  return { ...website, name: parent.name ?? website.name };
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
} satisfies Resolvers;
