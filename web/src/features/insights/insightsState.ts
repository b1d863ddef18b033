/**
 * The filters of the data insights pages, kept in the address so a link shows the same snapshot:
 *
 *   ?period=90&category=Tents&brand=Husky&competitor=c1&competitor=c2&tolerance=2&show=CHEAPER
 *
 * A value that is not valid is read as its default; an invalid period is also reported, so the
 * page can say that it fell back to the last 30 days.
 */

/** The API's InsightsPeriod, and the number of days each stands for in the address. */
export const PERIODS = { LAST_30_DAYS: 30, LAST_90_DAYS: 90, LAST_365_DAYS: 365 } as const;
export type InsightsPeriod = keyof typeof PERIODS;
export const DEFAULT_PERIOD: InsightsPeriod = 'LAST_30_DAYS';
export const PERIOD_KEYS = Object.keys(PERIODS) as InsightsPeriod[];

/** Percent within which the own price counts as the same (the API's default and bounds). */
export const DEFAULT_TOLERANCE = 1;
export const MAX_TOLERANCE = 50;

/** What the heat map's cells show: the price index, or one of the three counts. */
export const HEAT_MAP_VIEWS = ['INDEX', 'CHEAPER', 'SAME', 'PRICIER'] as const;
export type HeatMapView = (typeof HEAT_MAP_VIEWS)[number];

export interface InsightsState {
  period: InsightsPeriod;
  /** True when the address named a period that does not exist (the default is shown instead). */
  periodInvalid: boolean;
  category: string;
  brand: string;
  competitorIds: string[];
  tolerance: number;
  view: HeatMapView;
}

export const INSIGHTS_PARAMS = {
  period: 'period',
  category: 'category',
  brand: 'brand',
  competitorIds: 'competitor',
  tolerance: 'tolerance',
  view: 'show',
} as const;

/** '30' -> LAST_30_DAYS; anything else null. */
export function periodOfParam(value: string | null): InsightsPeriod | null {
  if (value === null) return null;
  return PERIOD_KEYS.find((key) => String(PERIODS[key]) === value.trim()) ?? null;
}

/** A tolerance from the address: a number 0..50 in steps of 0.1 (as the API takes it), else null. */
export function toleranceOfParam(value: string | null): number | null {
  if (value === null || !/^\d{1,2}(\.\d)?$/.test(value.trim())) return null;
  const n = Number(value);
  return n >= 0 && n <= MAX_TOLERANCE ? n : null;
}

export function readInsightsState(params: URLSearchParams): InsightsState {
  const rawPeriod = params.get(INSIGHTS_PARAMS.period);
  const period = periodOfParam(rawPeriod);
  const competitorIds = [
    ...new Set(
      params
        .getAll(INSIGHTS_PARAMS.competitorIds)
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  const view = params.get(INSIGHTS_PARAMS.view);
  return {
    period: period ?? DEFAULT_PERIOD,
    periodInvalid: rawPeriod !== null && period === null,
    category: params.get(INSIGHTS_PARAMS.category)?.trim() ?? '',
    brand: params.get(INSIGHTS_PARAMS.brand)?.trim() ?? '',
    competitorIds,
    tolerance: toleranceOfParam(params.get(INSIGHTS_PARAMS.tolerance)) ?? DEFAULT_TOLERANCE,
    view: (HEAT_MAP_VIEWS as readonly string[]).includes(view ?? '') ? (view as HeatMapView) : 'INDEX',
  };
}

/**
 * The address after a change: other parameters (owid, locale) stay, defaults are left out, and
 * an invalid period is replaced by the one asked for (or dropped), which ends the notice.
 */
export function writeInsightsState(
  params: URLSearchParams,
  change: Partial<Omit<InsightsState, 'periodInvalid'>>,
): URLSearchParams {
  const next = { ...readInsightsState(params), ...change };
  const result = new URLSearchParams(params);
  const set = (key: string, value: string | null) =>
    value === null || value === '' ? result.delete(key) : result.set(key, value);
  set(INSIGHTS_PARAMS.period, next.period === DEFAULT_PERIOD ? null : String(PERIODS[next.period]));
  set(INSIGHTS_PARAMS.category, next.category.trim());
  set(INSIGHTS_PARAMS.brand, next.brand.trim());
  result.delete(INSIGHTS_PARAMS.competitorIds);
  for (const id of next.competitorIds) result.append(INSIGHTS_PARAMS.competitorIds, id);
  set(INSIGHTS_PARAMS.tolerance, next.tolerance === DEFAULT_TOLERANCE ? null : String(next.tolerance));
  set(INSIGHTS_PARAMS.view, next.view === 'INDEX' ? null : next.view);
  return result;
}

/** The API's InsightsFilter for the state and website. */
export function insightsFilter(state: InsightsState, organizationWebsiteId: string) {
  return {
    organizationWebsiteId,
    period: state.period,
    categories: state.category ? [state.category] : [],
    brands: state.brand ? [state.brand] : [],
    competitorIds: state.competitorIds,
    tolerancePercent: state.tolerance,
  };
}

export type PriceComparison = 'CHEAPER' | 'SAME' | 'PRICIER';
export type PriceMovement = 'UP' | 'DOWN' | 'UNCHANGED';

/**
 * The products list's address for what a figure counts (web/src/pages/products/listState.ts reads
 * it): products of a brand (and category) cheaper / same / pricier than a competitor (or the market
 * when no competitor) within a tolerance, or whose competitor price moved in a period.
 */
export function productsLink(target: {
  brand?: string;
  category?: string;
  competitorId?: string;
  comparison?: PriceComparison;
  tolerance?: number;
  movement?: PriceMovement;
  period?: InsightsPeriod;
}): string {
  const params = new URLSearchParams();
  if (target.brand) params.set('brand', target.brand);
  if (target.category) params.set('category', target.category);
  if (target.competitorId) params.set('competitor', target.competitorId);
  if (target.comparison) params.set('comparison', target.comparison);
  if (target.comparison && target.tolerance !== undefined && target.tolerance !== DEFAULT_TOLERANCE) {
    params.set('tolerance', String(target.tolerance));
  }
  if (target.movement) params.set('movement', target.movement);
  if (target.movement && target.period && target.period !== DEFAULT_PERIOD)
    params.set('period', String(PERIODS[target.period]));
  const query = params.toString();
  return query ? `/products?${query}` : '/products';
}
