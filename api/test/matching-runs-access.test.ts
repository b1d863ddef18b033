/**
 * Matching runs, who may do what: Owner, Editor and Admin start runs (Create on
 * productMatchingQueue), User and Viewer may only read them; another organization's website,
 * competitor or run is NOT_FOUND; bad input is BAD_USER_INPUT naming the field; a refused request
 * queues nothing. The run list pages newest first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchingSettled } from '../src/matching/runs/queue.ts';
import { availableEngines } from './engines.ts';
import { codes, createOrganizationWebsite, gql } from './helpers.ts';
import {
  ADMIN,
  byRole,
  OWNERS,
  openCatalogueWorld,
  otherSlug,
  ownSlug,
  roleCases,
  type CatalogueWorld,
} from './catalogue-fixtures.ts';
import { buildScenario, LIST, RUN, START, type Scenario } from './matching-runs-fixtures.ts';

const engines = await availableEngines();
const USER = byRole('User');
const VIEWER = byRole('Viewer');

describe.each(engines)('Matching runs access on $name', (engine) => {
  let w: CatalogueWorld;
  /** One scenario website per demo organization that has users here. */
  const site: Partial<Record<'northwind' | 'bohemia', Scenario>> = {};
  beforeAll(async () => {
    w = await openCatalogueWorld(engine);
    site.northwind = await buildScenario(w, w.orgs.northwind!);
    site.bohemia = await buildScenario(w, w.orgs.bohemia!);
    // A finished run on each, for the readers.
    for (const s of Object.values(site)) await w.call(ADMIN.uid, START, { organizationWebsiteId: s!.siteId });
    await matchingSettled(w.pool);
  });
  afterAll(async () => {
    if (w) await matchingSettled(w.pool);
    await w?.close();
  });

  const runCount = async () => (await w.pool.query('SELECT count(*)::int AS n FROM matching_runs')).rows[0].n as number;

  it.each(roleCases([...OWNERS, ADMIN]))('%s starts a run of its own website and reads it', async (_role, user) => {
    const s = site[user.organization === 'bohemia' ? 'bohemia' : 'northwind']!;
    const response = await w.call(user.uid, START, { organizationWebsiteId: s.siteId });
    expect(response.body.errors).toBeUndefined();
    const { run } = response.body.data.matchingRunStart;
    expect(run).toMatchObject({ organizationWebsiteId: s.siteId, kind: 'FULL', trigger: 'MANUAL' });
    await matchingSettled(w.pool);
    expect((await w.call(user.uid, RUN, { runId: run.id })).body.data.matchingRun).toMatchObject({
      id: run.id,
      status: 'SUCCEEDED',
    });
  });

  it('Admin starts runs for any organization, of one competitor too', async () => {
    const s = site.bohemia!;
    const response = await w.call(ADMIN.uid, START, { organizationWebsiteId: s.siteId, competitorId: s.rivalA });
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.matchingRunStart.run).toMatchObject({
      competitor: { id: s.rivalA, matchingMode: 'automatic' },
      startedBy: ADMIN.email,
    });
    await matchingSettled(w.pool);
  });

  it.each([
    ['User', USER, 'northwind'],
    ['Viewer', VIEWER, 'bohemia'],
  ] as const)(
    '%s may not start a run (FORBIDDEN, nothing queued) but reads the runs of its organization',
    async (_role, user, slug) => {
      const s = site[slug]!;
      const before = await runCount();
      const refused = await w.call(user.uid, START, { organizationWebsiteId: s.siteId });
      expect(codes(refused)).toEqual(['FORBIDDEN']);
      expect(refused.body.data).toBeNull();
      expect(await runCount()).toBe(before);
      const list = (await w.call(user.uid, LIST, { organizationWebsiteId: s.siteId, limit: 10, offset: 0 })).body;
      expect(list.errors).toBeUndefined();
      expect(list.data.matchingRunList.meta.pagination.total).toBeGreaterThan(0);
      const id = list.data.matchingRunList.data[0].id;
      expect((await w.call(user.uid, RUN, { runId: id })).body.data.matchingRun.id).toBe(id);
    },
  );

  it.each(roleCases([...OWNERS, USER, VIEWER]))(
    "%s: another organization's website, competitor and runs are NOT_FOUND (starting is FORBIDDEN first for readers), nothing is queued",
    async (_role, user) => {
      const own = site[ownSlug(user) as 'northwind' | 'bohemia']!;
      const other = site[otherSlug(user)]!;
      const otherRun = (
        await w.pool.query('SELECT id FROM matching_runs WHERE organization_website_id = $1 LIMIT 1', [other.siteId])
      ).rows[0].id;
      const before = await runCount();
      const mayStart = OWNERS.includes(user);
      expect(codes(await w.call(user.uid, START, { organizationWebsiteId: other.siteId }))).toEqual([
        mayStart ? 'NOT_FOUND' : 'FORBIDDEN',
      ]);
      expect(
        codes(await w.call(user.uid, START, { organizationWebsiteId: own.siteId, competitorId: other.rivalA })),
      ).toEqual([mayStart ? 'NOT_FOUND' : 'FORBIDDEN']);
      expect(codes(await w.call(user.uid, RUN, { runId: otherRun }))).toEqual(['NOT_FOUND']);
      expect(
        codes(await w.call(user.uid, LIST, { organizationWebsiteId: other.siteId, limit: 10, offset: 0 })),
      ).toEqual(['NOT_FOUND']);
      expect(await runCount()).toBe(before);
    },
  );

  it('bad input is BAD_USER_INPUT naming the field, and queues nothing', async () => {
    const s = site.northwind!;
    const before = await runCount();
    const owner = byRole('Owner');
    const field = async (variables: Record<string, unknown>) => {
      const response = await w.call(owner.uid, START, variables);
      expect(codes(response)).toEqual(['BAD_USER_INPUT']);
      return response.body.errors![0]!.extensions!.field;
    };
    expect(await field({ organizationWebsiteId: 'not-a-uuid' })).toBe('organizationWebsiteId');
    expect(await field({ organizationWebsiteId: s.siteId, competitorId: '42' })).toBe('competitorId');
    // A competitor of another website of the same organization.
    const sibling = await createOrganizationWebsite(w.pool, w.orgs.northwind!);
    const elsewhere = (
      await w.pool.query(
        `INSERT INTO competitors (organization_website_id, name, url) VALUES ($1, 'Elsewhere', $2) RETURNING id`,
        [sibling.id, `https://elsewhere-${engine.name}-${Date.now()}.example`],
      )
    ).rows[0].id;
    expect(await field({ organizationWebsiteId: s.siteId, competitorId: elsewhere })).toBe('competitorId');
    // An inactive competitor has nothing to match.
    await w.pool.query('UPDATE competitors SET active = false WHERE id = $1', [s.rivalB]);
    try {
      const response = await w.call(owner.uid, START, { organizationWebsiteId: s.siteId, competitorId: s.rivalB });
      expect(response.body.errors![0]).toMatchObject({
        extensions: { code: 'BAD_USER_INPUT', field: 'competitorId', reason: 'COMPETITOR_INACTIVE' },
      });
      expect(response.body.errors![0]!.message).toMatch(/inactive/);
    } finally {
      await w.pool.query('UPDATE competitors SET active = true WHERE id = $1', [s.rivalB]);
    }
    expect(codes(await w.call(owner.uid, LIST, { organizationWebsiteId: s.siteId, limit: 0, offset: 0 }))).toEqual([
      'BAD_USER_INPUT',
    ]);
    expect(codes(await w.call(owner.uid, RUN, { runId: 'x' }))).toEqual(['BAD_USER_INPUT']);
    expect(await runCount()).toBe(before);
  });

  it('no token is UNAUTHENTICATED', async () => {
    const response = await gql(w.api, { query: START, variables: { organizationWebsiteId: site.northwind!.siteId } });
    expect(response.status).toBe(401);
    expect(codes(response)).toEqual(['UNAUTHENTICATED']);
  });

  it('the run list pages newest first with its total', async () => {
    const s = site.northwind!;
    const all = (await w.call(ADMIN.uid, LIST, { organizationWebsiteId: s.siteId, limit: 100, offset: 0 })).body.data
      .matchingRunList;
    const stored = (
      await w.pool.query(
        'SELECT id FROM matching_runs WHERE organization_website_id = $1 ORDER BY created_at DESC, id DESC',
        [s.siteId],
      )
    ).rows.map((r) => r.id);
    expect(all.meta.pagination.total).toBe(stored.length);
    expect(all.data.map((r: { id: string }) => r.id)).toEqual(stored);
    const second = (await w.call(ADMIN.uid, LIST, { organizationWebsiteId: s.siteId, limit: 1, offset: 1 })).body.data
      .matchingRunList;
    expect(second.data.map((r: { id: string }) => r.id)).toEqual(stored.slice(1, 2));
    expect(second.meta.pagination.total).toBe(stored.length);
  });
});
