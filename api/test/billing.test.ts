/**
 * Billing: plans, an organization's limits, usage and invoices, the change of plan (refused
 * over a limit, naming it), and the users limit; Admin only, on every available engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier } from '@console/firebase-token';
import { loadAccessControl } from '../src/access.ts';
import { createApi, type Api } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/seed/demo-data.ts';
import { DEMO_USERS } from '../src/seed/demo-users.ts';
import { assertWithinLimit } from '../src/catalogue/plan-limits.ts';
import { availableEngines } from './engines.ts';
import { codes, gql, organizationIds } from './helpers.ts';
import { emulatorToken, PROJECT_ID } from './tokens.ts';

const engines = await availableEngines();
const ADMIN = DEMO_USERS.find((u) => u.roles.includes('Admin'))!;
const NON_ADMINS = DEMO_USERS.filter((u) => u !== ADMIN);

const PLANS = `query Plans { plans { id name limits { websites monitoredProducts competitors users } monthlyPrice currency } }`;
const BILLING_FIELDS =
  'id organization { id name } plan { id name limits { websites users } } usage { name limit used } invoices { id periodStart periodEnd planId amount currency status }';
const BILLING = `query OrganizationBilling($organizationId: ID!) { organizationBilling(organizationId: $organizationId) { ${BILLING_FIELDS} } }`;
const PLAN_CHANGE = `mutation OrganizationPlanChange($organizationId: ID!, $planId: ID!) { organizationPlanChange(organizationId: $organizationId, planId: $planId) { ${BILLING_FIELDS} } }`;
const USER_UPDATE = `mutation UserUpdate($userId: ID!, $input: UserUpdateInput!) { userUpdate(userId: $userId, input: $input) { id organization { id } } }`;

describe.each(engines)('Billing on $name', (engine) => {
  let db: Database;
  let api: Api;
  let orgs: Record<string, string>;
  const call = (uid: string, query: string, variables: Record<string, unknown> = {}) =>
    gql(api, { query, token: emulatorToken(uid), variables });
  const planOf = async (id: string) =>
    (await db.pool.query('SELECT plan FROM organizations WHERE id = $1', [id])).rows[0].plan;

  beforeAll(async () => {
    db = await engine.open();
    await migrate(db.pool);
    await seedDemoData(db.pool, { websites: 660 });
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

  async function organizationWithUsers(plan: string, users: number): Promise<string> {
    const { rows } = await db.pool.query(
      `INSERT INTO organizations (slug, name, plan) VALUES ($1, 'Seat Test', $2) RETURNING id`,
      [`seats-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, plan],
    );
    for (let i = 0; i < users; i += 1) {
      const uid = `seat-${rows[0].id.slice(0, 8)}-${i}`;
      await db.pool.query(`INSERT INTO app_users (id, email, roles, organization_id) VALUES ($1, $2, '{User}', $3)`, [
        uid,
        `${uid}@demo.test`,
        rows[0].id,
      ]);
    }
    return rows[0].id;
  }

  it('Admin reads the plans, cheapest first, with their limits', async () => {
    const response = await call(ADMIN.uid, PLANS);
    expect(response.body.errors).toBeUndefined();
    const plans = response.body.data.plans;
    expect(plans.map((p: any) => p.name)).toEqual(['Starter', 'Business', 'Enterprise']);
    expect(plans[0]).toEqual({
      id: 'starter',
      name: 'Starter',
      limits: { websites: 100, monitoredProducts: 10000, competitors: 10, users: 5 },
      monthlyPrice: 2490,
      currency: 'CZK',
    });
  });

  it('Admin reads an organization: plan, usage per limit (counted), invoices', async () => {
    for (const [slug, plan, currency] of [
      ['danube', 'starter', 'CZK'],
      ['bohemia', 'business', 'CZK'],
      ['northwind', 'enterprise', 'EUR'],
    ] as const) {
      const response = await call(ADMIN.uid, BILLING, { organizationId: orgs[slug] });
      expect(response.body.errors).toBeUndefined();
      const billing = response.body.data.organizationBilling;
      expect(billing.plan.id).toBe(plan);
      const { rows } = await db.pool.query(
        `SELECT (SELECT count(*)::int FROM organization_websites WHERE organization_id = $1) AS websites, (SELECT count(*)::int FROM app_users WHERE organization_id = $1) AS users,
                (SELECT count(*)::int FROM competitors c JOIN organization_websites ow ON ow.id = c.organization_website_id WHERE ow.organization_id = $1) AS competitors,
                (SELECT count(*)::int FROM products p JOIN organization_websites ow ON ow.id = p.organization_website_id WHERE ow.organization_id = $1 AND p.active) AS products`,
        [orgs[slug]],
      );
      expect(billing.usage).toEqual([
        { name: 'websites', limit: billing.plan.limits.websites, used: rows[0].websites },
        { name: 'monitoredProducts', limit: expect.any(Number), used: rows[0].products },
        { name: 'competitors', limit: expect.any(Number), used: rows[0].competitors },
        { name: 'users', limit: billing.plan.limits.users, used: rows[0].users },
      ]);
      expect(billing.invoices).toHaveLength(12);
      expect(billing.invoices[0].status).toBe('open');
      expect(billing.invoices.slice(1).every((i: any) => ['paid', 'void'].includes(i.status))).toBe(true);
      expect(
        billing.invoices.every((i: any) => i.currency === currency && i.amount > 0 && i.periodStart < i.periodEnd),
      ).toBe(true);
      expect(billing.invoices.map((i: any) => i.periodStart)).toEqual(
        [...billing.invoices.map((i: any) => i.periodStart)].sort().reverse(),
      );
    }
    const danube = (await call(ADMIN.uid, BILLING, { organizationId: orgs.danube })).body.data.organizationBilling;
    expect(danube.invoices.filter((i: any) => i.status === 'void')).toHaveLength(1);
  });

  it.each(NON_ADMINS.map((u) => [u.roles[0], u] as const))(
    '%s may not read or change billing, even its own (FORBIDDEN)',
    async (_role, user) => {
      const own = orgs[user.organization!]!;
      expect(codes(await call(user.uid, PLANS))).toEqual(['FORBIDDEN']);
      expect(codes(await call(user.uid, BILLING, { organizationId: own }))).toEqual(['FORBIDDEN']);
      const before = await planOf(own);
      expect(codes(await call(user.uid, PLAN_CHANGE, { organizationId: own, planId: 'enterprise' }))).toEqual([
        'FORBIDDEN',
      ]);
      expect(await planOf(own)).toBe(before);
    },
  );

  it('Admin changes a plan, up and back down', async () => {
    const up = await call(ADMIN.uid, PLAN_CHANGE, { organizationId: orgs.danube, planId: 'business' });
    expect(up.body.errors).toBeUndefined();
    expect(up.body.data.organizationPlanChange.plan.id).toBe('business');
    const down = await call(ADMIN.uid, PLAN_CHANGE, { organizationId: orgs.danube, planId: 'starter' });
    expect(down.body.data.organizationPlanChange.usage[0]).toMatchObject({ name: 'websites', limit: 100 });
    expect(await planOf(orgs.danube!)).toBe('starter');
  });

  it('a plan change below current usage is refused, naming the limit (websites), and nothing changes', async () => {
    const response = await call(ADMIN.uid, PLAN_CHANGE, { organizationId: orgs.northwind, planId: 'starter' });
    expect(codes(response)).toEqual(['PLAN_LIMIT_EXCEEDED']);
    expect(response.body.errors![0]!.message).toMatch(/websites.*Starter plan allows 100/);
    expect(response.body.errors![0]!.extensions).toMatchObject({ limit: 'websites', max: 100 });
    expect(await planOf(orgs.northwind!)).toBe('enterprise');
  });

  it('a plan change below current usage is refused, naming the limit (users)', async () => {
    const id = await organizationWithUsers('business', 6);
    const response = await call(ADMIN.uid, PLAN_CHANGE, { organizationId: id, planId: 'starter' });
    expect(codes(response)).toEqual(['PLAN_LIMIT_EXCEEDED']);
    expect(response.body.errors![0]!.message).toMatch(/users/);
    expect(response.body.errors![0]!.extensions!).toMatchObject({ limit: 'users' });
    expect(await planOf(id)).toBe('business');
  });

  it('moving a user into a full organization is refused, naming the users limit', async () => {
    const full = await organizationWithUsers('starter', 5);
    const mover = await organizationWithUsers('starter', 1);
    const uid = `seat-${mover.slice(0, 8)}-0`;
    const response = await call(ADMIN.uid, USER_UPDATE, { userId: uid, input: { organizationId: full } });
    expect(codes(response)).toEqual(['PLAN_LIMIT_EXCEEDED']);
    expect(response.body.errors![0]!.extensions).toMatchObject({ limit: 'users', max: 5 });
    expect(
      (await db.pool.query('SELECT organization_id FROM app_users WHERE id = $1', [uid])).rows[0].organization_id,
    ).toBe(mover);
    const free = await organizationWithUsers('starter', 4);
    expect(
      (await call(ADMIN.uid, USER_UPDATE, { userId: uid, input: { organizationId: free } })).body.data.userUpdate
        .organization.id,
    ).toBe(free);
  });

  it('assertWithinLimit: within passes, at the limit throws naming it', async () => {
    const id = await organizationWithUsers('starter', 4);
    await expect(assertWithinLimit(db.pool, id, 'users')).resolves.toBeUndefined();
    await expect(assertWithinLimit(db.pool, id, 'users', 2)).rejects.toThrow(/users/);
    await expect(assertWithinLimit(db.pool, id, 'competitors', 10)).resolves.toBeUndefined();
    await expect(assertWithinLimit(db.pool, id, 'competitors', 11)).rejects.toThrow(/competitors/);
  });

  it.each([
    ['organizationId', { organizationId: 'nope', planId: 'starter' }],
    ['organizationId', { organizationId: '', planId: 'starter' }],
    ['planId', { planId: 'platinum' }],
    ['planId', { planId: ' ' }],
  ])('rejects a bad %s (BAD_USER_INPUT)', async (field, variables) => {
    const response = await call(ADMIN.uid, PLAN_CHANGE, { organizationId: orgs.danube, ...variables });
    expect(response.body.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
  });

  it('an unknown organization is NOT_FOUND', async () => {
    expect(codes(await call(ADMIN.uid, BILLING, { organizationId: '00000000-0000-4000-8000-000000000000' }))).toEqual([
      'NOT_FOUND',
    ]);
  });
});
