/**
 * Organizations: list, detail, create, rename, suspend and reinstate, and adding a website to
 * one (the first creation that counts against a plan limit). Admins manage every organization;
 * an Owner (and Editor) reads and renames only its own: any other is NOT_FOUND.
 * Each resolver checks its arguments and the caller, then calls the store (organizations-store.ts).
 */
import { GraphQLError } from 'graphql';
import { inTransaction, type Queryable } from '../db/transaction.ts';
import type { ApiContext } from '../graphql/context.ts';
import { badUserInput, forbidden, notFound } from '../graphql/errors.ts';
import type {
  MutationOrganizationCreateArgs,
  MutationOrganizationSuspendArgs,
  MutationOrganizationUpdateArgs,
  MutationOrganizationWebsiteCreateArgs,
  QueryOrganizationArgs,
  QueryOrganizationListArgs,
  Resolvers,
} from '../graphql/generated/resolvers.ts';
import { assertWithinLimit, loadPlan, planObject } from '../catalogue/plan-limits.ts';
import { pageArgs, searchArg, uuidArg } from '../graphql/validate.ts';
import {
  insertOrganization,
  insertOrganizationWebsite,
  listOrganizations,
  loadOrganization,
  type OrganizationObject,
  type OrganizationRow,
  renameOrganization,
  setOrganizationSuspended,
  slugTaken,
  toOrganization,
} from './organizations-store.ts';

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

export function nameArg(field: string, value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name) throw badUserInput(field, 'must not be empty');
  if (name.length > 200) throw badUserInput(field, 'must be at most 200 characters');
  return name;
}

/** The organization, within the caller's reach (a non-admin only its own), or NOT_FOUND. */
export async function findOrganization(
  db: Queryable,
  ctx: ApiContext,
  id: string,
  lock = false,
): Promise<OrganizationRow> {
  if (!ctx.isAdmin && ctx.viewer.organizationId !== id) throw notFound('Organization', id);
  const row = await loadOrganization(db, id, lock);
  if (!row) throw notFound('Organization', id);
  return row;
}

async function organizationList(_: unknown, args: QueryOrganizationListArgs, ctx: ApiContext) {
  const { limit, offset } = pageArgs(args);
  const search = searchArg('search', args.search);
  if (!(await ctx.can('organizations', 'Read'))) throw forbidden('You may not list organizations.');
  if (!ctx.isAdmin && !ctx.viewer.organizationId) return { data: [], meta: { pagination: { total: 0 } } };
  const { rows, total } = await listOrganizations(ctx.pool, {
    only: ctx.isAdmin ? null : ctx.viewer.organizationId,
    search,
    sort: args.sort ?? 'NAME_ASC',
    limit,
    offset,
  });
  return { data: rows, meta: { pagination: { total } } };
}

async function organization(_: unknown, args: QueryOrganizationArgs, ctx: ApiContext) {
  const id = uuidArg('organizationId', args.organizationId);
  if (!(await ctx.can('organizations:detail', 'Read'))) throw forbidden('You may not read organizations.');
  return toOrganization(await findOrganization(ctx.pool, ctx, id));
}

/** A slug from a name: lowercase ASCII letters and digits joined by '-'. */
function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return slug || 'organization';
}

async function organizationCreate(_: unknown, args: MutationOrganizationCreateArgs, ctx: ApiContext) {
  const name = nameArg('name', args.input.name);
  const requestedSlug = args.input.slug == null ? null : args.input.slug.trim();
  if (requestedSlug !== null && !SLUG.test(requestedSlug))
    throw badUserInput('slug', 'must be 1-63 lowercase letters, digits or "-", starting with a letter or digit');
  const planId = args.input.planId ?? 'starter';
  if (!(await ctx.can('organizations', 'Create'))) throw forbidden('You may not create organizations.');
  return inTransaction(ctx.pool, async (client) => {
    if (!(await loadPlan(client, planId))) throw badUserInput('planId', `there is no plan "${planId}"`);
    let slug = requestedSlug ?? slugify(name);
    if (await slugTaken(client, slug)) {
      if (requestedSlug) throw badUserInput('slug', `"${slug}" is already used by another organization`);
      const base = slug;
      for (let i = 2; await slugTaken(client, slug); i += 1) slug = `${base}-${i}`;
    }
    const id = await insertOrganization(client, { slug, name, planId });
    return toOrganization(await findOrganization(client, ctx, id));
  });
}

