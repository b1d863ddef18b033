/**
 * The SQL of organizations (the organizations area, README.md): reading them (one, a page of
 * them within a caller's reach), creating with a free slug, renaming, suspending, changing the
 * plan, their invoices, and adding a website to one. No access checks here: the resolvers
 * (organizations.ts, billing.ts) check the caller before calling.
 */
import type { Queryable } from '../db/transaction.ts';
import type { Currency, InvoiceStatus, OrganizationSort } from '../graphql/generated/resolvers.ts';
import { likePattern } from '../catalogue/catalogue-scope.ts';
import type { PlanRow } from '../catalogue/plan-limits.ts';
import { organizationMonitors, websiteRecordFor } from '../websites/websites-store.ts';

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

export const ORGANIZATION_SORTS: Record<OrganizationSort, string> = {
  NAME_ASC: 'o.name ASC, o.id ASC',
  NAME_DESC: 'o.name DESC, o.id DESC',
  CREATED_AT_ASC: 'o.created_at ASC, o.id ASC',
  CREATED_AT_DESC: 'o.created_at DESC, o.id DESC',
};

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
export type OrganizationObject = ReturnType<typeof toOrganization>;

/** The organization by id (whoever asks: the resolvers check the caller's reach), or null. */
export async function loadOrganization(db: Queryable, id: string, lock = false): Promise<OrganizationRow | null> {
  const { rows } = await db.query<OrganizationRow>(
    `${SELECT_ORGANIZATION} WHERE o.id = $1${lock ? ' FOR UPDATE OF o' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export interface OrganizationFilter {
  /** Only this organization (a non-admin's own); null: every one. */
  only: string | null;
  /** A case-insensitive substring of the name. */
  search: string | null;
  sort: OrganizationSort;
  limit: number;
  offset: number;
}

export async function listOrganizations(
  db: Queryable,
  filter: OrganizationFilter,
): Promise<{ rows: OrganizationObject[]; total: number }> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (filter.only) {
    params.push(filter.only);
    conditions.push(`o.id = $${params.length}::uuid`);
  }
  if (filter.search) {
    params.push(likePattern(filter.search));
    conditions.push(`o.name ILIKE $${params.length}::text`);
  }
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const n = params.length;
  const [page, count] = await Promise.all([
    db.query<OrganizationRow>(
      `${SELECT_ORGANIZATION} ${where} ORDER BY ${ORGANIZATION_SORTS[filter.sort]} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, filter.limit, filter.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM organizations o ${where}`, params),
  ]);
  return { rows: page.rows.map(toOrganization), total: count.rows[0]?.total ?? 0 };
}

export async function slugTaken(db: Queryable, slug: string): Promise<boolean> {
  return Boolean((await db.query('SELECT 1 FROM organizations WHERE slug = $1', [slug])).rowCount);
}

export async function insertOrganization(
  db: Queryable,
  organization: { slug: string; name: string; planId: string },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO organizations (slug, name, plan) VALUES ($1, $2, $3) RETURNING id',
    [organization.slug, organization.name, organization.planId],
  );
  return rows[0]!.id;
}

export async function renameOrganization(db: Queryable, id: string, name: string): Promise<void> {
  await db.query('UPDATE organizations SET name = $2 WHERE id = $1', [id, name]);
}

export async function setOrganizationSuspended(db: Queryable, id: string, suspended: boolean): Promise<void> {
  await db.query('UPDATE organizations SET suspended = $2 WHERE id = $1', [id, suspended]);
}

export async function setOrganizationPlan(db: Queryable, id: string, planId: string): Promise<void> {
  await db.query('UPDATE organizations SET plan = $2 WHERE id = $1', [id, planId]);
}

interface InvoiceRow {
  id: string;
  plan_id: string;
  period_start: string;
  period_end: string;
  amount: string;
  currency: Currency;
  status: InvoiceStatus;
}

/** An organization's invoices, newest period first. */
export async function listInvoices(db: Queryable, organizationId: string) {
  const { rows } = await db.query<InvoiceRow>(
    `SELECT id, plan_id, to_char(period_start, 'YYYY-MM-DD') AS period_start, to_char(period_end, 'YYYY-MM-DD') AS period_end,
            amount::text AS amount, currency, status
       FROM billing_invoices WHERE organization_id = $1 ORDER BY period_start DESC`,
    [organizationId],
  );
  return rows.map((row) => ({
    id: row.id,
    planId: row.plan_id,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status,
  }));
}

/**
 * Adds a website to an organization: the website record of this address (created if new) and the
 * organization's own entry for it; null when the organization already monitors it.
 */
export async function insertOrganizationWebsite(
  db: Queryable,
  organizationId: string,
  website: { name: string; url: string },
) {
  const websiteId = await websiteRecordFor(db, website.url, website.name);
  if (await organizationMonitors(db, organizationId, websiteId)) return null;
  const { rows } = await db.query<{
    id: string;
    name: string;
    api_key: string;
    website_id: string;
    website_name: string;
    website_url: string;
    organization_id: string;
    organization_name: string;
  }>(
    `WITH ow AS (INSERT INTO organization_websites (organization_id, website_id, name) VALUES ($1, $2, $3) RETURNING id, name, api_key)
     SELECT ow.id, ow.name, ow.api_key, w.id AS website_id, w.name AS website_name, w.url AS website_url, o.id AS organization_id, o.name AS organization_name
       FROM ow, websites w, organizations o WHERE w.id = $2 AND o.id = $1`,
    [organizationId, websiteId, website.name],
  );
  const row = rows[0]!;
  return {
    id: row.id,
    name: row.name,
    hasFeed: false,
    apiKey: row.api_key,
    website: { id: row.website_id, name: row.website_name, url: row.website_url },
    organization: { id: row.organization_id, name: row.organization_name },
  };
}

/** Every plan, in the order the console shows them. */
export async function listPlans(db: Queryable): Promise<PlanRow[]> {
  const { rows } = await db.query<PlanRow>('SELECT * FROM plans ORDER BY position');
  return rows;
}
