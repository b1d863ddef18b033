/**
 * Scrapers through the API, both engines: only an Admin lists, reads, creates, changes, deletes
 * and runs them (everyone else FORBIDDEN, nothing changed); bad settings rejected whole with the
 * field named; "Run now" queues one run (a second answers the same), cancel ends a queued run;
 * health and "last collected" come from ended runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableEngines } from './engines.ts';
import { codes } from './helpers.ts';
import { ADMIN, MEMBERS, byRole, openCatalogueWorld, roleCases, type CatalogueWorld } from './catalogue-fixtures.ts';
import { closeQueueOf } from '../src/jobs/queue.ts';
import { endRun, claimRun, queueDueRuns } from '../src/monitoring/run-store.ts';

const engines = await availableEngines();

const FIELDS = `id name enabled competitorId competitorName scrapingFrequency nextRunAt
  health { status lastRunAt lastRunStatus lastSuccessAt successRate recentRuns productsSeen productsExpected errorMix { kind count } }
  activeRun { id status }`;
const RUN_FIELDS =
  'id scraperId status trigger startedBy cancelRequested pagesFetched productsSeen failuresByKind { kind count } failures { data { url kind reason } meta { pagination { total } } }';
const LIST = `query ScraperList($search: String, $health: [ScraperHealthStatus!], $competitorId: ID, $sort: ScraperSort, $limit: Int!, $offset: Int!) {
  scraperList(search: $search, health: $health, competitorId: $competitorId, sort: $sort, limit: $limit, offset: $offset) { data { ${FIELDS} } meta { pagination { total } } } }`;
const DETAIL = `query Scraper($scraperId: ID!) { scraper(scraperId: $scraperId) { ${FIELDS} settings } }`;
const CREATE = `mutation ScraperCreate($competitorId: ID!, $input: ScraperInput!) { scraperCreate(competitorId: $competitorId, input: $input) { ${FIELDS} settings } }`;
const UPDATE = `mutation ScraperUpdate($scraperId: ID!, $input: ScraperUpdateInput!) { scraperUpdate(scraperId: $scraperId, input: $input) { ${FIELDS} settings } }`;
const DELETE = `mutation ScraperDelete($scraperId: ID!) { scraperDelete(scraperId: $scraperId) { id } }`;
const RUN_NOW = `mutation ScraperRunNow($scraperId: ID!) { scraperRunNow(scraperId: $scraperId) { ${RUN_FIELDS} } }`;
const CANCEL = `mutation ScraperRunCancel($runId: ID!) { scraperRunCancel(runId: $runId) { id status } }`;
const RUNS = `query ScraperRunList($scraperId: ID!) { scraperRunList(scraperId: $scraperId, limit: 10, offset: 0) { data { id status } meta { pagination { total } } } }`;
const MONITORED = `query MonitoredCompetitor($competitorId: ID!) { monitoredCompetitor(competitorId: $competitorId) { id lastCollectedAt scrapers { id } } }`;
const COMPETITOR = `query Competitor($competitorId: ID!) { competitor(competitorId: $competitorId) { id lastCollectedAt scrapers { id name health { status } } } }`;

describe.each(engines)('Scrapers on $name', (engine) => {
  let w: CatalogueWorld;
  let competitorId: string;
  beforeAll(async () => {
    w = await openCatalogueWorld(engine);
    competitorId = (
      await w.pool.query('SELECT id FROM competitors WHERE organization_website_id = $1 ORDER BY name LIMIT 1', [
        w.site.northwind,
      ])
    ).rows[0].id;
  }, 120_000);
  afterAll(async () => {
    if (w) await closeQueueOf(w.pool);
    await w?.close();
  });

  const scraperCount = async () => (await w.pool.query('SELECT count(*)::int AS n FROM scrapers')).rows[0].n as number;
  const create = async (name: string, settings?: unknown) => {
    const response = await w.call(ADMIN.uid, CREATE, {
      competitorId,
      input: { name, settings: settings === undefined ? undefined : JSON.stringify(settings) },
    });
    expect(response.body.errors).toBeUndefined();
    return response.body.data.scraperCreate;
  };

  it('an Admin creates a scraper with the default settings, reads it back in the list and the detail', async () => {
    const created = await create('Alza default');
    expect(created).toMatchObject({
      name: 'Alza default',
      enabled: true,
      competitorId,
      health: { status: 'unknown', recentRuns: 0, successRate: null },
      activeRun: null,
    });
    expect(JSON.parse(created.settings)).toMatchObject({ sources: { knownUrls: true }, fetch: { obeyRobots: true } });
    const list = (await w.call(ADMIN.uid, LIST, { search: 'alza default', limit: 10, offset: 0 })).body.data
      .scraperList;
    expect(list.data.map((s: any) => s.id)).toEqual([created.id]);
    expect(list.meta.pagination.total).toBe(1);
    const detail = (await w.call(ADMIN.uid, DETAIL, { scraperId: created.id })).body.data.scraper;
    expect(detail.settings).toBe(created.settings);
  });

  it('a new scraper waits for its Admin: the schedule first runs it one scraping period after it was added', async () => {
    const before = Date.now();
    const created = await create('Not yet configured');
    expect(created.scrapingFrequency).toBe('daily');
    // Due at once, the schedule would run it on the default settings while the Admin fills them in.
    const next = Date.parse(created.nextRunAt);
    expect(next).toBeGreaterThanOrEqual(before + 86_400_000 - 60_000);
    expect(next).toBeLessThanOrEqual(Date.now() + 86_400_000 + 60_000);
    await queueDueRuns(w.pool);
    expect(
      (await w.pool.query('SELECT count(*)::int AS n FROM scraper_runs WHERE scraper_id = $1', [created.id])).rows[0].n,
    ).toBe(0);
  });

  it.each(roleCases(MEMBERS))(
    '%s may not list, read, create, run or delete scrapers nor read or decide held prices, and changes nothing',
    async (_role, user) => {
      const scraper = await create(`Refused ${user.uid}`);
      const before = await scraperCount();
      const attempts = [
        await w.call(user.uid, LIST, { limit: 10, offset: 0 }),
        await w.call(user.uid, DETAIL, { scraperId: scraper.id }),
        await w.call(user.uid, CREATE, { competitorId, input: { name: 'Mine' } }),
        await w.call(user.uid, UPDATE, { scraperId: scraper.id, input: { name: 'Renamed' } }),
        await w.call(user.uid, RUN_NOW, { scraperId: scraper.id }),
        await w.call(user.uid, DELETE, { scraperId: scraper.id }),
        await w.call(
          user.uid,
          `query H($scraperId: ID!) { scraperHeldPriceList(scraperId: $scraperId, limit: 10, offset: 0) { meta { pagination { total } } } }`,
          { scraperId: scraper.id },
        ),
        await w.call(
          user.uid,
          `mutation D($id: ID!) { scraperHeldPriceDecide(heldPriceId: $id, decision: accept) { id } }`,
          { id: '00000000-0000-0000-0000-000000000001' },
        ),
      ];
      for (const response of attempts) expect(codes(response)).toEqual(['FORBIDDEN']);
      expect(await scraperCount()).toBe(before);
      expect((await w.pool.query('SELECT name FROM scrapers WHERE id = $1', [scraper.id])).rows[0].name).toBe(
        scraper.name,
      );
      expect(
        (await w.pool.query('SELECT count(*)::int AS n FROM scraper_runs WHERE scraper_id = $1', [scraper.id])).rows[0]
          .n,
      ).toBe(0);
    },
  );

  it.each([
    ['not JSON', '{"sources": ', /settings: not valid JSON/],
    ['an invalid selector', JSON.stringify({ rules: { price: { css: 'div[[' } } }), /rules\.price\.css/],
    [
      'an invalid regular expression',
      JSON.stringify({ rules: { name: { regex: '(unclosed' } } }),
      /rules\.name\.regex/,
    ],
    [
      'a listing that is not an address',
      JSON.stringify({
        sources: {
          knownUrls: true,
          listing: { startUrl: 'nowhere', productLinkPattern: 'p/', nextPagePattern: 'page=' },
        },
      }),
      /sources\.listing\.startUrl/,
    ],
  ])('settings with %s are rejected whole, naming the field', async (_name, settings, message) => {
    const before = await scraperCount();
    const response = await w.call(ADMIN.uid, CREATE, { competitorId, input: { name: 'Broken', settings } });
    expect(codes(response)).toEqual(['BAD_USER_INPUT']);
    expect(response.body.errors![0]!.message).toMatch(message);
    expect(response.body.errors![0]!.extensions!.field).toBe('settings');
    expect(await scraperCount()).toBe(before);
  });

  it('updates name, enabled and settings (an exported JSON imports back), absent fields stay', async () => {
    const scraper = await create('To change');
    const exported = JSON.parse(scraper.settings);
    exported.validation.maxPriceJumpShare = 0.3;
    exported.expectedCurrency = 'CZK';
    const changed = (
      await w.call(ADMIN.uid, UPDATE, {
        scraperId: scraper.id,
        input: { settings: JSON.stringify({ name: 'x', settings: exported }) },
      })
    ).body.data.scraperUpdate;
    expect(JSON.parse(changed.settings)).toMatchObject({
      validation: { maxPriceJumpShare: 0.3 },
      expectedCurrency: 'CZK',
    });
    expect(changed.name).toBe('To change');
    const disabled = (
      await w.call(ADMIN.uid, UPDATE, { scraperId: scraper.id, input: { enabled: false, name: 'Changed' } })
    ).body.data.scraperUpdate;
    expect(disabled).toMatchObject({ enabled: false, name: 'Changed' });
    expect(JSON.parse(disabled.settings).validation.maxPriceJumpShare).toBe(0.3);
    expect(codes(await w.call(ADMIN.uid, UPDATE, { scraperId: scraper.id, input: {} }))).toEqual(['BAD_USER_INPUT']);
  });

  it('"Run now" queues one run, a second answers the same run; cancel ends the queued run', async () => {
    const scraper = await create('Run me');
    const first = (await w.call(ADMIN.uid, RUN_NOW, { scraperId: scraper.id })).body.data.scraperRunNow;
    expect(first).toMatchObject({ scraperId: scraper.id, status: 'queued', trigger: 'manual', startedBy: ADMIN.uid });
    const second = (await w.call(ADMIN.uid, RUN_NOW, { scraperId: scraper.id })).body.data.scraperRunNow;
    expect(second.id).toBe(first.id);
    const listed = (await w.call(ADMIN.uid, DETAIL, { scraperId: scraper.id })).body.data.scraper;
    expect(listed.activeRun).toEqual({ id: first.id, status: 'queued' });
    const cancelled = (await w.call(ADMIN.uid, CANCEL, { runId: first.id })).body.data.scraperRunCancel;
    expect(cancelled.status).toBe('cancelled');
    expect(codes(await w.call(ADMIN.uid, CANCEL, { runId: first.id }))).toEqual(['BAD_USER_INPUT']);
    const runs = (await w.call(ADMIN.uid, RUNS, { scraperId: scraper.id })).body.data.scraperRunList;
    expect(runs).toEqual({ data: [{ id: first.id, status: 'cancelled' }], meta: { pagination: { total: 1 } } });
  });

  it('health and "last collected" follow ended runs; the Owner sees when prices were last collected, not the scrapers', async () => {
    const scraper = await create('Health');
    const run = async (status: 'succeeded' | 'failed', seen: number) => {
      const queued = (await w.call(ADMIN.uid, RUN_NOW, { scraperId: scraper.id })).body.data.scraperRunNow;
      await claimRun(w.pool, queued.id);
      await w.pool.query(`UPDATE scraper_runs SET products_seen = $2, failures_by_kind = $3 WHERE id = $1`, [
        queued.id,
        seen,
        JSON.stringify(status === 'failed' ? { http_status: 3 } : {}),
      ]);
      await endRun(w.pool, queued.id, status);
    };
    await run('succeeded', 100);
    await run('succeeded', 100);
    let health = (await w.call(ADMIN.uid, DETAIL, { scraperId: scraper.id })).body.data.scraper.health;
    expect(health).toMatchObject({
      status: 'healthy',
      recentRuns: 2,
      successRate: 1,
      productsSeen: 100,
      productsExpected: 100,
      lastRunStatus: 'succeeded',
    });
    await run('succeeded', 50);
    health = (await w.call(ADMIN.uid, DETAIL, { scraperId: scraper.id })).body.data.scraper.health;
    expect(health).toMatchObject({ status: 'degraded', productsSeen: 50, productsExpected: 100 });
    await run('failed', 0);
    health = (await w.call(ADMIN.uid, DETAIL, { scraperId: scraper.id })).body.data.scraper.health;
    expect(health).toMatchObject({
      status: 'failing',
      lastRunStatus: 'failed',
      successRate: 0.75,
      errorMix: [{ kind: 'http_status', count: 3 }],
    });
    const failing = (await w.call(ADMIN.uid, LIST, { health: ['failing', 'degraded'], limit: 100, offset: 0 })).body
      .data.scraperList.data;
    expect(failing.map((s: any) => s.id)).toContain(scraper.id);
    expect(failing.every((s: any) => ['failing', 'degraded'].includes(s.health.status))).toBe(true);

    const owner = byRole('Owner');
    const monitored = await w.call(owner.uid, MONITORED, { competitorId });
    expect(monitored.body.errors).toBeUndefined();
    expect(monitored.body.data.monitoredCompetitor.lastCollectedAt).toBe(health.lastSuccessAt);
    expect(monitored.body.data.monitoredCompetitor.scrapers).toEqual([]);
    const detail = (await w.call(ADMIN.uid, COMPETITOR, { competitorId })).body.data.competitor;
    expect(detail.scrapers.map((s: any) => s.id)).toContain(scraper.id);
  });

  it('deleting a scraper removes it with its runs; what it collected stays', async () => {
    const scraper = await create('Delete me');
    await w.call(ADMIN.uid, RUN_NOW, { scraperId: scraper.id });
    const products = (
      await w.pool.query('SELECT count(*)::int AS n FROM competitor_products WHERE competitor_id = $1', [competitorId])
    ).rows[0].n;
    expect((await w.call(ADMIN.uid, DELETE, { scraperId: scraper.id })).body.data.scraperDelete.id).toBe(scraper.id);
    expect(codes(await w.call(ADMIN.uid, DETAIL, { scraperId: scraper.id }))).toEqual(['NOT_FOUND']);
    expect(
      (await w.pool.query('SELECT count(*)::int AS n FROM scraper_runs WHERE scraper_id = $1', [scraper.id])).rows[0].n,
    ).toBe(0);
    expect(
      (
        await w.pool.query('SELECT count(*)::int AS n FROM competitor_products WHERE competitor_id = $1', [
          competitorId,
        ])
      ).rows[0].n,
    ).toBe(products);
  });
});
