/**
 * The demo scrapers against the fixture shop (api/src/monitoring/fixture-shop), both engines:
 * seeded once for the first demo website's competitors, a run of each reads its shop's sitemap
 * (JSON-LD pages, and pages only the scraper's own selectors read) into competitor products;
 * after a "day" the next run writes history rows only for the prices that changed. The seeded
 * matched pair (seed/scraped-pair-demo.ts): a run writes the shop's price onto our product's offer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableEngines } from './engines.ts';
import { openCatalogueWorld, type CatalogueWorld } from './catalogue-fixtures.ts';
import {
  fixtureShopsFor,
  generateFixtureProducts,
  startFixtureShop,
  type FixtureShop,
} from '../src/monitoring/fixture-shop/index.ts';
import { executeRun } from '../src/monitoring/run.ts';
import { requestRun } from '../src/monitoring/run-store.ts';
import { demoScrapedPair, SCRAPED_PAIR_SHOP } from '../src/seed/scraped-pair-demo.ts';
import { seedDemoScrapers } from '../src/seed/scrapers-demo.ts';

const engines = await availableEngines();

describe.each(engines)('Demo scrapers over the fixture shop on $name', (engine) => {
  let w: CatalogueWorld;
  let shop: FixtureShop;
  beforeAll(async () => {
    shop = await startFixtureShop({
      shops: fixtureShopsFor(generateFixtureProducts(40, 7), 7),
      seed: 7,
      crawlDelaySeconds: 0,
      dailyChangeShare: 0.1,
    });
    w = await openCatalogueWorld(engine);
  }, 120_000);
  afterAll(async () => {
    await w?.close();
    await shop?.close();
  });

  const scrapers = async () =>
    (await w.pool.query(`SELECT s.id, s.name, s.competitor_id, s.settings FROM scrapers s ORDER BY s.name`))
      .rows as Array<{ id: string; name: string; competitor_id: string; settings: any }>;
  /** Runs every demo scraper at once, as fast as the shop answers. */
  const runAll = async () => {
    const results = [];
    for (const scraper of await scrapers()) {
      await w.pool.query(
        `UPDATE scrapers SET settings = jsonb_set(settings, '{fetch,minDelayMs}', '0') WHERE id = $1`,
        [scraper.id],
      );
      const { run } = await requestRun(w.pool, scraper.id, 'manual', null);
      await executeRun(w.pool, run.id, { allowPrivateAddresses: true });
      results.push((await w.pool.query('SELECT * FROM scraper_runs WHERE id = $1', [run.id])).rows[0]);
    }
    return results;
  };

  it('seeds one scraper per demo competitor once, each reading a shop of the fixture server', async () => {
    expect(await seedDemoScrapers(w.pool, shop.url, 7)).toBe(2);
    expect(await seedDemoScrapers(w.pool, shop.url, 7)).toBe(0);
    const seeded = await scrapers();
    expect(seeded.map((s) => s.settings.sources.sitemapUrl)).toEqual(
      expect.arrayContaining([
        `${shop.url}/shops/elektro-hvezda/sitemap.xml`,
        `${shop.url}/shops/nakup-levne/sitemap.xml`,
      ]),
    );
    expect(seeded.every((s) => s.settings.sources.knownUrls === false)).toBe(true);
  });

  it('a run reads every product of its shop; the next day only changed prices add history', async () => {
    const startedAt = new Date();
    const first = await runAll();
    for (const run of first) {
      expect(run).toMatchObject({ status: 'succeeded', products_failed: 0 });
      expect(run.products_new).toBeGreaterThan(20);
      expect(run.history_rows).toBe(run.products_new + run.products_changed);
    }
    // The seeded pair's offer was known already (by its canonical address): the only change.
    expect(first.map((run) => run.products_changed)).toEqual([1, 0]);
    const pair = demoScrapedPair(shop.url, 7);
    const offer = async () =>
      (
        await w.pool.query(
          `SELECT cp.price::float8 AS price, cp.seen_at, p.competitor_min_price::float8 AS min_price, m.status,
                  (SELECT count(*)::int FROM competitor_price_history h WHERE h.competitor_product_id = cp.id) AS history
             FROM products p JOIN product_matches m ON m.product_id = p.id JOIN competitor_products cp ON cp.id = m.competitor_product_id
            WHERE p.item_id = $1 AND cp.canonical_url = $2`,
          [pair.itemId, pair.url],
        )
      ).rows;
    const collected = await offer();
    const shopPrice = shop.priceOf(SCRAPED_PAIR_SHOP, pair.fixtureId)!.price;
    expect(collected).toEqual([
      { price: shopPrice, seen_at: expect.any(Date), min_price: shopPrice, status: 'MATCHED', history: 3 },
    ]);
    expect(collected[0].seen_at.getTime()).toBeGreaterThanOrEqual(startedAt.getTime() - 1000);
    const changes = shop.advanceDay();
    const second = await runAll();
    const changedInShops = new Set(
      changes.filter((c) => ['elektro-hvezda', 'nakup-levne'].includes(c.slug)).map((c) => `${c.slug}/${c.productId}`),
    );
    const written = second.reduce((sum, run) => sum + run.history_rows, 0);
    expect(second.every((run) => run.status === 'succeeded' && run.products_new === 0)).toBe(true);
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThanOrEqual(changedInShops.size);
    const seen = second.reduce((sum, run) => sum + run.products_seen, 0);
    expect(seen).toBe(first.reduce((sum, run) => sum + run.products_new + run.products_changed, 0));
  });
});
