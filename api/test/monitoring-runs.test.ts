/**
 * Scraper runs against a real shop on loopback, both engines: known addresses and the sitemap
 * scraped, products upserted by canonical address, price history as changes only (a second run
 * over unchanged pages answers 304 and writes no history), an implausible price jump held for
 * review, failed pages with their reason, matching asked for new products, cancel honoured
 * between batches, a stopped worker's run resumed by the next one with nothing written twice,
 * a held price accepted (price and history written) or rejected (nothing
 * written) by an Admin with the decision kept, a dead worker's run resumed or swept, health kept on the scraper.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableEngines } from './engines.ts';
import { ADMIN, byRole, openCatalogueWorld, type CatalogueWorld } from './catalogue-fixtures.ts';
import { codes } from './helpers.ts';
import { closeQueueOf } from '../src/jobs/queue.ts';
import { executeRun } from '../src/monitoring/run.ts';
import { sweepStaleRuns, claimRun, waitingRuns } from '../src/monitoring/run-store.ts';

const engines = await availableEngines();

interface ShopProduct {
  slug: string;
  name: string;
  price: number | null;
  availability?: 'InStock' | 'OutOfStock';
}

/** A small shop: JSON-LD product pages with ETags (304 on a match), a sitemap, robots.txt, a captcha page, slow pages on demand. */
function startShop() {
  const products = new Map<string, ShopProduct>();
  const state = { delayMs: 0, requests: 0, hits: new Map<string, number>() };
  const server: Server = createServer((request, response) => {
    state.requests += 1;
    const url = new URL(request.url ?? '/', 'http://shop');
    state.hits.set(url.pathname, (state.hits.get(url.pathname) ?? 0) + 1);
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      setTimeout(() => {
        response.writeHead(status, { 'content-type': type, ...headers });
        response.end(body);
      }, state.delayMs);
    };
    if (url.pathname === '/robots.txt') return send(200, 'text/plain', 'User-agent: *\nDisallow: /private/\n');
    if (url.pathname === '/sitemap.xml') {
      const locs = [...products.keys(), 'captcha', 'no-price']
        .map((slug) => `<url><loc>${origin()}/p/${slug}</loc></url>`)
        .join('');
      return send(
        200,
        'application/xml',
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs}</urlset>`,
      );
    }
    if (url.pathname === '/p/captcha')
      return send(
        200,
        'text/html',
        '<html><head><title>Are you a robot?</title></head><body><div class="g-recaptcha" data-sitekey="x"></div></body></html>',
      );
    if (url.pathname === '/p/no-price')
      return send(
        200,
        'text/html',
        '<html><head><title>Coming soon</title></head><body><h1>Coming soon</h1><p>Call for price</p></body></html>',
      );
    const product = products.get(url.pathname.replace(/^\/p\//, ''));
    if (!product) return send(404, 'text/html', '<html><body>Not found</body></html>');
    const jsonLd = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      brand: { '@type': 'Brand', name: 'Acme' },
      offers: {
        '@type': 'Offer',
        price: product.price,
        priceCurrency: 'CZK',
        availability: `https://schema.org/${product.availability ?? 'InStock'}`,
      },
    };
    const body = `<!doctype html><html lang="cs"><head><title>${product.name}</title><link rel="canonical" href="${origin()}/p/${product.slug}">
      <script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head><body><h1>${product.name}</h1></body></html>`;
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
    if (request.headers['if-none-match'] === etag) return send(304, 'text/html', '', { etag });
    return send(200, 'text/html; charset=utf-8', body, { etag });
  });
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    products,
    state,
    origin,
    listen: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const RUN_NOW = `mutation ScraperRunNow($scraperId: ID!) { scraperRunNow(scraperId: $scraperId) { id status } }`;
const CANCEL = `mutation ScraperRunCancel($runId: ID!) { scraperRunCancel(runId: $runId) { id status cancelRequested } }`;
const RUN = `query ScraperRun($runId: ID!) { scraperRun(runId: $runId) { id status pagesFetched pagesNotModified productsSeen productsNew productsChanged productsUnchanged productsFailed heldForReview historyRows
  failuresByKind { kind count } errorMessage errorCode errorValues { name value }
  failures { data { url kind reason code values { name value } } meta { pagination { total } } } } }`;

