/**
 * Executes one scraper run (README.md, "Runs"): claims the queued run, reads the scraper's
 * settings, walks its sources (the competitor products' known addresses, the sitemap, listing
 * pages), scrapes each page (scrape-page.ts) a few at a time, and hands the results to the batch
 * writer (product-store.ts) a batch at a time: every batch is written whole in one transaction
 * together with the run's progress. Between batches the run honours a cancel and its worker's
 * stop: a stopping worker writes what it fetched and hands the run back, and the next worker
 * resumes it from the pages not yet done (so nothing is written twice); a worker that dies leaves
 * written batches only, and its run is resumed the same way once its heartbeat is old (or failed
 * by the sweep when no worker takes it).
 */
import type { Pool } from 'pg';
import { normalizeGtin } from '../matching/gtin.ts';
import { isStorableCompetitorPrice } from '../matching/price.ts';
import { privateHostsAllowed } from '../feeds/url-guard.ts';
import type { Availability, ScrapedProduct } from './classify.ts';
import { emptyCounts, writeBatch, type BatchCounts, type PageFailure, type RunBatch } from './product-store.ts';
import { claimRun, endRun, handBackRun, heartbeat, setPagesTotal, type ScraperRunRow } from './run-store.ts';
import type { Fetcher, PageResult, PreviousPage, ScraperSettings } from './scrape-types.ts';
import { validateScraperSettings } from './extract/settings.ts';
import { DEFAULT_TOOLS, type ScrapeTools } from './scrape-tools.ts';
import { databasePace } from './host-pace.ts';
import { AddressSet } from './address-set.ts';
import { because, type Reason } from './reasons.ts';

export interface RunOptions {
  tools?: ScrapeTools;
  allowPrivateAddresses?: boolean;
  /** The worker is stopping: end after the current batch. */
  signal?: AbortSignal;
  /** Results per written batch (default 200) and the longest wait before a partial batch is written. */
  batchSize?: number;
  flushEveryMs?: number;
  /** Rows read per statement when walking the known products and a resumed run's done pages (default 1000). */
  pageSize?: number;
}

interface WorkItem {
  url: string;
  knownId: string | null;
  previous: PreviousPage | null;
}

interface ScraperForRun {
  id: string;
  competitor_id: string;
  settings: unknown;
}

const PAGE_SIZE = 1000;

/** The competitor products with an address, a page at a time (keyset), so a million need no memory. */
async function* knownPages(
  pool: Pool,
  competitorId: string,
  resume: Resume | null,
  pageSize: number,
): AsyncGenerator<WorkItem> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    // A resumed run skips what it did before its worker stopped: the products it saw (every outcome
    // moves seen_at past the run's start) and the pages it recorded as failed.
    const { rows } = await pool.query<{
      id: string;
      url: string;
      etag: string | null;
      last_modified: string | null;
      price: string | null;
    }>(
      `SELECT id, coalesce(canonical_url, url) AS url, etag, last_modified, price FROM competitor_products cp
        WHERE competitor_id = $1 AND url IS NOT NULL AND id > $2
          AND ($3::timestamptz IS NULL OR (seen_at < $3 AND NOT EXISTS (
                SELECT 1 FROM scraper_run_failures f WHERE f.run_id = $4 AND f.url = coalesce(cp.canonical_url, cp.url))))
        ORDER BY id LIMIT $5`,
      [competitorId, after, resume?.startedAt ?? null, resume?.runId ?? null, pageSize],
    );
    for (const row of rows)
      yield {
        url: row.url,
        knownId: row.id,
        previous: {
          etag: row.etag,
          lastModified: row.last_modified,
          price: row.price == null ? null : Number(row.price),
        },
      };
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** A discovery that fails (a sitemap that is not XML, an unreachable listing) becomes a failed page; the rest of the run goes on. */
async function* discovered(
  source: AsyncIterable<string>,
  where: string,
  failures: PageFailure[],
  pattern: RegExp | null,
): AsyncGenerator<WorkItem> {
  try {
    for await (const url of source) if (!pattern || pattern.test(url)) yield { url, knownId: null, previous: null };
  } catch (error) {
    // A DiscoveryError (fetch/discover.ts) says its kind and why; anything else is unexpected.
    const { failure, why } = (error ?? {}) as { failure?: string; why?: Reason };
    failures.push({
      url: where,
      kind: failure ?? 'discovery_failed',
      ...(why
        ? because(why.code, why.values)
        : because('UNEXPECTED', { detail: error instanceof Error ? error.message : String(error) })),
    });
  }
}

