import type { Pool } from 'pg';
import type { Api } from '../src/app.ts';

export interface GqlResponse {
  status: number;
  body: { data?: any; errors?: Array<{ message: string; extensions?: { code?: string; field?: string } }> };
}

export async function gql(
  api: Api,
  request: { query: string; variables?: Record<string, unknown>; token?: string | null; operationName?: string },
): Promise<GqlResponse> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  const operationName = request.operationName ?? /^\s*(?:query|mutation)\s+(\w+)/.exec(request.query)?.[1];
  const response = await api.fetch('http://api.test/graphql', {
    method: 'POST',
    headers,
    body: JSON.stringify({ operationName, variables: request.variables ?? {}, query: request.query }),
  });
  return { status: response.status, body: await response.json() };
}

export const codes = (response: GqlResponse) => (response.body.errors ?? []).map((e) => e.extensions?.code);

const TABLES = ['organizations', 'websites', 'organization_websites', 'product_feeds', 'app_users'] as const;

export async function rowCounts(pool: Pool): Promise<Record<(typeof TABLES)[number], number>> {
  const { rows } = await pool.query(
    `SELECT ${TABLES.map((t) => `(SELECT count(*)::int FROM ${t}) AS ${t}`).join(', ')}`,
  );
  return rows[0];
}

export async function organizationIds(pool: Pool): Promise<Record<string, string>> {
  const { rows } = await pool.query('SELECT slug, id FROM organizations');
  return Object.fromEntries(rows.map((r) => [r.slug, r.id]));
}

let created = 0;
/** A fresh organization website (with a feed) that a test may delete. */
export async function createOrganizationWebsite(
  pool: Pool,
  organizationId: string,
): Promise<{ id: string; websiteId: string; name: string }> {
  created += 1;
  const name = `Zz Test Shop ${process.pid} ${Date.now()} ${created}`;
  const { rows } = await pool.query(
    `WITH w AS (INSERT INTO websites (name, url) VALUES ($1, $2) RETURNING id),
          ow AS (INSERT INTO organization_websites (organization_id, website_id, name) SELECT $3, id, $1 FROM w RETURNING id, website_id),
          f AS (INSERT INTO product_feeds (organization_website_id, name, url, format) SELECT id, 'Catalogue', $2 || '/feed.xml', 'xml' FROM ow)
     SELECT ow.id, ow.website_id FROM ow`,
    [name, `https://test-${created}-${Date.now()}-${process.pid}.shop.example`, organizationId],
  );
  return { id: rows[0].id, websiteId: rows[0].website_id, name };
}
