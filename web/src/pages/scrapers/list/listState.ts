/** The scrapers list's state in the address: `q` (a search), `health` (repeated) and `page`. */
export interface ScraperListState {
  search: string;
  health: Health[];
  page: number;
}

export const HEALTHS = ['failing', 'degraded', 'healthy', 'unknown'] as const;
export type Health = (typeof HEALTHS)[number];

export function readListState(params: URLSearchParams): ScraperListState {
  const page = params.get('page') ?? '';
  return {
    search: params.get('q')?.trim() ?? '',
    health: HEALTHS.filter((value) => params.getAll('health').includes(value)),
    page: /^\d{1,6}$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
  };
}

/** The address after a change: other parameters kept, defaults left out; a filter change goes back to page 1. */
export function writeListState(params: URLSearchParams, change: Partial<ScraperListState>): URLSearchParams {
  const next = { ...readListState(params), ...change };
  if (!('page' in change) && ('search' in change || 'health' in change)) next.page = 1;
  const result = new URLSearchParams(params);
  const search = next.search.trim();
  if (search) result.set('q', search);
  else result.delete('q');
  result.delete('health');
  for (const value of HEALTHS) if (next.health.includes(value)) result.append('health', value);
  if (next.page > 1) result.set('page', String(next.page));
  else result.delete('page');
  return result;
}
