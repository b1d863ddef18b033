/**
 * The scraping functions a run and a test extraction use (README-scraping.md), in one object so
 * the benchmark can time them.
 */
import type { CreateFetcherOptions, Fetcher, ListingSource, PageResult, PreviousPage, ScraperSettings } from './scrape-types.ts';

export interface ScrapeTools {
  createFetcher(settings: ScraperSettings, options: CreateFetcherOptions): Fetcher;
  scrapePage(url: string, settings: ScraperSettings, fetcher: Fetcher, previous?: PreviousPage): Promise<PageResult>;
  discoverFromSitemap(url: string, fetcher: Fetcher): AsyncIterable<string>;
  discoverFromListing(listing: ListingSource, fetcher: Fetcher): AsyncIterable<string>;
}

// Until the fetcher and page scraper (fetch/, scrape-page.ts) are in the tree, runs and test
// extractions fail with this message (recorded as the run's error); replaced by them.
const missing = () => {
  throw new Error('scraping is not built yet');
};
export const DEFAULT_TOOLS: ScrapeTools = { createFetcher: missing, scrapePage: missing, discoverFromSitemap: missing, discoverFromListing: missing };