async function organizationUpdate(_: unknown, args: MutationOrganizationUpdateArgs, ctx: ApiContext) {
  const id = uuidArg('organizationId', args.organizationId);
  const name = nameArg('name', args.input.name);
  if (!(await ctx.can('organizations', 'Update'))) throw forbidden('You may not change organizations.');
  return inTransaction(ctx.pool, async (client) => {
    await findOrganization(client, ctx, id, true);
    await renameOrganization(client, id, name);
    return toOrganization(await findOrganization(client, ctx, id));
  });
}

function setSuspended(suspended: boolean) {
  return async (_: unknown, args: MutationOrganizationSuspendArgs, ctx: ApiContext) => {
    const id = uuidArg('organizationId', args.organizationId);
    if (!(await ctx.can('organizations:suspend', 'Update')))
      throw forbidden(`You may not ${suspended ? 'suspend' : 'reinstate'} organizations.`);
    return inTransaction(ctx.pool, async (client) => {
      await findOrganization(client, ctx, id, true);
      await setOrganizationSuspended(client, id, suspended);
      return toOrganization(await findOrganization(client, ctx, id));
    });
  };
}

async function organizationWebsiteCreate(_: unknown, args: MutationOrganizationWebsiteCreateArgs, ctx: ApiContext) {
  const organizationId = uuidArg('organizationId', args.organizationId);
  const name = nameArg('name', args.input.name);
  const url = (args.input.url ?? '').trim();
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    /* reported below */
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol) || !/^https?:\/\//i.test(url) || url.length > 2000) {
    throw badUserInput('url', 'must be an http:// or https:// address of at most 2000 characters');
  }
  if (!(await ctx.can('websites', 'Create'))) throw forbidden('You may not add organization websites.');
  return inTransaction(ctx.pool, async (client) => {
    await findOrganization(client, ctx, organizationId);
    await assertWithinLimit(client, organizationId, 'websites');
    const created = await insertOrganizationWebsite(client, organizationId, { name, url });
    if (!created)
      throw badUserInput('url', 'the organization already monitors this website', { reason: 'WEBSITE_MONITORED' });
    return created;
  });
}

/**
 * Fields of Organization beyond id and name. An Organization reached through another type
 * (e.g. an organization website's) carries only id and name: the rest is loaded once per
 * request. Reading them needs Read on organizations or organizations:detail.
 */
const loaded = new WeakMap<ApiContext, Map<string, Promise<OrganizationObject>>>();
function organizationField<K extends keyof OrganizationObject>(key: K) {
  return async (parent: Partial<OrganizationObject>, _: unknown, ctx: ApiContext) => {
    if (!(await ctx.can('organizations:detail', 'Read')) && !(await ctx.can('organizations', 'Read'))) {
      throw forbidden(`You may not read an organization's ${key}.`);
    }
    if (parent[key] !== undefined) return parent[key] as OrganizationObject[K];
    const id = parent.id!;
    let cache = loaded.get(ctx);
    if (!cache) loaded.set(ctx, (cache = new Map()));
    let full = cache.get(id);
    if (!full) cache.set(id, (full = findOrganization(ctx.pool, ctx, id).then(toOrganization)));
    return (await full)[key];
  };
}

async function plan(parent: Partial<OrganizationObject>, args: unknown, ctx: ApiContext) {
  const planId = await organizationField('planId')(parent, args, ctx);
  const row = await loadPlan(ctx.pool, planId);
  if (!row) throw new GraphQLError(`Plan ${planId} is missing.`);
  return planObject(row);
}

export const organizationResolvers = {
  Query: { organizationList, organization },
  Mutation: {
    organizationCreate,
    organizationUpdate,
    organizationSuspend: setSuspended(true),
    organizationReinstate: setSuspended(false),
    organizationWebsiteCreate,
  },
  Organization: {
    slug: organizationField('slug'),
    suspended: organizationField('suspended'),
    createdAt: organizationField('createdAt'),
    websitesCount: organizationField('websitesCount'),
    usersCount: organizationField('usersCount'),
    plan,
  },
} satisfies Resolvers;
