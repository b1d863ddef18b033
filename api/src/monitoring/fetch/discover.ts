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
import type { FailureKind, Fetcher, ListingSource } from '../scrape-types.ts';

export class DiscoveryError extends Error {
  constructor(
    readonly failure: FailureKind,
    message: string,
    readonly url: string,
  ) {
    super(message);
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
  const problems: string[] = [];
  let failureKind: FailureKind = 'extraction_failed';
  const queue: { url: string; depth: number }[] = [{ url: sitemapUrl, depth: 0 }];
  while (queue.length) {
    const { url, depth } = queue.shift()!;
    if (read.has(url)) continue;
    if (read.size >= MAX_SITEMAPS) {
      problems.push(`more than ${MAX_SITEMAPS} sitemaps; the rest was not read`);
      break;
    }
    read.add(url);
    const fetched = await fetcher.fetch(url, { expect: 'xml' });
    if (fetched.outcome !== 'ok') {
      const reason = fetched.outcome === 'failed' ? fetched.reason : `${url} answered 304 to an unconditional request`;
      if (fetched.outcome === 'failed') failureKind = fetched.failure;
      problems.push(reason);
      continue;
    }
    const document = parseSitemap(fetched.body);
    if ('error' in document) {
      failureKind = 'extraction_failed';
      problems.push(`The sitemap ${url} cannot be read: ${document.error}`);
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
  if (problems.length) {
    const message =
      problems.length === 1
        ? problems[0]!
        : `${problems.length} sitemaps could not be read: ${problems.slice(0, 5).join('; ')}`;
    throw new DiscoveryError(failureKind, message, sitemapUrl);
  }
}

export async function* discoverFromListing(listing: ListingSource, fetcher: Fetcher): AsyncGenerator<string> {
  const productPattern = new RegExp(listing.productLinkPattern, 'u');
  const nextPattern = new RegExp(listing.nextPagePattern, 'u');
  const maxPages = listing.maxPages ?? 50;
  const seen = new AddressSet();
  const pages = new Set<string>([listing.startUrl]);
  const queue = [listing.startUrl];
  const problems: string[] = [];
  let failureKind: FailureKind = 'http_status';
  let fetchedPages = 0;
  while (queue.length) {
    if (fetchedPages >= maxPages) {
      problems.push(`more than ${maxPages} listing pages; the rest was not read (raise maxPages)`);
      failureKind = 'extraction_failed';
      break;
    }
    const pageUrl = queue.shift()!;
    fetchedPages++;
    const fetched = await fetcher.fetch(pageUrl);
    if (fetched.outcome !== 'ok') {
      if (fetched.outcome === 'failed') {
        failureKind = fetched.failure;
        problems.push(fetched.reason);
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
  if (problems.length) {
    const message =
      problems.length === 1
        ? problems[0]!
        : `${problems.length} listing pages could not be read: ${problems.slice(0, 5).join('; ')}`;
    throw new DiscoveryError(failureKind, message, listing.startUrl);
  }
}
