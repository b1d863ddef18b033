/**
 * OrganizationWebsiteList keeps answers in memory per data version (migration 003): whatever
 * is written, the next request shows it, and one organization's answer never reaches another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier } from '@console/firebase-token';
import { loadAccessControl } from '../src/access.ts';
import { createApi, type Api } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { DEMO_USERS } from '../src/seed/demo-users.ts';
import { availableEngines, openDemo } from './engines.ts';
import { createOrganizationWebsite, gql, organizationIds } from './helpers.ts';
import { ORGANIZATION_WEBSITE_LIST } from './operations.ts';
import { emulatorToken, PROJECT_ID } from './tokens.ts';

const engines = await availableEngines();
const user = (role: string) => DEMO_USERS.find((u) => u.roles.includes(role))!;

describe.each(engines)('OrganizationWebsiteList answers kept in memory on $name', (engine) => {
  let db: Database;
  let api: Api;
  let orgs: Record<string, string>;
  const list = async (uid: string, variables: Record<string, unknown> = {}) => {
    const response = await gql(api, {
      query: ORGANIZATION_WEBSITE_LIST,
      token: emulatorToken(uid),
      variables: { limit: 1000, offset: 0, ...variables },
    });
    expect(response.body.errors).toBeUndefined();
    return response.body.data.organizationWebsiteList as { data: any[]; meta: { pagination: { total: number } } };
  };

  beforeAll(async () => {
    db = await openDemo(engine, 60);
    orgs = await organizationIds(db.pool);
    api = createApi({
      pool: db.pool,
      verifyToken: createTokenVerifier({ projectId: PROJECT_ID, emulator: true }),
      access: await loadAccessControl(),
      logging: false,
    });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('shows a renamed organization website, website and organization at the next request', async () => {
    const site = await createOrganizationWebsite(db.pool, orgs.northwind!);
    const find = async () =>
      (await list(user('Admin').uid, { name: site.name })).data.find((item) => item.id === site.id);
    expect((await find())?.name).toBe(site.name);
    await find(); // answered from memory now

    await db.pool.query("UPDATE organization_websites SET name = name || ' renamed' WHERE id = $1", [site.id]);
    const renamed = await list(user('Admin').uid, { name: `${site.name} renamed` });
    expect(renamed.data.map((item) => item.id)).toEqual([site.id]);

    await db.pool.query("UPDATE websites SET url = 'https://moved.example/' WHERE id = $1", [site.websiteId]);
    await db.pool.query("UPDATE organizations SET name = 'Northwind Renamed' WHERE id = $1", [orgs.northwind]);
    const after = (await list(user('Admin').uid, { name: `${site.name} renamed` })).data[0];
    expect(after.website.url).toBe('https://moved.example/');
    expect(after.organization.name).toBe('Northwind Renamed');
  });

  it('counts a new and a deleted website at the next request', async () => {
    const before = (await list(user('Owner').uid)).meta.pagination.total;
    const site = await createOrganizationWebsite(db.pool, orgs.northwind!);
    expect((await list(user('Owner').uid)).meta.pagination.total).toBe(before + 1);
    await db.pool.query('DELETE FROM organization_websites WHERE id = $1', [site.id]);
    expect((await list(user('Owner').uid)).meta.pagination.total).toBe(before);
  });

  it('never gives one organization the answer kept for another', async () => {
    await createOrganizationWebsite(db.pool, orgs.bohemia!);
    const owner = await list(user('Owner').uid); // northwind
    const viewer = await list(user('Viewer').uid); // bohemia, same arguments
    expect(new Set(owner.data.map((item) => item.organization.id))).toEqual(new Set([orgs.northwind]));
    expect(new Set(viewer.data.map((item) => item.organization.id))).toEqual(new Set([orgs.bohemia]));
    expect((await list(user('Owner').uid)).data.map((item) => item.id)).toEqual(owner.data.map((item) => item.id));
  });
});
