/**
 * Price suggestions through the API, on both engines: an Owner writes a Draft rule, reads its
 * simulation, activates it; suggestions with explanations appear on the products; some are
 * accepted and one rejected; the price feed with the website's API key gives exactly the
 * accepted ones; a competitor price change recomputes the product and reopens the rejection;
 * readers read and cannot write; bad input changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeQueueOf } from '../src/jobs/queue.ts';
import { startWorker } from '../src/jobs/worker.ts';
import { PRICING_UPDATE } from '../src/pricing/jobs.ts';
import { drainSuggestionWork, processDirtyProducts } from '../src/pricing/recompute.ts';
import { availableEngines } from './engines.ts';
import { codes } from './helpers.ts';
import {
  ADMIN,
  byRole,
  openCatalogueWorld,
  READERS_ONLY,
  roleCases,
  type CatalogueWorld,
} from './catalogue-fixtures.ts';

const engines = await availableEngines();

const RULE_FIELDS = `id name status priority affectedCount suggestionCount updatedBy
  products { brands categories availability } competitors { mode competitorIds matchTypes minPrices competitorList { id name } }
  strategy { type beatBy beatUnit competitorId } bounds { costMargin minimumPrice maximumPrice } rounding { mode ending }`;
const SUGGESTION_FIELDS = `id currentPrice suggestedPrice change changePercent currency outcome review reviewedBy rule { id name }
  explanation { code price competitors competitor percent bound reached } product { id itemId name }`;
const CREATE = `mutation PriceRuleCreate($organizationWebsiteId: ID!, $input: PriceRuleInput!) { priceRuleCreate(organizationWebsiteId: $organizationWebsiteId, input: $input) { ${RULE_FIELDS} } }`;
const UPDATE = `mutation PriceRuleUpdate($priceRuleId: ID!, $input: PriceRuleInput!) { priceRuleUpdate(priceRuleId: $priceRuleId, input: $input) { ${RULE_FIELDS} } }`;
const LIST = `query PriceRuleList($organizationWebsiteId: ID!) { priceRuleList(organizationWebsiteId: $organizationWebsiteId, limit: 100, offset: 0) { data { ${RULE_FIELDS} } meta { pagination { total } } } }`;
const STATUS = `mutation PriceRuleStatusSet($priceRuleId: ID!, $status: PriceRuleStatus!) { priceRuleStatusSet(priceRuleId: $priceRuleId, status: $status) { id status } }`;
const SIMULATION = `query PriceRuleSimulation($organizationWebsiteId: ID!, $priceRuleId: ID, $input: PriceRuleInput) {
  priceRuleSimulation(organizationWebsiteId: $organizationWebsiteId, priceRuleId: $priceRuleId, input: $input, buckets: 5, largest: 3) {
    selected raised lowered unchanged heldByFloor heldByCeiling noData histogram { fromPercent toPercent count } largestChanges { ${SUGGESTION_FIELDS} } } }`;
const SUGGESTIONS = `query PriceSuggestionList($organizationWebsiteId: ID!, $filter: PriceSuggestionFilter) {
  priceSuggestionList(organizationWebsiteId: $organizationWebsiteId, filter: $filter, limit: 1000, offset: 0) { data { ${SUGGESTION_FIELDS} } meta { pagination { total } } } }`;
const REVIEW = `mutation PriceSuggestionReview($organizationWebsiteId: ID!, $productIds: [ID!]!, $decision: PriceSuggestionDecision!) {
  priceSuggestionReview(organizationWebsiteId: $organizationWebsiteId, productIds: $productIds, decision: $decision) { changed skipped data { id review reviewedBy } } }`;
const LOG = `query PriceSuggestionLog($organizationWebsiteId: ID!) { priceSuggestionLog(organizationWebsiteId: $organizationWebsiteId, limit: 50, offset: 0) {
  data { productId decision suggestedPrice actorEmail ruleName } meta { pagination { total } } } }`;
const PRODUCTS = `query ProductList($organizationWebsiteId: ID!) { productList(organizationWebsiteId: $organizationWebsiteId, limit: 5, offset: 0) {
  data { id cost suggestedPrice suggestedChange suggestedChangePercent suggestionOutcome suggestionReview suggestion { id explanation { code } } } } }`;

const baseRule = (name: string, priority: number, extra: Record<string, unknown> = {}) => ({
  name,
  status: 'DRAFT',
  priority,
  products: {},
  competitors: {},
  strategy: { type: 'BEAT_LOWEST', beatBy: 1, beatUnit: 'PERCENT' },
  bounds: { costMargin: 5 },
  rounding: { mode: 'CHARM', ending: 'CENTS_99', direction: 'DOWN' },
  ...extra,
});

describe.each(engines)('Price suggestions on $name', (engine) => {
  let w: CatalogueWorld;
  let site: string;
  const owner = byRole('Owner');
  let ruleId: string;
  beforeAll(async () => {
    w = await openCatalogueWorld(engine);
    site = w.site.northwind;
  });
  afterAll(async () => {
    await w?.close();
  });
  const ruleCount = async () => (await w.pool.query('SELECT count(*)::int AS n FROM price_rules')).rows[0].n as number;
  const feed = (path: string, key?: string) =>
    w.api.fetch(`http://api.test${path}`, { headers: key ? { 'x-api-key': key } : {} });

  it('an Owner writes a Draft rule: saved with its settings and a live affected count, no suggestions yet', async () => {
    const response = await w.call(owner.uid, CREATE, {
      organizationWebsiteId: site,
      input: baseRule('Beat the lowest', 1),
    });
    expect(response.body.errors).toBeUndefined();
    const rule = response.body.data.priceRuleCreate;
    ruleId = rule.id;
    const { rows } = await w.pool.query(
      'SELECT count(*)::int AS n FROM products WHERE organization_website_id = $1 AND active',
      [site],
    );
    expect(rule).toMatchObject({
      name: 'Beat the lowest',
      status: 'DRAFT',
      priority: 1,
      affectedCount: rows[0].n,
      suggestionCount: 0,
      updatedBy: owner.email,
    });
    expect(rule.strategy).toMatchObject({ type: 'BEAT_LOWEST', beatBy: 1, beatUnit: 'PERCENT' });
    await drainSuggestionWork(w.pool);
    expect((await w.pool.query('SELECT count(*)::int AS n FROM price_suggestions')).rows[0].n).toBe(0);
  });

  it('the Draft simulation counts every selected product once and explains its largest changes', async () => {
    const response = await w.call(owner.uid, SIMULATION, { organizationWebsiteId: site, priceRuleId: ruleId });
    expect(response.body.errors).toBeUndefined();
    const sim = response.body.data.priceRuleSimulation;
    expect(sim.selected).toBeGreaterThan(0);
    expect(sim.raised + sim.lowered + sim.unchanged + sim.heldByFloor + sim.heldByCeiling + sim.noData).toBe(
      sim.selected,
    );
    expect(sim.histogram.reduce((n: number, b: { count: number }) => n + b.count, 0)).toBe(sim.selected - sim.noData);
    expect(sim.largestChanges.length).toBeGreaterThan(0);
    const largest = sim.largestChanges[0];
    expect(largest.rule.id).toBe(ruleId);
    expect(largest.explanation[0].code).toBe('current');
    expect(largest.explanation.at(-1)).toMatchObject({ code: 'result', price: largest.suggestedPrice });
    // Still nothing written.
    expect((await w.pool.query('SELECT count(*)::int AS n FROM price_suggestions')).rows[0].n).toBe(0);
  });

  it.each([
    [
      'a floor above the ceiling',
      { bounds: { minimumPrice: 500, maximumPrice: 100 } },
      'bounds.minimumPrice',
      'FLOOR_ABOVE_CEILING',
    ],
    ['a negative margin', { bounds: { costMargin: -5 } }, 'bounds.costMargin', 'NEGATIVE'],
    ['a rule selecting nothing', { products: { brands: ['No Such Brand Anywhere'] } }, 'products', 'SELECTS_NOTHING'],
    ['a priority clash', { priority: 1 }, 'priority', 'PRIORITY_TAKEN'],
    [
      'a price range upside down',
      { products: { priceMin: 900, priceMax: 100 } },
      'products.priceMin',
      'PRICE_RANGE_INVERTED',
    ],
  ])(
    '%s is a field error with a reason the console translates, and saves nothing',
    async (_, change, field, reason) => {
      const before = await ruleCount();
      const response = await w.call(owner.uid, CREATE, {
        organizationWebsiteId: site,
        input: { ...baseRule('Bad', 7), ...change },
      });
      expect(codes(response)).toEqual(['BAD_USER_INPUT']);
      expect(response.body.errors![0]!.extensions).toMatchObject({ field, reason });
      if (reason === 'PRIORITY_TAKEN')
        expect((response.body.errors![0]!.extensions as { values?: unknown }).values).toMatchObject({
          priority: 1,
          rule: expect.any(String),
        });
      expect(await ruleCount()).toBe(before);
    },
  );

  it('a strategy following an excluded competitor is a field error', async () => {
    const { rows } = await w.pool.query(
      'SELECT id FROM competitors WHERE organization_website_id = $1 ORDER BY name LIMIT 1',
      [site],
    );
    const input = baseRule('Follow', 8, {
      competitors: { mode: 'EXCLUDE', competitorIds: [rows[0].id] },
      strategy: { type: 'FOLLOW_COMPETITOR', competitorId: rows[0].id },
    });
    const response = await w.call(owner.uid, CREATE, { organizationWebsiteId: site, input });
    expect(response.body.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'strategy.competitorId',
      reason: 'STRATEGY_COMPETITOR_LEFT_OUT',
    });
  });

  it.each(roleCases(READERS_ONLY))('%s reads the rules and cannot save one', async (_role, user) => {
    const website = user.organization === 'northwind' ? site : w.site[user.organization as 'bohemia'];
    const list = await w.call(user.uid, LIST, { organizationWebsiteId: website });
    expect(list.body.errors).toBeUndefined();
    const before = await ruleCount();
    const created = await w.call(user.uid, CREATE, { organizationWebsiteId: website, input: baseRule('Mine', 50) });
    expect(codes(created)).toEqual(['FORBIDDEN']);
    const updated = await w.call(user.uid, UPDATE, { priceRuleId: ruleId, input: baseRule('Mine', 50) });
    expect(codes(updated)).toEqual(['FORBIDDEN']);
    expect(await ruleCount()).toBe(before);
  });

  it("another organization's website and rule are NOT_FOUND to an Owner", async () => {
    const other = await w.call(owner.uid, LIST, { organizationWebsiteId: w.site.bohemia });
    expect(codes(other)).toEqual(['NOT_FOUND']);
    const bohemiaOwner = (await import('../src/seed/demo-users.ts')).DEMO_USERS.find(
      (u) => u.organization === 'bohemia' && ['Owner', 'Editor'].includes(u.roles[0]!),
    );
    if (bohemiaOwner)
      expect(codes(await w.call(bohemiaOwner.uid, STATUS, { priceRuleId: ruleId, status: 'ACTIVE' }))).toEqual([
        'NOT_FOUND',
      ]);
  });

  let accepted: string[] = [];
  let rejected: string;
  it('activated, the rule suggests prices with explanations, shown on the products list', async () => {
    expect(
      (await w.call(owner.uid, STATUS, { priceRuleId: ruleId, status: 'ACTIVE' })).body.data.priceRuleStatusSet.status,
    ).toBe('ACTIVE');
    await drainSuggestionWork(w.pool);
    const list = (await w.call(owner.uid, SUGGESTIONS, { organizationWebsiteId: site })).body.data.priceSuggestionList;
    expect(list.meta.pagination.total).toBeGreaterThan(3);
    const changed = list.data.filter((s: any) => s.outcome === 'CHANGE_SUGGESTED');
    expect(changed.length).toBeGreaterThan(3);
    for (const s of changed) {
      expect(s.rule).toEqual({ id: ruleId, name: 'Beat the lowest' });
      expect(s.explanation.map((e: any) => e.code)).toEqual(
        expect.arrayContaining(['current', 'lowest', 'beat_percent', 'result']),
      );
      expect(s.suggestedPrice.toFixed(2).endsWith('.99')).toBe(true);
      expect(s.change).toBeCloseTo(s.suggestedPrice - s.currentPrice, 2);
    }
    const products = (await w.call(byRole('User').uid, PRODUCTS, { organizationWebsiteId: site })).body;
    expect(products.errors).toBeUndefined();
    const withSuggestion = products.data.productList.data.filter((p: any) => p.suggestion);
    for (const p of withSuggestion) {
      const mine = list.data.find((s: any) => s.id === p.id);
      expect(p).toMatchObject({
        suggestedPrice: mine.suggestedPrice,
        suggestionOutcome: mine.outcome,
        suggestionReview: 'PENDING',
      });
    }
    accepted = changed.slice(0, 2).map((s: any) => s.id);
    rejected = changed[2].id;
  });

  it('the products list filters by "has suggestion" and sorts by the suggested change', async () => {
    const QUERY = `query ProductList($organizationWebsiteId: ID!, $filter: ProductFilter, $sort: ProductSort) {
      productList(organizationWebsiteId: $organizationWebsiteId, filter: $filter, sort: $sort, limit: 1000, offset: 0) { data { id suggestedChangePercent suggestedChange } meta { pagination { total } } } }`;
    const { rows } = await w.pool.query(
      `SELECT count(*) FILTER (WHERE s.suggested_price IS NOT NULL AND s.change IS DISTINCT FROM 0)::int AS changed, count(*)::int AS products
         FROM products p LEFT JOIN price_suggestions s ON s.product_id = p.id WHERE p.organization_website_id = $1`,
      [site],
    );
    const withChange = (
      await w.call(owner.uid, QUERY, { organizationWebsiteId: site, filter: { hasSuggestion: true } })
    ).body.data.productList;
    expect(withChange.meta.pagination.total).toBe(rows[0].changed);
    expect(withChange.data.every((p: any) => p.suggestedChange !== null && p.suggestedChange !== 0)).toBe(true);
    const without = (await w.call(owner.uid, QUERY, { organizationWebsiteId: site, filter: { hasSuggestion: false } }))
      .body.data.productList;
    expect(without.meta.pagination.total).toBe(rows[0].products - rows[0].changed);
    for (const sort of ['SUGGESTED_CHANGE_ASC', 'SUGGESTED_CHANGE_DESC']) {
      const sorted = (
        await w.call(owner.uid, QUERY, { organizationWebsiteId: site, sort })
      ).body.data.productList.data.map((p: any) => p.suggestedChangePercent);
      const valued = sorted.filter((v: number | null) => v !== null);
      expect(sorted.slice(0, valued.length)).toEqual(valued);
      expect(valued).toEqual([...valued].sort((a, b) => (sort.endsWith('ASC') ? a - b : b - a)));
      expect(valued.length).toBeGreaterThan(3);
    }
  });

  it('accepts and rejects (single and bulk), logged with who did it; a User may not review', async () => {
    expect(
      codes(
        await w.call(byRole('User').uid, REVIEW, {
          organizationWebsiteId: site,
          productIds: accepted,
          decision: 'ACCEPT',
        }),
      ),
    ).toEqual(['FORBIDDEN']);
    const bulk = (
      await w.call(owner.uid, REVIEW, { organizationWebsiteId: site, productIds: accepted, decision: 'ACCEPT' })
    ).body.data.priceSuggestionReview;
    expect(bulk).toMatchObject({ changed: 2, skipped: 0 });
    expect(bulk.data.every((s: any) => s.review === 'ACCEPTED' && s.reviewedBy === owner.email)).toBe(true);
    const again = (
      await w.call(owner.uid, REVIEW, { organizationWebsiteId: site, productIds: accepted, decision: 'ACCEPT' })
    ).body.data.priceSuggestionReview;
    expect(again).toMatchObject({ changed: 0, skipped: 2 });
    expect(
      (await w.call(owner.uid, REVIEW, { organizationWebsiteId: site, productIds: [rejected], decision: 'REJECT' }))
        .body.data.priceSuggestionReview.changed,
    ).toBe(1);
    const exported = (
      await w.call(
        byRole('User').uid,
        `query PriceSuggestionExport($organizationWebsiteId: ID!, $filter: PriceSuggestionFilter) {
        priceSuggestionExport(organizationWebsiteId: $organizationWebsiteId, filter: $filter) { csv rows truncated } }`,
        { organizationWebsiteId: site, filter: { review: 'ACCEPTED' } },
      )
    ).body.data.priceSuggestionExport;
    expect(exported).toMatchObject({ rows: 2, truncated: false });
    expect(exported.csv.split('\n')[0]).toBe(
      'item_id,name,currency,current_price,suggested_price,change,change_percent,outcome,review,rule,computed_at',
    );
    const log = (await w.call(byRole('User').uid, LOG, { organizationWebsiteId: site })).body.data.priceSuggestionLog;
    expect(log.meta.pagination.total).toBe(3);
    expect(log.data[0]).toMatchObject({
      productId: rejected,
      decision: 'REJECT',
      actorEmail: owner.email,
      ruleName: 'Beat the lowest',
    });
  });

  it('the price feed with the API key gives exactly the accepted ones (JSON, CSV, XML); other keys 401/403', async () => {
    const { rows } = await w.pool.query('SELECT api_key FROM organization_websites WHERE id = $1', [site]);
    const key = rows[0].api_key as string;
    const json = await feed(`/price-feed/${site}?accepted=true`, key);
    expect(json.status).toBe(200);
    const body = await json.json();
    const { rows: items } = await w.pool.query('SELECT item_id FROM products WHERE id = ANY($1::uuid[]) ORDER BY id', [
      accepted,
    ]);
    expect(body.items.map((i: any) => i.itemId).sort()).toEqual(items.map((r) => r.item_id).sort());
    expect(body.items.every((i: any) => i.review === 'ACCEPTED')).toBe(true);
    const csv = await (await feed(`/price-feed/${site}?accepted=true&format=csv`, key)).text();
    expect(csv.trim().split('\n')).toHaveLength(3);
    const xml = await (await feed(`/price-feed/${site}?accepted=true&format=xml`, key)).text();
    expect(xml.match(/<price>/g)).toHaveLength(2);
    const all = await (await feed(`/price-feed/${site}?key=${key}`)).json();
    expect(all.items.length).toBeGreaterThan(2);
    expect((await feed(`/price-feed/${site}?accepted=true`)).status).toBe(401);
    expect((await feed(`/price-feed/${site}`, 'owk_not_a_key')).status).toBe(401);
    expect((await feed(`/price-feed/${w.site.bohemia}`, key)).status).toBe(401);
    await w.pool.query(
      "UPDATE organization_websites SET api_key = 'owk_rotated_' || replace(gen_random_uuid()::text, '-', '') WHERE id = $1",
      [site],
    );
    expect((await feed(`/price-feed/${site}`, key)).status).toBe(403);
  });

  it('a competitor price change recomputes the product and reopens its rejected suggestion', async () => {
    const { rows } = await w.pool.query(
      `SELECT cp.id, cp.price FROM product_matches m JOIN competitor_products cp ON cp.id = m.competitor_product_id
        WHERE m.product_id = $1 AND m.status = 'MATCHED' AND cp.price IS NOT NULL ORDER BY cp.price LIMIT 1`,
      [rejected],
    );
    const before = (
      await w.pool.query('SELECT suggested_price, review FROM price_suggestions WHERE product_id = $1', [rejected])
    ).rows[0];
    expect(before.review).toBe('REJECTED');
    await w.pool.query('UPDATE competitor_products SET price = round(price * 0.9, 2) WHERE id = $1', [rows[0].id]);
    expect(
      (await w.pool.query('SELECT count(*)::int AS n FROM price_suggestion_dirty WHERE product_id = $1', [rejected]))
        .rows[0].n,
    ).toBe(1);
    await processDirtyProducts(w.pool);
    const after = (
      await w.pool.query('SELECT suggested_price, review FROM price_suggestions WHERE product_id = $1', [rejected])
    ).rows[0];
    expect(Number(after.suggested_price)).toBeLessThan(Number(before.suggested_price));
    expect(after.review).toBe('PENDING');
    expect((await w.pool.query('SELECT count(*)::int AS n FROM price_suggestion_dirty')).rows[0].n).toBe(0);
  });

  it('the pricing.update job on a job worker picks up a competitor price change within seconds, with no call from the API', async () => {
    const worker = await startWorker({ pool: w.pool, concurrency: 1, kinds: [PRICING_UPDATE] });
    try {
      // A product whose suggestion is computed from competitor prices; all its matched offers get
      // 5 % cheaper, so the lowest one the rule reads moves whichever offers the rule takes (one
      // offer picked at random could be one the rule leaves out, and change nothing).
      const { rows } = await w.pool.query(
        `SELECT s.product_id, s.explanation::text AS explanation FROM price_suggestions s
          WHERE s.organization_website_id = $1 AND s.product_id <> $2 AND s.outcome = 'CHANGE_SUGGESTED'
          ORDER BY s.product_id LIMIT 1`,
        [site, rejected],
      );
      const sample = rows[0];
      await w.pool.query(
        `UPDATE competitor_products cp SET price = round(cp.price * 0.95, 2), seen_at = now()
           FROM product_matches m
          WHERE m.competitor_product_id = cp.id AND m.product_id = $1 AND m.status = 'MATCHED' AND cp.price IS NOT NULL`,
        [sample.product_id],
      );
      const start = Date.now();
      let now = sample.explanation;
      while (now === sample.explanation && Date.now() - start < 30_000) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        now = (
          await w.pool.query('SELECT explanation::text AS explanation FROM price_suggestions WHERE product_id = $1', [
            sample.product_id,
          ])
        ).rows[0].explanation;
      }
      expect(now, 'the suggestion changed within 30 s of the price change').not.toBe(sample.explanation);
      expect((await w.pool.query('SELECT count(*)::int AS n FROM price_suggestion_dirty')).rows[0].n).toBe(0);
    } finally {
      await worker.stop({ graceMs: 5_000 });
      await closeQueueOf(w.pool);
    }
    // Above the 30 s bound of the wait, so a miss fails on its assertion, not on the test's time limit.
  }, 60_000);

  it('duplicates (Draft, last), reorders, deactivates: suggestions follow the rules', async () => {
    const copy = (
      await w.call(
        owner.uid,
        `mutation PriceRuleDuplicate($priceRuleId: ID!) { priceRuleDuplicate(priceRuleId: $priceRuleId) { id name status priority } }`,
        { priceRuleId: ruleId },
      )
    ).body.data.priceRuleDuplicate;
    expect(copy).toMatchObject({ name: 'Beat the lowest (copy)', status: 'DRAFT', priority: 2 });
    const reordered = (
      await w.call(
        owner.uid,
        `mutation PriceRuleReorder($organizationWebsiteId: ID!, $ids: [ID!]!) { priceRuleReorder(organizationWebsiteId: $organizationWebsiteId, priceRuleIds: $ids) { id priority } }`,
        {
          organizationWebsiteId: site,
          ids: [copy.id, ruleId],
        },
      )
    ).body.data.priceRuleReorder;
    expect(reordered).toEqual([
      { id: copy.id, priority: 1 },
      { id: ruleId, priority: 2 },
    ]);
    const bad = await w.call(
      owner.uid,
      `mutation PriceRuleReorder($organizationWebsiteId: ID!, $ids: [ID!]!) { priceRuleReorder(organizationWebsiteId: $organizationWebsiteId, priceRuleIds: $ids) { id } }`,
      {
        organizationWebsiteId: site,
        ids: [ruleId],
      },
    );
    expect(codes(bad)).toEqual(['BAD_USER_INPUT']);
    await w.call(owner.uid, STATUS, { priceRuleId: ruleId, status: 'INACTIVE' });
    await drainSuggestionWork(w.pool);
    expect(
      (
        await w.pool.query('SELECT count(*)::int AS n FROM price_suggestions WHERE organization_website_id = $1', [
          site,
        ])
      ).rows[0].n,
    ).toBe(0);
    // The log stays.
    expect(
      (await w.call(ADMIN.uid, LOG, { organizationWebsiteId: site })).body.data.priceSuggestionLog.meta.pagination
        .total,
    ).toBe(3);
  });
  it('an Admin edits a rule, accepts by filter (logged) and deletes the rule: its suggestions lose the rule at once and go with the recompute the deletion queued', async () => {
    const { rows } = await w.pool.query(
      `SELECT id FROM price_rules WHERE organization_website_id = $1 AND name = 'Beat the lowest (copy)'`,
      [site],
    );
    const copyId = rows[0].id as string;
    const updated = await w.call(ADMIN.uid, UPDATE, {
      priceRuleId: copyId,
      input: baseRule('Set by the Admin', 1, { status: 'ACTIVE' }),
    });
    expect(updated.body.errors).toBeUndefined();
    expect(updated.body.data.priceRuleUpdate).toMatchObject({ name: 'Set by the Admin', status: 'ACTIVE' });
    await drainSuggestionWork(w.pool);
    const ruled = async () =>
      (
        await w.pool.query<{ rule_id: string | null }>(
          'SELECT rule_id FROM price_suggestions WHERE organization_website_id = $1',
          [site],
        )
      ).rows.map((r) => r.rule_id);
    const before = await ruled();
    expect(before.length).toBeGreaterThan(0);
    expect(new Set(before)).toEqual(new Set([copyId]));

    // Accepted by a filter (priceSuggestionReviewFiltered): every changed suggestion, one log row each.
    const logTotal = async () =>
      (await w.call(ADMIN.uid, LOG, { organizationWebsiteId: site })).body.data.priceSuggestionLog.meta.pagination
        .total as number;
    const reviews = async () =>
      (
        await w.pool.query<{ outcome: string; review: string; n: number }>(
          `SELECT outcome, review, count(*)::int AS n FROM price_suggestions WHERE organization_website_id = $1
            GROUP BY 1, 2 ORDER BY 1, 2`,
          [site],
        )
      ).rows;
    const logBefore = await logTotal();
    const pending = await reviews();
    expect(pending.every((r) => r.review === 'PENDING')).toBe(true);
    const changedCount = pending.find((r) => r.outcome === 'CHANGE_SUGGESTED')?.n ?? 0;
    expect(changedCount).toBeGreaterThan(0);
    const filtered = await w.call(
      ADMIN.uid,
      `mutation PriceSuggestionReviewFiltered($organizationWebsiteId: ID!, $filter: PriceSuggestionFilter, $decision: PriceSuggestionDecision!) {
        priceSuggestionReviewFiltered(organizationWebsiteId: $organizationWebsiteId, filter: $filter, decision: $decision) { changed skipped } }`,
      { organizationWebsiteId: site, filter: { outcome: 'CHANGE_SUGGESTED' }, decision: 'ACCEPT' },
    );
    expect(filtered.body.data.priceSuggestionReviewFiltered).toEqual({ changed: changedCount, skipped: 0 });
    expect(await reviews()).toEqual(
      pending.map((r) => ({ ...r, review: r.outcome === 'CHANGE_SUGGESTED' ? 'ACCEPTED' : 'PENDING' })),
    );
    expect(await logTotal()).toBe(logBefore + changedCount);
    const deleted = await w.call(
      ADMIN.uid,
      `mutation PriceRuleDelete($priceRuleId: ID!) { priceRuleDelete(priceRuleId: $priceRuleId) { id } }`,
      { priceRuleId: copyId },
    );
    expect(deleted.body.data.priceRuleDelete).toEqual({ id: copyId });
    expect(new Set(await ruled())).toEqual(new Set([null]));
    const listed = (await w.call(owner.uid, SUGGESTIONS, { organizationWebsiteId: site })).body.data.priceSuggestionList
      .data;
    expect(listed.every((s: { rule: unknown }) => s.rule === null)).toBe(true);
    await drainSuggestionWork(w.pool);
    expect(await ruled()).toEqual([]);
  });
});
