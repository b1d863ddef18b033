/**
 * Product URLs from a site's sitemap (sitemap.xml and sitemap indexes, read with the streaming
 * XML parser saxes as the feeds do) and from listing pages (links matching the scraper's product
 * pattern, following the links matching its next-page pattern, bounded). Both are async
 * iterables of absolute URLs, each URL once; a source that cannot be read throws a
 * DiscoveryError (its `failure` kind and a reason naming the URL) after what could be read was
 * yielded.
 */
import { SaxesParser } from 'saxes';
import { AddressSet } from '../address-set.ts';
import { parseHtml } from '../extract/index.ts';
import { describe, type Reason } from '../reasons.ts';
import type { FailureKind, Fetcher, ListingSource } from '../scrape-types.ts';

/** A source that could not be read whole: the first of its problems, and how many more there were. */
export class DiscoveryError extends Error {
  readonly why: Reason;
  constructor(
    readonly failure: FailureKind,
    problems: readonly Reason[],
    readonly url: string,
  ) {
    const first = problems[0]!;
    const why =
      problems.length > 1 ? { code: first.code, values: { ...first.values, more: problems.length - 1 } } : first;
    super(describe(why));
    this.why = why;
  }
}

/** Sitemaps read at most per discovery (an index of indexes cannot run away). */
export const MAX_SITEMAPS = 1_000;
const MAX_SITEMAP_DEPTH = 3;

interface SitemapDocument {
  kind: 'urlset' | 'sitemapindex';
  locations: string[];
}

/** A sitemap's text -> its kind and <loc> entries, or an error saying why it is no sitemap. */
export function parseSitemap(xml: string): SitemapDocument | { error: string } {
  const parser = new SaxesParser({ xmlns: false, position: true });
  let root: string | null = null;
  let depth = 0;
  let inLoc = false;
  let text = '';
  const locations: string[] = [];
  let failure: string | null = null;
  parser.on('opentag', (tag) => {
    depth++;
    const name = tag.name.replace(/^.*:/, '').toLowerCase();
    if (depth === 1) root = name;
    if (depth === 3 && name === 'loc') {
      inLoc = true;
      text = '';
    }
  });
  parser.on('text', (chunk) => {
    if (inLoc) text += chunk;
  });
  parser.on('cdata', (chunk) => {
    if (inLoc) text += chunk;
  });
  parser.on('closetag', () => {
    if (inLoc && depth === 3) {
      const location = text.trim();
      if (location) locations.push(location);
      inLoc = false;
    }
    depth--;
  });
  parser.on('error', (error) => {
    failure ??= error.message;
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    failure ??= (error as Error).message;
  }
  if (failure) return { error: `it is not XML (${failure})` };
  if (root !== 'urlset' && root !== 'sitemapindex')
    return { error: root ? `its root is <${root}>, not <urlset> or <sitemapindex>` : 'it is empty' };
  return { kind: root, locations };
}

function absolute(location: string, base: string): string | null {
  try {
    const url = new URL(location, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}

export async function* discoverFromSitemap(sitemapUrl: string, fetcher: Fetcher): AsyncGenerator<string> {
  const seen = new AddressSet();
  const read = new Set<string>();
  const problems: Reason[] = [];
  let failureKind: FailureKind = 'extraction_failed';
  const queue: { url: string; depth: number }[] = [{ url: sitemapUrl, depth: 0 }];
  while (queue.length) {
    const { url, depth } = queue.shift()!;
    if (read.has(url)) continue;
    if (read.size >= MAX_SITEMAPS) {
      problems.push({ code: 'SITEMAP_LIMIT', values: { max: MAX_SITEMAPS } });
      break;
    }
    read.add(url);
    const fetched = await fetcher.fetch(url, { expect: 'xml' });
    if (fetched.outcome !== 'ok') {
      if (fetched.outcome === 'failed') failureKind = fetched.failure;
      problems.push(fetched.outcome === 'failed' ? fetched.why : { code: 'SITEMAP_NOT_MODIFIED', values: { url } });
      continue;
    }
    const document = parseSitemap(fetched.body);
    if ('error' in document) {
      failureKind = 'extraction_failed';
      problems.push({ code: 'SITEMAP_UNREADABLE', values: { url, detail: document.error } });
      continue;
    }
    for (const location of document.locations) {
      const target = absolute(location, fetched.finalUrl);
      if (!target) continue;
      if (document.kind === 'sitemapindex') {
        if (depth + 1 <= MAX_SITEMAP_DEPTH) queue.push({ url: target, depth: depth + 1 });
      } else if (seen.add(target)) yield target;
    }
  }
  if (problems.length) throw new DiscoveryError(failureKind, problems, sitemapUrl);
}

export async function* discoverFromListing(listing: ListingSource, fetcher: Fetcher): AsyncGenerator<string> {
  const productPattern = new RegExp(listing.productLinkPattern, 'u');
  const nextPattern = new RegExp(listing.nextPagePattern, 'u');
  const maxPages = listing.maxPages ?? 50;
  const seen = new AddressSet();
  const pages = new Set<string>([listing.startUrl]);
  const queue = [listing.startUrl];
  const problems: Reason[] = [];
  let failureKind: FailureKind = 'http_status';
  let fetchedPages = 0;
  while (queue.length) {
    if (fetchedPages >= maxPages) {
      problems.push({ code: 'LISTING_LIMIT', values: { max: maxPages } });
      failureKind = 'extraction_failed';
      break;
    }
    const pageUrl = queue.shift()!;
    fetchedPages++;
    const fetched = await fetcher.fetch(pageUrl);
    if (fetched.outcome !== 'ok') {
      if (fetched.outcome === 'failed') {
        failureKind = fetched.failure;
        problems.push(fetched.why);
      }
      continue;
    }
    const $ = parseHtml(fetched.body);
    for (const link of $('a[href]').toArray() as unknown as { attribs: Record<string, string> }[]) {
      const target = absolute(link.attribs.href ?? '', fetched.finalUrl);
      if (!target) continue;
      if (productPattern.test(target)) {
        if (seen.add(target)) yield target;
      } else if (nextPattern.test(target) && !pages.has(target)) {
        pages.add(target);
        queue.push(target);
      }
    }
  }
  if (problems.length) throw new DiscoveryError(failureKind, problems, listing.startUrl);
}
