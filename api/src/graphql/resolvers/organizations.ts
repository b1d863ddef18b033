/**
 * Organizations: list, detail, create, rename, suspend and reinstate, and adding a website to
 * one (the first creation that counts against a plan limit). Admins manage every organization;
 * an Owner (and Editor) reads and renames only its own: any other is NOT_FOUND.
 */
import { GraphQLError } from 'graphql';
import type { ApiContext } from '../context.ts';
import { badUserInput, forbidden, notFound } from '../errors.ts';
import { limitArg, offsetArg, searchArg, uuidArg } from '../validate.ts';
import { inTransaction } from '../../db/transaction.ts';
import { assertWithinLimit, loadPlan, planObject, type Queryable } from './plan-limits.ts';

export interface OrganizationRow {
  id: string;
  slug: string;
  name: string;
  plan: string;
  suspended: boolean;
  created_at: Date;
  websites_count: number;
  users_count: number;
}

const SELECT_ORGANIZATION = `
  SELECT o.id, o.slug, o.name, o.plan, o.suspended, o.created_at,
         (SELECT count(*)::int FROM organization_websites ow WHERE ow.organization_id = o.id) AS websites_count,
         (SELECT count(*)::int FROM app_users u WHERE u.organization_id = o.id) AS users_count
    FROM organizations o`;

const SORTS = {
  NAME_ASC: 'o.name ASC, o.id ASC',
  NAME_DESC: 'o.name DESC, o.id DESC',
  CREATED_AT_ASC: 'o.created_at ASC, o.id ASC',
  CREATED_AT_DESC: 'o.created_at DESC, o.id DESC',
} as const;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

export function toOrganization(row: OrganizationRow) {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    planId: row.plan,
    suspended: row.suspended,
    createdAt: row.created_at.toISOString(),
    websitesCount: row.websites_count,
    usersCount: row.users_count,
  };
}
type OrganizationObject = ReturnType<typeof toOrganization>;

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
  const { rows } = await db.query<OrganizationRow>(
    `${SELECT_ORGANIZATION} WHERE o.id = $1${lock ? ' FOR UPDATE OF o' : ''}`,
    [id],
  );
  if (!rows[0]) throw notFound('Organization', id);
  return rows[0];
}

async function organizationList(
  _: unknown,
  args: { search?: string | null; sort?: keyof typeof SORTS | null; limit: number; offset: number },
  ctx: ApiContext,
) {
  const limit = limitArg('limit', args.limit);
  const offset = offsetArg('offset', args.offset);
  const search = searchArg('search', args.search);
  const order = SORTS[args.sort ?? 'NAME_ASC'];
  if (!(await ctx.can('organizations', 'Read'))) throw forbidden('You may not list organizations.');
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (!ctx.isAdmin) {
    if (!ctx.viewer.organizationId) return { data: [], meta: { pagination: { total: 0 } } };
    params.push(ctx.viewer.organizationId);
    conditions.push(`o.id = $${params.length}::uuid`);
  }
  if (search) {
    params.push(likePattern(search));
    conditions.push(`o.name ILIKE $${params.length}::text`);
  }
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const n = params.length;
  const [page, count] = await Promise.all([
    ctx.pool.query<OrganizationRow>(
      `${SELECT_ORGANIZATION} ${where} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, limit, offset],
    ),
    ctx.pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM organizations o ${where}`, params),
  ]);
  return { data: page.rows.map(toOrganization), meta: { pagination: { total: count.rows[0]?.total ?? 0 } } };
}

