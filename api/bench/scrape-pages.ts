/**
 * Scraping speed of one process against the fixture shop (README-scraping.md, "Benchmark"):
 * product pages per second and CPU per page, split into fetching (HTTP, decompression,
 * decoding, politeness bookkeeping), parsing the HTML and extracting the fields. Storing is
 * measured by the run benchmark of the monitoring area (README.md). The page steps are those of
 * scrapePage (scrape-page.ts), called one by one so that parsing and extracting (synchronous) can
 * be timed in CPU (on every 10th page: the clock is a system call as dear as parsing a page);
 * fetching is the rest of the process's CPU.
 *
 * The fixture shop runs in a child process (its CPU is not counted here), serving the three
 * static page styles (JSON-LD, microdata, selectors + rules), gzip / brotli as asked. The
 * fetcher obeys robots.txt (crawl-delay 0 here) with `--concurrency` requests at a time to the
 * host and no minimum delay (a real shop gets the polite defaults). Round 1 warms the JIT up;
 * round 2 is measured; round 3 repeats round 2 with the ETags of round 1 (every page answers 304).
 *
 *   npm run bench:scrape-pages -- [--pages 3000] [--concurrency 16] [--products 2000]
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { validateScraperSettings } from '../src/monitoring/extract/settings.ts';
import { discoverFromSitemap } from '../src/monitoring/fetch/discover.ts';
import { createFetcher } from '../src/monitoring/fetch/fetcher.ts';
import { fixtureScraperSettings } from '../src/monitoring/fixture-shop/catalogue.ts';
import { extractFromDocument, parseHtml } from '../src/monitoring/extract/index.ts';
import { validationProblem } from '../src/monitoring/scrape-page.ts';
import type { PreviousPage, ScraperSettings } from '../src/monitoring/scrape-types.ts';

const { values: options } = parseArgs({
  options: {
    pages: { type: 'string', default: '3000' },
    concurrency: { type: 'string', default: '16' },
    products: { type: 'string', default: '2000' },
  },
});
const pageCount = Number(options.pages);
const concurrency = Number(options.concurrency);

const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
const main = fileURLToPath(new URL('../src/monitoring/fixture-shop/main.ts', import.meta.url));
const child = spawn(tsx, [main, '--products', options.products, '--crawl-delay', '0'], {
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
const stop = () => {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
};
process.once('exit', stop);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

const lines = createInterface({ input: child.stdout! });
const baseUrl = await new Promise<string>((resolve, reject) => {
  lines.on('line', (line) => {
    const match = /^fixture shop: (\S+)/.exec(line);
    if (match) resolve(match[1]!);
  });
  child.once('exit', (code) => reject(new Error(`the fixture shop exited (${code})`)));
});

interface Job {
  url: string;
  settings: ScraperSettings;
}

function settingsOf(
  style: 'json-ld' | 'microdata' | 'selectors',
  slug: string,
  currency: 'CZK' | 'EUR',
): ScraperSettings {
  const result = validateScraperSettings({
    ...fixtureScraperSettings({ slug, style, currency }, baseUrl),
    fetch: { minDelayMs: 0, concurrencyPerHost: concurrency, retries: 0 },
  });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.settings;
}

const shops = [
  settingsOf('json-ld', 'elektro-hvezda', 'CZK'),
  settingsOf('microdata', 'technik-markt', 'EUR'),
  settingsOf('selectors', 'nakup-levne', 'CZK'),
];
const fetcher = createFetcher(shops[0]!, { allowPrivateAddresses: true });
const perShop: Job[][] = [];
for (const settings of shops) {
  const jobs: Job[] = [];
  for await (const url of discoverFromSitemap(settings.sources.sitemapUrl!, fetcher)) jobs.push({ url, settings });
  perShop.push(jobs);
}
// interleave the shops, then repeat as needed for the page count
const all: Job[] = [];
for (let i = 0; all.length < perShop.reduce((sum, jobs) => sum + jobs.length, 0); i++)
  for (const jobs of perShop) if (jobs[i]) all.push(jobs[i]!);
const jobs = Array.from({ length: pageCount }, (_, i) => all[i % all.length]!);

/** Parsing and extracting are timed in CPU on every SAMPLE_EVERY-th page. */
const SAMPLE_EVERY = 10;

async function round(name: string, previous?: Map<string, PreviousPage>): Promise<Map<string, PreviousPage>> {
  const seen = new Map<string, PreviousPage>();
  const outcomes = new Map<string, number>();
  let parseMs = 0;
  let extractMs = 0;
  let bytes = 0;
  let next = 0;
  let okPages = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        const fetched = await fetcher.fetch(job.url, previous?.get(job.url) ?? {});
        bytes += fetched.bytes;
        let key: string = fetched.outcome === 'failed' ? `failed:${fetched.failure}` : fetched.outcome;
        if (fetched.outcome === 'ok') {
          // process.cpuUsage() is a system call that costs as much as a page's parsing: sample
          const sampled = ++okPages % SAMPLE_EVERY === 0;
          const before = sampled ? process.cpuUsage() : null;
          const $ = parseHtml(fetched.body);
          const parsed = before && process.cpuUsage(before);
          const product = extractFromDocument($, fetched.finalUrl, job.settings);
          const problem =
            product.price === null ? 'no price' : validationProblem(product, job.settings, fetched.finalUrl);
          if (before && parsed) {
            const extracted = process.cpuUsage(before);
            parseMs += ((parsed.user + parsed.system) / 1000) * SAMPLE_EVERY;
            extractMs += ((extracted.user + extracted.system - parsed.user - parsed.system) / 1000) * SAMPLE_EVERY;
          }
          if (problem) key = 'failed:extraction_or_validation';
          else seen.set(job.url, { etag: fetched.etag, lastModified: fetched.lastModified, price: product.price });
        }
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      }
    }),
  );
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  const per = (ms: number) => (ms / jobs.length).toFixed(3);
  console.log(
    `${name}: ${jobs.length} pages in ${Math.round(wallMs)} ms = ${Math.round((jobs.length / wallMs) * 1000)} pages/s; ` +
      `CPU ${per(cpuMs)} ms/page (fetch ${per(cpuMs - parseMs - extractMs)}, parse ${per(parseMs)}, extract ${per(extractMs)}); ` +
      `${Math.round(bytes / jobs.length)} bytes/page on the wire; ${[...outcomes].map(([key, count]) => `${key} ${count}`).join(', ')}`,
  );
  return seen;
}

console.log(
  `fixture shop ${baseUrl}; ${all.length} distinct static product pages; ${pageCount} pages per round, ${concurrency} at a time`,
);
const first = await round('round 1 (warm-up)');
await round('round 2          ');
await round('round 3 (ETags)  ', first);
await fetcher.close();
stop();
process.exit(0);
