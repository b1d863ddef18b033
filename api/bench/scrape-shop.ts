/**
 * The benchmark's shop (scrape.ts starts it as a child process, so its CPU is not the worker's):
 * the fixture shop with one JSON-LD shop of `--products` products, no crawl delay; a line on its standard input moves
 * to the next day (5 % of prices change). Prints `shop: <url>` and `day <n>: <k> changed`.
 */
import { parseArgs } from 'node:util';
import { generateFixtureProducts } from '../src/monitoring/fixture-shop/catalogue.ts';
import { startFixtureShop } from '../src/monitoring/fixture-shop/server.ts';

const { values } = parseArgs({
  options: { products: { type: 'string', default: '100000' }, shops: { type: 'string', default: '1' } },
});
const products = generateFixtureProducts(Number(values.products), 11);
const shops = Array.from({ length: Number(values.shops) }, (_, i) => ({
  slug: `bench-${i + 1}`,
  name: `Bench shop ${i + 1}`,
  style: 'json-ld' as const,
  locale: 'cs' as const,
  currency: 'CZK' as const,
  products,
}));
const shop = await startFixtureShop({ shops, seed: 11, crawlDelaySeconds: 0, dailyChangeShare: 0.05, compress: false });
console.log(`shop: ${shop.url}`);
process.stdin.setEncoding('utf8');
process.stdin.on('data', () => console.log(`day ${shop.day + 1}: ${shop.advanceDay().length} changed`));
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void shop.close().then(() => process.exit(0)));