async function organization(_: unknown, args: { organizationId: string }, ctx: ApiContext) {
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

async function organizationCreate(
  _: unknown,
  args: { input: { name: string; slug?: string | null; planId?: string | null } },
  ctx: ApiContext,
) {
  const name = nameArg('name', args.input.name);
  const requestedSlug = args.input.slug == null ? null : args.input.slug.trim();
  if (requestedSlug !== null && !SLUG.test(requestedSlug))
    throw badUserInput('slug', 'must be 1-63 lowercase letters, digits or "-", starting with a letter or digit');
  const planId = args.input.planId ?? 'starter';
  if (!(await ctx.can('organizations', 'Create'))) throw forbidden('You may not create organizations.');
  return inTransaction(ctx.pool, async (client) => {
    if (!(await loadPlan(client, planId))) throw badUserInput('planId', `there is no plan "${planId}"`);
    let slug = requestedSlug ?? slugify(name);
    const taken = async (candidate: string) =>
      (await client.query('SELECT 1 FROM organizations WHERE slug = $1', [candidate])).rowCount;
    if (await taken(slug)) {
      if (requestedSlug) throw badUserInput('slug', `"${slug}" is already used by another organization`);
      const base = slug;
      for (let i = 2; await taken(slug); i += 1) slug = `${base}-${i}`;
    }
    const { rows } = await client.query<{ id: string }>(
      'INSERT INTO organizations (slug, name, plan) VALUES ($1, $2, $3) RETURNING id',
      [slug, name, planId],
    );
    return toOrganization(await findOrganization(client, ctx, rows[0]!.id));
  });
}

async function organizationUpdate(
  _: unknown,
  args: { organizationId: string; input: { name: string } },
  ctx: ApiContext,
) {
  const id = uuidArg('organizationId', args.organizationId);
  const name = nameArg('name', args.input.name);
  if (!(await ctx.can('organizations', 'Update'))) throw forbidden('You may not change organizations.');
  return inTransaction(ctx.pool, async (client) => {
    await findOrganization(client, ctx, id, true);
    await client.query('UPDATE organizations SET name = $2 WHERE id = $1', [id, name]);
    return toOrganization(await findOrganization(client, ctx, id));
  });
}

function setSuspended(suspended: boolean) {
  return async (_: unknown, args: { organizationId: string }, ctx: ApiContext) => {
    const id = uuidArg('organizationId', args.organizationId);
    if (!(await ctx.can('organizations:suspend', 'Update')))
      throw forbidden(`You may not ${suspended ? 'suspend' : 'reinstate'} organizations.`);
    return inTransaction(ctx.pool, async (client) => {
      await findOrganization(client, ctx, id, true);
      await client.query('UPDATE organizations SET suspended = $2 WHERE id = $1', [id, suspended]);
      return toOrganization(await findOrganization(client, ctx, id));
    });
  };
}

async function organizationWebsiteCreate(
  _: unknown,
  args: { organizationId: string; input: { name: string; url: string } },
  ctx: ApiContext,
) {
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
    const existing = await client.query<{ id: string }>('SELECT id FROM websites WHERE url = $1', [url]);
    const websiteId =
      existing.rows[0]?.id ??
      (await client.query<{ id: string }>('INSERT INTO websites (name, url) VALUES ($1, $2) RETURNING id', [name, url]))
        .rows[0]!.id;
    const duplicate = await client.query(
      'SELECT 1 FROM organization_websites WHERE organization_id = $1 AND website_id = $2',
      [organizationId, websiteId],
    );
    if (duplicate.rowCount) throw badUserInput('url', 'the organization already monitors this website');
    const { rows } = await client.query(
      `WITH ow AS (INSERT INTO organization_websites (organization_id, website_id, name) VALUES ($1, $2, $3) RETURNING id, name, api_key)
       SELECT ow.id, ow.name, ow.api_key, w.id AS website_id, w.name AS website_name, w.url AS website_url, o.id AS organization_id, o.name AS organization_name
         FROM ow, websites w, organizations o WHERE w.id = $2 AND o.id = $1`,
      [organizationId, websiteId, name],
    );
    const row = rows[0];
    return {
      id: row.id,
      name: row.name,
      hasFeed: false,
      apiKey: row.api_key,
      website: { id: row.website_id, name: row.website_name, url: row.website_url },
      organization: { id: row.organization_id, name: row.organization_name },
    };
  });
}

/**
 * Fields of Organization beyond id and name. An Organization reached through another type
 * (e.g. an organization website's) carries only id and name: the rest is loaded once per
 * request. Reading them needs Read on organizations or organizations:detail.
 */
const loaded = new WeakMap<ApiContext, Map<string, Promise<OrganizationObject>>>();
function organizationField<K extends keyof OrganizationObject>(key: K) {
  return async (parent: Partial<OrganizationObject> & { id: string }, _: unknown, ctx: ApiContext) => {
    if (!(await ctx.can('organizations:detail', 'Read')) && !(await ctx.can('organizations', 'Read'))) {
      throw forbidden(`You may not read an organization's ${key}.`);
    }
    if (parent[key] !== undefined) return parent[key];
    let cache = loaded.get(ctx);
    if (!cache) loaded.set(ctx, (cache = new Map()));
    let full = cache.get(parent.id);
    if (!full) cache.set(parent.id, (full = findOrganization(ctx.pool, ctx, parent.id).then(toOrganization)));
    return (await full)[key];
  };
}

async function plan(parent: { id: string; planId?: string }, args: unknown, ctx: ApiContext) {
  const planId = (await organizationField('planId')(parent, args, ctx)) as string;
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
};
