/**
 * The scraping functions a run and a test extraction use (README-scraping.md), in one object so
 * the benchmark can time them.
 */
import { discoverFromListing, discoverFromSitemap } from './fetch/discover.ts';
import { createFetcher } from './fetch/fetcher.ts';
import { scrapePage } from './scrape-page.ts';
import type {
  CreateFetcherOptions,
  Fetcher,
  ListingSource,
  PageResult,
  PreviousPage,
  ScraperSettings,
} from './scrape-types.ts';

export interface ScrapeTools {
  createFetcher(settings: ScraperSettings, options: CreateFetcherOptions): Fetcher;
  scrapePage(url: string, settings: ScraperSettings, fetcher: Fetcher, previous?: PreviousPage): Promise<PageResult>;
  discoverFromSitemap(url: string, fetcher: Fetcher): AsyncIterable<string>;
  discoverFromListing(listing: ListingSource, fetcher: Fetcher): AsyncIterable<string>;
}

export const DEFAULT_TOOLS: ScrapeTools = { createFetcher, scrapePage, discoverFromSitemap, discoverFromListing };