/** What a resumed run did before: pages from then on are skipped (README.md, "Worker stop"). */
interface Resume {
  runId: string;
  startedAt: Date;
}

/**
 * The addresses a resumed run has done already: its products seen since its start and its failed
 * pages, read a page at a time (keyset) into the run's address set.
 */
async function addDoneAddresses(
  pool: Pool,
  competitorId: string,
  resume: Resume,
  into: AddressSet,
  pageSize: number,
): Promise<void> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await pool.query<{ id: string; url: string | null; canonical_url: string | null }>(
      `SELECT id, url, canonical_url FROM competitor_products
        WHERE competitor_id = $1 AND seen_at >= $2 AND id > $3 ORDER BY id LIMIT $4`,
      [competitorId, resume.startedAt, after, pageSize],
    );
    for (const row of rows) {
      if (row.url) into.add(row.url);
      if (row.canonical_url) into.add(row.canonical_url);
    }
    if (rows.length < pageSize) break;
    after = rows[rows.length - 1]!.id;
  }
  let afterFailure = 0;
  for (;;) {
    const { rows } = await pool.query<{ id: string; url: string }>(
      `SELECT id, url FROM scraper_run_failures WHERE run_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
      [resume.runId, afterFailure, pageSize],
    );
    for (const row of rows) into.add(row.url);
    if (rows.length < pageSize) break;
    afterFailure = Number(rows[rows.length - 1]!.id);
  }
}

async function* sourcesOf(
  pool: Pool,
  scraper: ScraperForRun,
  settings: ScraperSettings,
  fetcher: Fetcher,
  tools: ScrapeTools,
  failures: PageFailure[],
  resume: Resume | null,
  pageSize: number,
): AsyncGenerator<WorkItem> {
  // Every address taken (known, discovered, or done before a resume), so each page is fetched once.
  const queued = new AddressSet();
  if (resume) await addDoneAddresses(pool, scraper.competitor_id, resume, queued, pageSize);
  if (settings.sources.knownUrls) {
    for await (const item of knownPages(pool, scraper.competitor_id, resume, pageSize)) {
      queued.add(item.url);
      yield item;
    }
  }
  const { sitemapUrl, sitemapProductPattern, listing } = settings.sources;
  const streams: AsyncIterable<WorkItem>[] = [];
  if (sitemapUrl)
    streams.push(
      discovered(
        tools.discoverFromSitemap(sitemapUrl, fetcher),
        sitemapUrl,
        failures,
        sitemapProductPattern ? new RegExp(sitemapProductPattern) : null,
      ),
    );
  if (listing) streams.push(discovered(tools.discoverFromListing(listing, fetcher), listing.startUrl, failures, null));
  for (const stream of streams) {
    for await (const item of stream) {
      if (queued.add(item.url)) yield item;
    }
  }
}

/** A page's result as the batch writer takes it: a product, a 304, or a failure. */
export function toBatchEntry(
  item: WorkItem,
  result: PageResult,
  settings: ScraperSettings,
): { product?: ScrapedProduct; notModified?: string; failure?: PageFailure } {
  if (result.outcome === 'not_modified') return item.knownId ? { notModified: item.knownId } : {};
  if (result.outcome === 'failed')
    return {
      failure: {
        url: item.url,
        kind: result.failure,
        reason: result.reason,
        why: result.why,
        details: result.status == null ? null : { status: result.status },
      },
    };
  const product = result.product;
  if (result.outcome === 'held')
    return {
      failure: {
        url: item.url,
        kind: 'held_for_review',
        reason: result.reason,
        why: result.why,
        details: { price: product.price, currency: product.currency },
      },
    };
  const currency = product.currency ?? settings.expectedCurrency ?? null;
  if (!product.name)
    return {
      failure: { url: item.url, kind: 'extraction_failed', ...because('NO_NAME') },
    };
  // A price of 0 (or one that rounds to 0.00) is no price (migration 113).
  if (product.price == null || !(Math.round(product.price * 100) >= 1))
    return { failure: { url: item.url, kind: 'extraction_failed', ...because('NO_PRICE') } };
  if (!currency || !/^[A-Z]{3}$/.test(currency))
    return {
      failure: {
        url: item.url,
        kind: 'validation_failed',
        ...because('NO_CURRENCY'),
      },
    };
  if (!isStorableCompetitorPrice(product.price))
    return {
      failure: { url: item.url, kind: 'validation_failed', ...because('PRICE_TOO_HIGH', { price: product.price }) },
    };
  return {
    product: {
      knownId: item.knownId,
      canonicalUrl: product.canonicalUrl ?? result.finalUrl,
      url: item.url,
      name: product.name,
      brand: product.brand,
      gtin: normalizeGtin(product.gtin),
      mpn: product.mpn,
      price: product.price,
      currency,
      availability: product.availability as Availability,
      etag: result.etag,
      lastModified: result.lastModified,
    },
  };
}

export interface RunResult {
  /** 'stopped': the worker stopped; the run was handed back (queued) for another worker to resume. */
  status: 'succeeded' | 'failed' | 'cancelled' | 'stopped' | 'not_claimed';
  counts: BatchCounts;
}

/** Executes the queued run `runId`; 'not_claimed' when it is not queued (another worker has it, or it was cancelled). */
export async function executeRun(pool: Pool, runId: string, options: RunOptions = {}): Promise<RunResult> {
  const counts = emptyCounts();
  const run = await claimRun(pool, runId);
  if (!run) return { status: 'not_claimed', counts };
  try {
    return await execute(pool, run, options, counts);
  } catch (error) {
    await endRun(pool, runId, 'failed', {
      code: 'RUN_ERROR',
      values: { detail: error instanceof Error ? error.message : String(error) },
    });
    return { status: 'failed', counts };
  }
}

async function execute(pool: Pool, run: ScraperRunRow, options: RunOptions, counts: BatchCounts): Promise<RunResult> {
  const { rows } = await pool.query<ScraperForRun>('SELECT id, competitor_id, settings FROM scrapers WHERE id = $1', [
    run.scraper_id,
  ]);
  const scraper = rows[0];
  if (!scraper) throw new Error('its scraper was deleted');
  const checked = validateScraperSettings(scraper.settings);
  if (!checked.ok) {
    await endRun(pool, run.id, 'failed', {
      code: 'SETTINGS_INVALID',
      values: { detail: checked.errors.map((e) => `${e.path}: ${e.message}`).join('; ') },
    });
    return { status: 'failed', counts };
  }
  const settings = checked.settings;
  const tools = options.tools ?? DEFAULT_TOOLS;
  const fetcher = tools.createFetcher(settings, {
    allowPrivateAddresses: options.allowPrivateAddresses ?? privateHostsAllowed(),
    sharedPace: databasePace(pool),
  });
  const batchSize = options.batchSize ?? 200;
  const flushEveryMs = options.flushEveryMs ?? 2_000;
  const target = {
    id: run.id,
    scraperId: scraper.id,
    competitorId: scraper.competitor_id,
    maxPriceJumpShare: settings.validation.maxPriceJumpShare,
  };
  const discoveryFailures: PageFailure[] = [];
  let pending: RunBatch = { products: [], notModified: [], failures: [], pagesFetched: 0, bytes: 0 };
  let pendingSize = 0;
  let lastFlush = Date.now();
  let stopping: 'cancelled' | 'stopped' | null = null;
  // A resumed run goes on from the pages not yet done; its counters go on from what it wrote.
  const resume: Resume | null = run.resumes > 0 && run.started_at ? { runId: run.id, startedAt: run.started_at } : null;
  let queuedPages = resume ? run.pages_fetched : 0;
  let writing: Promise<void> = Promise.resolve();

  const flush = () => {
    const batch = pending;
    batch.failures.push(...discoveryFailures.splice(0));
    pending = { products: [], notModified: [], failures: [], pagesFetched: 0, bytes: 0 };
    pendingSize = 0;
    lastFlush = Date.now();
    const total = queuedPages;
    writing = writing.then(async () => {
      const written = await writeBatch(pool, target, batch);
      addCounts(counts, written);
      const cancelled = await setPagesTotal(pool, run.id, total);
      if (cancelled && !stopping) stopping = 'cancelled';
    });
    return writing;
  };
  const beat = setInterval(() => {
    void heartbeat(pool, run.id).then(
      (cancelled) => {
        if (cancelled && !stopping) stopping = 'cancelled';
      },
      () => undefined,
    );
  }, 30_000);
  beat.unref();
  const onAbort = () => {
    if (!stopping) stopping = 'stopped';
  };
  options.signal?.addEventListener('abort', onAbort);
  if (options.signal?.aborted) onAbort();

  try {
    const pageSize = Math.max(1, options.pageSize ?? PAGE_SIZE);
    const items = sourcesOf(pool, scraper, settings, fetcher, tools, discoveryFailures, resume, pageSize)[
      Symbol.asyncIterator
    ]();
    const workers = Math.max(1, settings.fetch.concurrencyPerHost);
    let nextItem: Promise<IteratorResult<WorkItem>> = Promise.resolve({ done: false, value: undefined as never });
    // One reader of the sources at a time: each worker takes the next item through this chain.
    const take = () => (nextItem = nextItem.then(() => items.next()));
    const work = async () => {
      for (;;) {
        if (stopping) return;
        const next = await take();
        if (next.done) return;
        queuedPages += 1;
        const item = next.value;
        const result = await tools.scrapePage(
          item.url,
          settings,
          fetcher,
          item.previous ? { ...item.previous, price: null } : undefined,
        );
        const entry = toBatchEntry(item, result, settings);
        pending.pagesFetched += 1;
        pending.bytes += result.bytes;
        if (entry.product) pending.products.push(entry.product);
        if (entry.notModified) pending.notModified.push(entry.notModified);
        if (entry.failure) pending.failures.push(entry.failure);
        pendingSize += 1;
        if (pendingSize >= batchSize || Date.now() - lastFlush >= flushEveryMs) await flush();
      }
    };
    await Promise.all(Array.from({ length: workers }, work));
    await flush();
    await writing;
  } finally {
    clearInterval(beat);
    options.signal?.removeEventListener('abort', onAbort);
    await fetcher.close().catch(() => undefined);
  }
  const ended = stopping as 'cancelled' | 'stopped' | null;
  if (ended === 'cancelled') {
    await endRun(pool, run.id, 'cancelled', { code: 'CANCELLED', values: {} });
    return { status: 'cancelled', counts };
  }
  if (ended === 'stopped') {
    // Everything fetched is written (the last batch above); the next worker resumes from the rest.
    await handBackRun(pool, run.id);
    return { status: 'stopped', counts };
  }
  const nothingUsable = counts.seen === 0 && counts.failed > 0;
  await endRun(
    pool,
    run.id,
    nothingUsable ? 'failed' : 'succeeded',
    nothingUsable ? { code: 'NOTHING_USABLE', values: {} } : null,
  );
  return { status: nothingUsable ? 'failed' : 'succeeded', counts };
}

function addCounts(total: BatchCounts, batch: BatchCounts): void {
  for (const key of ['seen', 'new', 'changed', 'unchanged', 'held', 'failed', 'notModified', 'historyRows'] as const)
    total[key] += batch[key];
  for (const [kind, n] of Object.entries(batch.failuresByKind))
    total.failuresByKind[kind] = (total.failuresByKind[kind] ?? 0) + n;
}
