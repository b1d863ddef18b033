/**
 * The SQL of organization websites (the websites area, README.md), beside the picker's list
 * (website-list.ts): one website's detail with its counts, what deleting it removes, the
 * websites page, rename, a move to another address, API key rotation, delete; and the shared
 * website records (one per address) that organization websites point at. `scope` is the
 * organization a caller is confined to (scopeOf), null for every one. No access checks here:
 * the resolvers (organization-websites.ts, websites-admin.ts) check the caller before calling.
 */
import type { Queryable } from '../db/transaction.ts';
import type { OrganizationWebsiteSort } from '../graphql/generated/resolvers.ts';
import { likePattern } from '../catalogue/catalogue-scope.ts';
import { type OrganizationWebsiteRow, toItem } from './website-list.ts';

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

const toAdminItem = (row: Omit<WebsiteDetailRow, 'products_count'>) => ({
  id: row.id,
  name: row.name,
  hasFeed: row.feed_count > 0,
  apiKey: row.api_key,
  website: { id: row.website_id, name: row.website_name, url: row.website_url },
  organization: { id: row.organization_id, name: row.organization_name },
  feedsCount: row.feed_count,
  competitorsCount: row.competitors_count,
});

const toDetail = (row: WebsiteDetailRow) => ({ ...toAdminItem(row), productsCount: row.products_count });

export type WebsiteDetail = ReturnType<typeof toDetail>;

/** The website with its counts if within `scope`, else null. */
export async function loadWebsiteDetail(
  db: Queryable,
  scope: string | null,
  id: string,
): Promise<WebsiteDetail | null> {
  const { rows } = await db.query<WebsiteDetailRow>(SELECT_DETAIL, [id, scope]);
  return rows[0] ? toDetail(rows[0]) : null;
}

/** What deleting the website would remove beyond its own counts. */
export async function deletionCounts(db: Queryable, id: string) {
  const { rows } = await db.query<{ competitor_products: number; matches: number; aggregator_listings: number }>(
    `SELECT (SELECT count(*)::int FROM competitor_products cp JOIN competitors c ON c.id = cp.competitor_id WHERE c.organization_website_id = $1) AS competitor_products,
            (SELECT count(*)::int FROM product_matches m JOIN products p ON p.id = m.product_id WHERE p.organization_website_id = $1) AS matches,
            (SELECT count(*)::int FROM aggregator_listings l JOIN products p ON p.id = l.product_id WHERE p.organization_website_id = $1) AS aggregator_listings`,
    [id],
  );
  const row = rows[0]!;
  return {
    competitorProducts: row.competitor_products,
    matches: row.matches,
    aggregatorListings: row.aggregator_listings,
  };
}

/** Each sort of the websites page: its ORDER BY, ties broken by name, then id. */
export const ADMIN_LIST_SORTS: Record<OrganizationWebsiteSort, string> = {
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
};

/**
 * The websites page: the page and its total in one statement. A name search collects its hits
 * through the trigram index (organization_websites_named); the page's rows are joined to their
 * website and organization, with the competitors counted per row.
 */
export async function listWebsitesForAdmin(
  db: Queryable,
  filter: {
    organizationId: string | null;
    search: string | null;
    sort: OrganizationWebsiteSort;
    limit: number;
    offset: number;
  },
) {
  const order = ADMIN_LIST_SORTS[filter.sort];
  const { rows } = await db.query<Omit<WebsiteDetailRow, 'products_count'> & { total: number }>(
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
    [filter.organizationId, filter.search === null ? null : likePattern(filter.search), filter.limit, filter.offset],
  );
  return { rows: rows.filter((row) => row.id !== null).map(toAdminItem), total: rows[0]?.total ?? 0 };
}

export async function renameOrganizationWebsite(db: Queryable, id: string, name: string): Promise<void> {
  await db.query('UPDATE organization_websites SET name = $2 WHERE id = $1', [id, name]);
}

/** The shared website record of an address, created (named `name`) when there is none. */
export async function websiteRecordFor(db: Queryable, url: string, name: string): Promise<string> {
  const existing = await db.query<{ id: string }>('SELECT id FROM websites WHERE url = $1', [url]);
  if (existing.rows[0]) return existing.rows[0].id;
  const { rows } = await db.query<{ id: string }>('INSERT INTO websites (name, url) VALUES ($1, $2) RETURNING id', [
    name,
    url,
  ]);
  return rows[0]!.id;
}

/** Whether the organization already has a website of this record. */
export async function organizationMonitors(db: Queryable, organizationId: string, websiteId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'SELECT 1 FROM organization_websites WHERE organization_id = $1 AND website_id = $2',
    [organizationId, websiteId],
  );
  return Boolean(rowCount);
}

/** Deletes the shared website record once no organization monitors it. */
async function dropUnmonitoredWebsite(db: Queryable, websiteId: string): Promise<void> {
  await db.query(
    'DELETE FROM websites w WHERE w.id = $1 AND NOT EXISTS (SELECT 1 FROM organization_websites ow WHERE ow.website_id = w.id)',
    [websiteId],
  );
}

/**
 * Moves an organization website to the record of another address (its old record goes once
 * nobody monitors it); false when the organization already monitors the new address.
 */
export async function moveOrganizationWebsite(
  db: Queryable,
  organizationWebsite: { id: string; organizationId: string },
  url: string,
): Promise<boolean> {
  const { rows } = await db.query<{ website_id: string; url: string; name: string }>(
    'SELECT ow.website_id, w.url, ow.name FROM organization_websites ow JOIN websites w ON w.id = ow.website_id WHERE ow.id = $1',
    [organizationWebsite.id],
  );
  const old = rows[0]!;
  if (old.url === url) return true;
  const websiteId = await websiteRecordFor(db, url, old.name);
  if (await organizationMonitors(db, organizationWebsite.organizationId, websiteId)) return false;
  await db.query('UPDATE organization_websites SET website_id = $2 WHERE id = $1', [organizationWebsite.id, websiteId]);
  await dropUnmonitoredWebsite(db, old.website_id);
  return true;
}

export async function rotateApiKey(db: Queryable, id: string): Promise<void> {
  // Same form as the column default (migration 001): gen_random_uuid is cryptographically random.
  await db.query(
    `UPDATE organization_websites
        SET api_key = 'owk_' || replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '')
      WHERE id = $1`,
    [id],
  );
}

const SELECT_ITEM = `
  SELECT ow.id, ow.name, ow.api_key, ow.feed_count > 0 AS has_feed,
         w.id AS website_id, w.name AS website_name, w.url AS website_url,
         o.id AS organization_id, o.name AS organization_name
    FROM organization_websites ow
    JOIN websites w ON w.id = ow.website_id
    JOIN organizations o ON o.id = ow.organization_id`;

/**
 * Deletes an organization website within `scope` with what belongs to it: its feeds, and the
 * website record once no other organization monitors it. Returns what was deleted, or null.
 */
export async function deleteOrganizationWebsite(db: Queryable, scope: string | null, id: string) {
  const { rows } = await db.query<OrganizationWebsiteRow>(
    `${SELECT_ITEM} WHERE ow.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid) FOR UPDATE OF ow`,
    [id, scope],
  );
  const row = rows[0];
  if (!row) return null;
  await db.query('DELETE FROM product_feeds WHERE organization_website_id = $1', [id]);
  await db.query('DELETE FROM organization_websites WHERE id = $1', [id]);
  await dropUnmonitoredWebsite(db, row.website_id);
  return toItem(row);
}
