/** The feeds list's search and page, kept in the URL (`q`, `page`) beside the carried parameters. */
import { lastPageOf } from '../../components/list/pages.ts';
import type { FeedRow } from './queries.ts';

export const SEARCH_PARAM = 'q';
export const PAGE_PARAM = 'page';
export const PAGE_SIZE = 20;

/** Feeds whose name or URL contains the search, case-insensitively; all of them for an empty search. */
export function searchFeeds<T extends Pick<FeedRow, 'name' | 'url'>>(feeds: readonly T[], search: string): T[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...feeds];
  return feeds.filter(
    (feed) => feed.name.toLocaleLowerCase().includes(needle) || (feed.url ?? '').toLocaleLowerCase().includes(needle),
  );
}

/** The page in the URL, or 1 when it is missing or not a page number; never past the last page. */
export function pageOf(value: string | null, total: number, pageSize: number = PAGE_SIZE): number {
  const page = value && /^\d+$/.test(value) ? Number(value) : 1;
  return Math.min(Math.max(page, 1), lastPageOf(total, pageSize));
}

/** The URL parameters with a new search (back to page 1) or page; others (owid, locale) kept. */
export function withListParams(params: URLSearchParams, change: { search?: string; page?: number }): URLSearchParams {
  const next = new URLSearchParams(params);
  if (change.search !== undefined) {
    const search = change.search.trim();
    if (search) next.set(SEARCH_PARAM, search);
    else next.delete(SEARCH_PARAM);
    next.delete(PAGE_PARAM);
  }
  if (change.page !== undefined) {
    if (change.page > 1) next.set(PAGE_PARAM, String(change.page));
    else next.delete(PAGE_PARAM);
  }
  return next;
}