describe.each(engines)('Scraper runs on $name', (engine) => {
  let w: CatalogueWorld;
  const shop = startShop();
  let competitorId: string;
  let scraperId: string;
  const known: Record<string, string> = {};

  beforeAll(async () => {
    await shop.listen();
    w = await openCatalogueWorld(engine);
    const website = w.site.northwind;
    competitorId = (
      await w.pool.query(
        `INSERT INTO competitors (organization_website_id, name, url) VALUES ($1, 'Loopback shop', $2) RETURNING id`,
        [website, shop.origin()],
      )
    ).rows[0].id;
    // Three products known from a CSV import (no canonical address yet), two the sitemap reveals.
    for (const [slug, name, price, stored] of [
      ['steady', 'Steady kettle', 100, 100],
      ['cheaper', 'Cheaper toaster', 210, 200],
      ['jumpy', 'Jumpy blender', 900, 300],
      ['fresh-1', 'Fresh mixer', 450, null],
      ['fresh-2', 'Fresh grinder', 650, null],
    ] as const) {
      shop.products.set(slug, { slug, name, price });
      if (stored != null) {
        known[slug] = (
          await w.pool.query(
            `INSERT INTO competitor_products (competitor_id, external_id, name, price, currency, availability, url) VALUES ($1, $2, $3, $4, 'CZK', 'in_stock', $5) RETURNING id`,
            [competitorId, `CSV-${slug}`, name, stored, `${shop.origin()}/p/${slug}`],
          )
        ).rows[0].id;
      }
    }
    const settings = {
      sources: { knownUrls: true, sitemapUrl: `${shop.origin()}/sitemap.xml` },
      fetch: { concurrencyPerHost: 4, minDelayMs: 0, retries: 0, timeoutMs: 5000 },
      validation: { maxPriceJumpShare: 0.5 },
      expectedCurrency: 'CZK',
    };
    const created = await w.call(
      ADMIN.uid,
      `mutation C($competitorId: ID!, $input: ScraperInput!) { scraperCreate(competitorId: $competitorId, input: $input) { id } }`,
      {
        competitorId,
        input: { name: 'Loopback', settings: JSON.stringify(settings) },
      },
    );
    expect(created.body.errors).toBeUndefined();
    scraperId = created.body.data.scraperCreate.id;
  }, 120_000);
  afterAll(async () => {
    if (w) await closeQueueOf(w.pool);
    await w?.close();
    await shop.close();
  });

  const runNow = async () => {
    const response = await w.call(ADMIN.uid, RUN_NOW, { scraperId });
    expect(response.body.errors).toBeUndefined();
    return response.body.data.scraperRunNow.id as string;
  };
  const runView = async (runId: string) => (await w.call(ADMIN.uid, RUN, { runId })).body.data.scraperRun;
  const historyCount = async () =>
    (
      await w.pool.query(
        'SELECT count(*)::int AS n FROM competitor_price_history h JOIN competitor_products cp ON cp.id = h.competitor_product_id WHERE cp.competitor_id = $1',
        [competitorId],
      )
    ).rows[0].n as number;
  const product = async (slug: string) =>
    (
      await w.pool.query(
        `SELECT id, price::float8 AS price, canonical_url, etag, seen_at, availability FROM competitor_products WHERE competitor_id = $1 AND url = $2`,
        [competitorId, `${shop.origin()}/p/${slug}`],
      )
    ).rows[0];

  it('a first run upserts by canonical address, writes history for new and changed prices only, holds the jump, names the failed pages', async () => {
    const matchingBefore = (
      await w.pool.query(`SELECT count(*)::int AS n FROM matching_runs WHERE organization_website_id = $1`, [
        w.site.northwind,
      ])
    ).rows[0].n;
    const jumpyBefore = await product('jumpy');
    const runId = await runNow();
    const result = await executeRun(w.pool, runId, { allowPrivateAddresses: true, batchSize: 3 });
    expect(result.status).toBe('succeeded');
    const run = await runView(runId);
    expect(run).toMatchObject({
      status: 'succeeded',
      pagesFetched: 7,
      productsNew: 2,
      productsChanged: 1,
      productsUnchanged: 1,
      heldForReview: 1,
      productsFailed: 2,
      historyRows: 3,
      productsSeen: 5,
    });
    const kinds = Object.fromEntries(run.failuresByKind.map((f: any) => [f.kind, f.count]));
    // "Call for price" is a validation failure of the page (scrape-page.ts).
    expect(kinds).toEqual({ blocked: 1, validation_failed: 1, held_for_review: 1 });
    const byUrl = Object.fromEntries(run.failures.data.map((f: any) => [f.url.replace(shop.origin(), ''), f]));
    expect(byUrl['/p/captcha'].reason).toMatch(/captcha|robot/i);
    expect(byUrl['/p/jumpy'].reason).toMatch(/900\.00 CZK .* 300\.00 .*held for review/);
    // Each failure also says why as a code and its values, for the console to word (reasons.ts).
    expect(byUrl['/p/captcha'].code).toMatch(/^(BLOCK_PAGE|CAPTCHA)$/);
    expect(byUrl['/p/jumpy'].code).toBe('HELD_PRICE_JUMP');
    expect(Object.fromEntries(byUrl['/p/jumpy'].values.map((v: any) => [v.name, v.value]))).toEqual({
      price: '900.00',
      currency: 'CZK',
      previous: '300.00',
      percent: '200',
      allowed: '50',
    });
    const callForPrice = run.failures.data.find((f: any) => f.kind === 'validation_failed');
    expect(callForPrice.code).toBe('CALL_FOR_PRICE');
    expect(run).toMatchObject({ errorMessage: null, errorCode: null, errorValues: [] });

    expect(await product('cheaper')).toMatchObject({ price: 210, canonical_url: `${shop.origin()}/p/cheaper` });
    const jumpy = await product('jumpy');
    expect(jumpy.price).toBe(300);
    expect(jumpy.seen_at.getTime()).toBeGreaterThan(jumpyBefore.seen_at.getTime());
    const fresh = (
      await w.pool.query(
        `SELECT name, price::float8 AS price, currency, availability, brand, canonical_url, external_id FROM competitor_products WHERE competitor_id = $1 AND canonical_url LIKE '%fresh%' ORDER BY name`,
        [competitorId],
      )
    ).rows;
    expect(fresh).toEqual([
      {
        name: 'Fresh grinder',
        price: 650,
        currency: 'CZK',
        availability: 'in_stock',
        brand: 'Acme',
        canonical_url: `${shop.origin()}/p/fresh-2`,
        external_id: `${shop.origin()}/p/fresh-2`,
      },
      {
        name: 'Fresh mixer',
        price: 450,
        currency: 'CZK',
        availability: 'in_stock',
        brand: 'Acme',
        canonical_url: `${shop.origin()}/p/fresh-1`,
        external_id: `${shop.origin()}/p/fresh-1`,
      },
    ]);
    const history = (
      await w.pool.query(
        `SELECT cp.name, h.price::float8 AS price, h.currency, h.availability FROM competitor_price_history h JOIN competitor_products cp ON cp.id = h.competitor_product_id WHERE cp.competitor_id = $1 ORDER BY cp.name`,
        [competitorId],
      )
    ).rows;
    expect(history).toEqual([
      { name: 'Cheaper toaster', price: 210, currency: 'CZK', availability: 'in_stock' },
      { name: 'Fresh grinder', price: 650, currency: 'CZK', availability: 'in_stock' },
      { name: 'Fresh mixer', price: 450, currency: 'CZK', availability: 'in_stock' },
    ]);
    const matchingAfter = (
      await w.pool.query(`SELECT count(*)::int AS n FROM matching_runs WHERE organization_website_id = $1`, [
        w.site.northwind,
      ])
    ).rows[0].n;
    expect(matchingAfter).toBeGreaterThan(matchingBefore);
    const scraper = (
      await w.pool.query('SELECT health, last_success_at, products_seen FROM scrapers WHERE id = $1', [scraperId])
    ).rows[0];
    expect(scraper).toMatchObject({ products_seen: 5 });
    expect(scraper.last_success_at).not.toBeNull();
  });

  it('a second run over unchanged pages answers 304, moves last seen and writes only the one price that changed', async () => {
    shop.products.get('fresh-1')!.price = 430;
    shop.products.get('steady')!.availability = 'OutOfStock';
    const before = await historyCount();
    const grinderSeen = (await product('fresh-2')).seen_at as Date;
    const runId = await runNow();
    expect((await executeRun(w.pool, runId, { allowPrivateAddresses: true })).status).toBe('succeeded');
    const run = await runView(runId);
    // fresh-2 and cheaper are unchanged (304); fresh-1's price and steady's availability changed.
    expect(run).toMatchObject({ productsChanged: 2, productsNew: 0, historyRows: 2 });
    expect(run.pagesNotModified).toBeGreaterThanOrEqual(2);
    expect(await historyCount()).toBe(before + 2);
    expect((await product('fresh-2')).seen_at.getTime()).toBeGreaterThan(grinderSeen.getTime());
    expect((await product('steady')).availability).toBe('out_of_stock');
  });

  const HELD = `query Held($scraperId: ID!, $status: ScraperHeldPriceStatus) { scraperHeldPriceList(scraperId: $scraperId, status: $status, limit: 50, offset: 0) {
    data { id runId competitorProductId competitorProductName previousPrice previousCurrency price currency availability status decidedAt decidedBy } meta { pagination { total } } } }`;
  const DECIDE = `mutation Decide($id: ID!, $decision: ScraperHeldPriceDecision!) { scraperHeldPriceDecide(heldPriceId: $id, decision: $decision) { id status decidedAt decidedBy price } }`;
  const pendingHolds = async () => (await w.call(ADMIN.uid, HELD, { scraperId })).body.data.scraperHeldPriceList;

  it('a held price waits for an Admin: reject leaves the product, accept writes the price and a history row; the decision is kept', async () => {
    // Both runs so far held jumpy's 900 against the stored 300: the newer hold superseded the older.
    const pending = await pendingHolds();
    expect(pending.meta.pagination.total).toBe(1);
    expect(pending.data[0]).toMatchObject({
      competitorProductId: known.jumpy,
      competitorProductName: 'Jumpy blender',
      previousPrice: 300,
      previousCurrency: 'CZK',
      price: 900,
      currency: 'CZK',
      availability: 'in_stock',
      status: 'pending',
      decidedBy: null,
    });
    const all = (await w.call(ADMIN.uid, HELD, { scraperId, status: null })).body.data.scraperHeldPriceList;
    expect(all.data.map((h: any) => h.status).sort()).toEqual(['pending', 'superseded']);
    const pendingCount = async () =>
      (
        await w.call(ADMIN.uid, `query S($id: ID!) { scraper(scraperId: $id) { heldPricesPending } }`, {
          id: scraperId,
        })
      ).body.data.scraper.heldPricesPending;
    expect(await pendingCount()).toBe(1);

    // Not an Admin: refused on the server, nothing decided.
    const owner = byRole('Owner');
    expect(codes(await w.call(owner.uid, HELD, { scraperId }))).toEqual(['FORBIDDEN']);
    expect(codes(await w.call(owner.uid, DECIDE, { id: pending.data[0].id, decision: 'accept' }))).toEqual([
      'FORBIDDEN',
    ]);

    const historyBefore = await historyCount();
    const rejected = (await w.call(ADMIN.uid, DECIDE, { id: pending.data[0].id, decision: 'reject' })).body.data
      .scraperHeldPriceDecide;
    expect(rejected).toMatchObject({ status: 'rejected', price: 900 });
    expect(rejected.decidedAt).not.toBeNull();
    const adminId = (
      await w.pool.query(
        `SELECT started_by FROM scraper_runs WHERE scraper_id = $1 AND started_by IS NOT NULL LIMIT 1`,
        [scraperId],
      )
    ).rows[0].started_by;
    expect(rejected.decidedBy).toBe(adminId);
    expect((await product('jumpy')).price).toBe(300);
    expect(await historyCount()).toBe(historyBefore);
    // Decided once: a second decision is refused and changes nothing.
    const again = await w.call(ADMIN.uid, DECIDE, { id: pending.data[0].id, decision: 'accept' });
    expect(again.body.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'heldPriceId',
      reason: 'HELD_PRICE_DECIDED',
      values: { status: 'rejected' },
    });
    expect(again.body.errors![0]!.message).toMatch(/decided already \(rejected\)/);
    expect((await product('jumpy')).price).toBe(300);

    // The next run holds the jump again; a price written since (a CSV import) makes that hold out of date.
    const runId = await runNow();
    expect((await executeRun(w.pool, runId, { allowPrivateAddresses: true })).status).toBe('succeeded');
    const next = (await pendingHolds()).data[0];
    expect(next).toMatchObject({ runId, price: 900, previousPrice: 300, status: 'pending' });
    await w.pool.query('UPDATE competitor_products SET price = 310 WHERE id = $1', [known.jumpy]);
    const stale = await w.call(ADMIN.uid, DECIDE, { id: next.id, decision: 'accept' });
    expect(stale.body.errors![0]!.message).toMatch(/price has changed since it was held/);
    expect(stale.body.errors![0]!.extensions).toMatchObject({ reason: 'HELD_PRICE_OUT_OF_DATE' });
    expect((await product('jumpy')).price).toBe(310);
    await w.pool.query('UPDATE competitor_products SET price = 300 WHERE id = $1', [known.jumpy]);

    const historyBeforeAccept = await historyCount();
    const accepted = (await w.call(ADMIN.uid, DECIDE, { id: next.id, decision: 'accept' })).body.data
      .scraperHeldPriceDecide;
    expect(accepted).toMatchObject({ status: 'accepted', decidedBy: adminId });
    expect((await product('jumpy')).price).toBe(900);
    expect(await historyCount()).toBe(historyBeforeAccept + 1);
    const last = (
      await w.pool.query(
        `SELECT price::float8 AS price, currency, availability FROM competitor_price_history WHERE competitor_product_id = $1 ORDER BY seen_at DESC LIMIT 1`,
        [known.jumpy],
      )
    ).rows[0];
    expect(last).toEqual({ price: 900, currency: 'CZK', availability: 'in_stock' });
    expect(await pendingCount()).toBe(0);
    const unknown = await w.call(ADMIN.uid, DECIDE, { id: '00000000-0000-0000-0000-000000000000', decision: 'accept' });
    expect(codes(unknown)).toEqual(['NOT_FOUND']);
  });

  it('cancel stops the run between batches; what it wrote stays', async () => {
    for (let i = 0; i < 30; i++)
      shop.products.set(`slow-${i}`, { slug: `slow-${i}`, name: `Slow item ${i}`, price: 100 + i });
    shop.state.delayMs = 60;
    try {
      const runId = await runNow();
      const running = executeRun(w.pool, runId, { allowPrivateAddresses: true, batchSize: 2 });
      for (let i = 0; i < 100 && (await runView(runId)).pagesFetched < 2; i++)
        await new Promise((r) => setTimeout(r, 50));
      const cancel = await w.call(ADMIN.uid, CANCEL, { runId });
      expect(cancel.body.data.scraperRunCancel).toMatchObject({ status: 'running', cancelRequested: true });
      expect((await running).status).toBe('cancelled');
      const run = await runView(runId);
      expect(run.status).toBe('cancelled');
      expect(run).toMatchObject({ errorCode: 'CANCELLED', errorValues: [] });
      expect(run.errorMessage).toMatch(/^Cancelled/);
      expect(run.pagesFetched).toBeLessThan(37);
      const slowStored = (
        await w.pool.query(
          `SELECT count(*)::int AS n FROM competitor_products WHERE competitor_id = $1 AND name LIKE 'Slow item%'`,
          [competitorId],
        )
      ).rows[0].n;
      expect(slowStored).toBe(run.productsNew);
    } finally {
      shop.state.delayMs = 0;
    }
  });

  it('a stopping worker writes what it fetched and hands the run back; the next worker resumes from the pages not yet done, nothing twice', async () => {
    for (let i = 0; i < 24; i++)
      shop.products.set(`resume-${i}`, { slug: `resume-${i}`, name: `Resume item ${i}`, price: 300 + i });
    const historyBefore = await historyCount();
    const storedCount = async () =>
      (
        await w.pool.query('SELECT count(*)::int AS n FROM competitor_products WHERE competitor_id = $1', [
          competitorId,
        ])
      ).rows[0].n as number;
    const storedBefore = await storedCount();
    shop.state.hits.clear();
    shop.state.delayMs = 40;
    try {
      const runId = await runNow();
      const controller = new AbortController();
      // Two rows a statement: the known products and the resumed run's done pages are read over several pages.
      const first = executeRun(w.pool, runId, {
        allowPrivateAddresses: true,
        batchSize: 2,
        pageSize: 2,
        signal: controller.signal,
      });
      for (let i = 0; i < 200 && (await runView(runId)).pagesFetched < 6; i++)
        await new Promise((r) => setTimeout(r, 25));
      controller.abort('stopping');
      expect((await first).status).toBe('stopped');
      const handedBack = (
        await w.pool.query('SELECT status, pages_fetched, resumes FROM scraper_runs WHERE id = $1', [runId])
      ).rows[0];
      expect(handedBack).toMatchObject({ status: 'queued', resumes: 0 });
      expect(handedBack.pages_fetched).toBeGreaterThan(0);
      const pagesBefore = shop.products.size + 2; // the product pages, the captcha and the call-for-price page
      expect(handedBack.pages_fetched).toBeLessThan(pagesBefore);

      shop.state.delayMs = 0;
      expect((await executeRun(w.pool, runId, { allowPrivateAddresses: true, batchSize: 2, pageSize: 2 })).status).toBe(
        'succeeded',
      );
      const run = (await w.pool.query('SELECT * FROM scraper_runs WHERE id = $1', [runId])).rows[0];
      // New: the 24 added here and the pages the cancelled run above did not reach.
      const added = (await storedCount()) - storedBefore;
      expect(added).toBeGreaterThanOrEqual(24);
      expect(run).toMatchObject({ status: 'succeeded', resumes: 1, products_new: added, pages_fetched: pagesBefore });
      expect(run.history_rows).toBe(run.products_new + run.products_changed);
      // Every product page fetched once across both workers, every new product and history row once.
      const productHits = [...shop.state.hits].filter(([path]) => path.startsWith('/p/'));
      expect(productHits.filter(([, n]) => n !== 1)).toEqual([]);
      expect(productHits.length).toBe(pagesBefore);
      const resumed = (
        await w.pool.query(
          `SELECT count(*)::int AS n FROM competitor_products WHERE competitor_id = $1 AND name LIKE 'Resume item%'`,
          [competitorId],
        )
      ).rows[0].n;
      expect(resumed).toBe(24);
      expect(await historyCount()).toBe(historyBefore + run.history_rows);
      const failures = (
        await w.pool.query('SELECT url, count(*)::int AS n FROM scraper_run_failures WHERE run_id = $1 GROUP BY url', [
          runId,
        ])
      ).rows;
      expect(failures.filter((f) => f.n > 1)).toEqual([]);
    } finally {
      shop.state.delayMs = 0;
    }
  });

  it("a dead worker's run is resumed by the next worker once its heartbeat is old, or failed by the sweep", async () => {
    const orphan = await runNow();
    await claimRun(w.pool, orphan);
    // A live worker's run is not taken.
    expect(await claimRun(w.pool, orphan)).toBeNull();
    await w.pool.query(`UPDATE scraper_runs SET heartbeat_at = now() - interval '10 minutes' WHERE id = $1`, [orphan]);
    expect((await executeRun(w.pool, orphan, { allowPrivateAddresses: true })).status).toBe('succeeded');
    expect((await w.pool.query('SELECT resumes FROM scraper_runs WHERE id = $1', [orphan])).rows[0].resumes).toBe(1);

    // A run queued (or handed back) five minutes ago whose job may be lost is dispatched again by the schedule.
    const waiting = await runNow();
    expect(await waitingRuns(w.pool)).not.toContain(waiting);
    await w.pool.query(`UPDATE scraper_runs SET created_at = now() - interval '10 minutes' WHERE id = $1`, [waiting]);
    expect(await waitingRuns(w.pool)).toContain(waiting);
    expect((await executeRun(w.pool, waiting, { allowPrivateAddresses: true })).status).toBe('succeeded');

    const lost = await runNow();
    await claimRun(w.pool, lost);
    await w.pool.query(`UPDATE scraper_runs SET heartbeat_at = now() - interval '1 hour' WHERE id = $1`, [lost]);
    expect(await sweepStaleRuns(w.pool)).toEqual([lost]);
    const swept = (await w.pool.query('SELECT status, error_message FROM scraper_runs WHERE id = $1', [lost])).rows[0];
    expect(swept.status).toBe('failed');
    expect(swept.error_message).toMatch(/worker .* stopped/);
    expect((await w.pool.query('SELECT health FROM scrapers WHERE id = $1', [scraperId])).rows[0].health).toBe(
      'failing',
    );
  });
});
