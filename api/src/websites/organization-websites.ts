/**
 * The organization website list (the picker in the header: every signed-in member reads it,
 * scoped to its own organization), deleting an organization website, and its API key (a secret:
 * Read on websites:detail). Each resolver checks its arguments and the caller, then calls the
 * list's seam (website-list.ts) or the store (websites-store.ts).
 */
import type { GraphQLResolveInfo } from 'graphql';
import { inTransaction } from '../db/transaction.ts';
import type { ApiContext } from '../graphql/context.ts';
import { forbidden, notFound } from '../graphql/errors.ts';
import type {
  MutationOrganizationWebsiteDeleteArgs,
  ResolversParentTypes,
  QueryOrganizationWebsiteListArgs,
  Resolvers,
} from '../graphql/generated/resolvers.ts';
import { scopeOf } from '../catalogue/catalogue-scope.ts';
import { pageArgs, searchArg, uuidArg } from '../graphql/validate.ts';
import { type OrganizationWebsiteItem, readWebsiteList, selectsApiKey } from './website-list.ts';
import { deleteOrganizationWebsite } from './websites-store.ts';

const EMPTY_LIST = { data: [], meta: { pagination: { total: 0 } } };

export async function organizationWebsiteList(
  _: unknown,
  args: QueryOrganizationWebsiteListArgs,
  ctx: ApiContext,
  info?: GraphQLResolveInfo,
) {
  const { limit, offset } = pageArgs(args);
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
    if (!own || (requestedOrganization && requestedOrganization !== own)) return EMPTY_LIST;
    organizationId = own;
  }

  // The API key is decided once for the whole page, not awaited per row; an unreadable key is
  // not even read from the database.
  const apiKeyReadable = selectsApiKey(info) ? await ctx.can('websites:detail', 'Read') : undefined;
  return readWebsiteList(ctx.pool, {
    organizationId,
    search,
    limit,
    offset,
    apiKeyReadable,
    listVersion: ctx.listVersion,
  });
}

export async function organizationWebsiteDelete(
  _: unknown,
  args: MutationOrganizationWebsiteDeleteArgs,
  ctx: ApiContext,
) {
  const id = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  // Deleting needs Delete on `websites` (Admin only in the current policy).
  if (!(await ctx.can('websites', 'Delete'))) throw forbidden('You may not delete organization websites.');
  return inTransaction(ctx.pool, async (client) => {
    // Tenant scoping: outside one's own organization the website does not exist (NOT_FOUND).
    const deleted = await deleteOrganizationWebsite(client, scopeOf(ctx), id);
    if (!deleted) throw notFound('Organization website', id);
    return deleted;
  });
}

const apiKeyForbidden = () => forbidden('You may not read the API key of an organization website.');

/**
 * apiKey is a secret: readable only with Read on `websites:detail`. The list decides that once
 * per request (`apiKeyReadable`), so a page of 500 resolves it synchronously; elsewhere it is
 * asked here.
 */
export function apiKey(
  parent: ResolversParentTypes['OrganizationWebsite'] & Pick<OrganizationWebsiteItem, 'apiKeyReadable'>,
  _: unknown,
  ctx: ApiContext,
): string | null | Promise<string | null> {
  const key = parent.apiKey ?? null;
  if (parent.apiKeyReadable === true) return key;
  if (parent.apiKeyReadable === false) throw apiKeyForbidden();
  return ctx.can('websites:detail', 'Read').then((readable) => {
    if (!readable) throw apiKeyForbidden();
    return key;
  });
}

export const organizationWebsiteResolvers = {
  Query: { organizationWebsiteList },
  Mutation: { organizationWebsiteDelete },
  OrganizationWebsite: { apiKey },
} satisfies Resolvers;
