import {
  MATCHING_EVENTS,
  MATCHING_SOURCES,
  type MatchingDecisionSource,
  type MatchingEvent,
  type MatchingStatus,
} from '../queries.ts';

const STATUSES: readonly MatchingStatus[] = ['WAITING', 'MATCHED', 'NEVER_MATCH', 'SKIPPED', 'EXPIRED'];
export const ACTOR_CHOICES = ['me', 'automatic'] as const;
export type ActorChoice = (typeof ACTOR_CHOICES)[number];

/** The matching log's filters and page, all in the URL. */
export interface LogFilterState {
  competitor: string;
  product: string;
  status: MatchingStatus | null;
  source: MatchingDecisionSource | null;
  event: MatchingEvent | null;
  actor: ActorChoice | null;
  /** Days, YYYY-MM-DD, both inclusive. */
  from: string;
  to: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
const day = (value: string | null) => (value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : '');

export function readLogFilter(params: URLSearchParams): LogFilterState {
  const page = params.get('page');
  return {
    competitor: params.get('competitor')?.trim() ?? '',
    product: params.get('product')?.trim() ?? '',
    status: oneOf(STATUSES, params.get('status')),
    source: oneOf(MATCHING_SOURCES, params.get('source')),
    event: oneOf(MATCHING_EVENTS, params.get('event')),
    actor: oneOf(ACTOR_CHOICES, params.get('actor')),
    from: day(params.get('from')),
    to: day(params.get('to')),
    page: page && /^\d{1,6}$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
  };
}

const FILTER_KEYS = ['competitor', 'product', 'status', 'source', 'event', 'actor', 'from', 'to'] as const;

/** The URL after a change: other parameters kept, empty values left out, a filter change back to page 1. */
export function writeLogFilter(params: URLSearchParams, change: Partial<LogFilterState>): URLSearchParams {
  const current = readLogFilter(params);
  const next = { ...current, ...change };
  if (FILTER_KEYS.some((key) => key in change && change[key] !== current[key]) && !('page' in change)) next.page = 1;
  const result = new URLSearchParams(params);
  for (const key of FILTER_KEYS) {
    const value = next[key];
    if (value) result.set(key, value);
    else result.delete(key);
  }
  if (next.page > 1) result.set('page', String(next.page));
  else result.delete('page');
  return result;
}

export function hasLogFilter(state: LogFilterState): boolean {
  return FILTER_KEYS.some((key) => Boolean(state[key]));
}

/** The day after a YYYY-MM-DD day (the API's `to` is exclusive; the page's is inclusive). */
export function nextDay(value: string): string {
  const date = new Date(`${value}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The API's MatchingLogFilter; "me" needs the signed-in user's id. */
export function logFilterVariables(state: LogFilterState, myUserId: string | null): Record<string, unknown> | null {
  const filter: Record<string, unknown> = {};
  if (state.competitor) filter.competitorId = state.competitor;
  if (state.product) filter.productId = state.product;
  if (state.status) filter.status = state.status;
  if (state.source) filter.source = state.source;
  if (state.event) filter.event = state.event;
  if (state.actor === 'automatic') filter.automatic = true;
  if (state.actor === 'me' && myUserId) filter.actorId = myUserId;
  if (state.from) filter.from = state.from;
  if (state.to) filter.to = nextDay(state.to);
  return Object.keys(filter).length ? filter : null;
}

/** The export's file name: matching-log-<day>.csv. */
export function logExportFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `matching-log-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}
