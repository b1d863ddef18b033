/**
 * Starts the fixture shop (server.ts) until stopped, printing its URL:
 *
 *   tsx api/src/monitoring/fixture-shop/main.ts [--port 4600] [--catalogue file.json] [--seed 1]
 *       [--products 200] [--crawl-delay 1] [--traps] [--day-every 600]
 *
 * --catalogue: a JSON file of shops (FixtureShopCatalogue[]) or of products (FixtureProduct[],
 * prices in CZK; the four standard shops are built from them); without it `--products` products
 * are generated from the seed. --day-every N advances the day (prices change) every N seconds.
 * The port also comes from FIXTURE_SHOP_PORT. The first line printed is `fixture shop: <url>`.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  fixtureShopsFor,
  generateFixtureProducts,
  type FixtureProduct,
  type FixtureShopCatalogue,
} from './catalogue.ts';
import { startFixtureShop } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    catalogue: { type: 'string' },
    seed: { type: 'string' },
    products: { type: 'string' },
    'crawl-delay': { type: 'string' },
    traps: { type: 'boolean' },
    'day-every': { type: 'string' },
  },
});

function number(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`--${name} must be a number of at least 0, not "${text}"`);
    process.exit(2);
  }
  return value;
}

const seed = number('seed', values.seed, 1);
let shops: FixtureShopCatalogue[];
if (values.catalogue) {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(values.catalogue, 'utf8'));
  } catch (error) {
    console.error(`The catalogue ${values.catalogue} cannot be read: ${(error as Error).message}`);
    process.exit(2);
  }
  if (!Array.isArray(data) || !data.length) {
    console.error(`The catalogue ${values.catalogue} must be a JSON array of shops or of products`);
    process.exit(2);
  }
  shops =
    'products' in (data[0] as object)
      ? (data as FixtureShopCatalogue[])
      : fixtureShopsFor(data as FixtureProduct[], seed);
} else {
  shops = fixtureShopsFor(generateFixtureProducts(number('products', values.products, 200), seed), seed);
}

const shop = await startFixtureShop({
  port: number('port', values.port ?? process.env.FIXTURE_SHOP_PORT, 0),
  host: values.host,
  shops,
  seed,
  crawlDelaySeconds: number('crawl-delay', values['crawl-delay'], 1),
  trapsInSitemap: values.traps ?? false,
});
console.log(`fixture shop: ${shop.url}`);
for (const info of shop.shops)
  console.log(
    `  ${info.name} (${info.style}, ${info.currency}, ${info.productUrls.length} products): ${info.url}/  sitemap ${info.sitemapUrl}`,
  );

const dayEvery = number('day-every', values['day-every'], 0);
const timer =
  dayEvery > 0
    ? setInterval(() => {
        const changes = shop.advanceDay();
        console.log(`day ${shop.day}: ${changes.length} prices changed`);
      }, dayEvery * 1000)
    : null;

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (timer) clearInterval(timer);
    void shop.close().then(() => process.exit(0));
  });
}
