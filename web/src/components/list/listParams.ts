/**
 * The page and page size of a list in the address (`page`, `pageSize`), for a page's own
 * `listState.ts`: what is malformed or unknown reads as the default, and a default is left out.
 */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

export interface Paging {
  page: number;
  pageSize: number;
}

const positiveInt = (value: string | null): number | undefined =>
  value && /^\d{1,9}$/.test(value) && Number(value) >= 1 ? Number(value) : undefined;

/** The page (1 when absent or malformed) and page size (one of PAGE_SIZES, else the default). */
export function readPaging(params: URLSearchParams): Paging {
  const pageSize = positiveInt(params.get('pageSize'));
  return {
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize ?? 0) ? pageSize! : DEFAULT_PAGE_SIZE,
  };
}

/** Sets `name` to `value`, or removes it when the value is empty or undefined. */
export function setParam(params: URLSearchParams, name: string, value: string | undefined): void {
  if (value) params.set(name, value);
  else params.delete(name);
}

/**
 * The address after a change of a list's state: `read` gives the state before, `write` puts each
 * part but the paging into the parameters; the page goes back to 1 when anything else changed
 * (a filter, the sort, the page size). Other parameters (owid, locale) are kept.
 */
export function writeListParams<S extends Paging>(
  current: URLSearchParams,
  change: Partial<S>,
  read: (params: URLSearchParams) => S,
  write: (params: URLSearchParams, state: S) => void,
): URLSearchParams {
  const before = read(current);
  const resetsPage = (Object.keys(change) as (keyof S)[]).some((key) => key !== 'page' && change[key] !== before[key]);
  const next: S = { ...before, ...change, ...(resetsPage && !('page' in change) ? { page: 1 } : {}) };
  const params = new URLSearchParams(current);
  write(params, next);
  setParam(params, 'page', next.page > 1 ? String(next.page) : undefined);
  setParam(params, 'pageSize', next.pageSize === DEFAULT_PAGE_SIZE ? undefined : String(next.pageSize));
  return params;
}
