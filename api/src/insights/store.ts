/**
 * The insights' SQL (README.md): snapshots read the rollups of migrations 090-097 (insight_cells,
 * insight_brands, insight_daily, the dynamics' columns, the differences' histograms — one array
 * per row since 106 — and their per-brand sums without the category for answers without a
 * category filter) when they can answer the request — every filter and tolerance except the
 * market against a subset of competitors, which is read from the counted products with their
 * pairs' sums by competitor (migration 098: one row per product, no join; a narrow copy of those
 * rows since 108). Both give the same figures as the rule read from the products and pairs (the
 * tests check that); the rollups give them from a few thousand rows.
 */
import type { Queryable } from '../db/transaction.ts';
import { DEFAULT_TOLERANCE_PERCENT } from './arithmetic.ts';

export type Period = 'LAST_30_DAYS' | 'LAST_90_DAYS' | 'LAST_365_DAYS';
export const PERIODS: readonly Period[] = ['LAST_30_DAYS', 'LAST_90_DAYS', 'LAST_365_DAYS'];
export const PERIOD_DAYS: Record<Period, number> = { LAST_30_DAYS: 30, LAST_90_DAYS: 90, LAST_365_DAYS: 365 };

/**
 * The moment a period starts: the start of the first of its days (UTC), today being the last.
 * Dynamics compare the price then with the price now.
 */
export function periodStart(period: Period, now = new Date()): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (PERIOD_DAYS[period] - 1) * 86_400_000);
}

/** A checked selection. Brands and categories as the rollups key them ('' = none). */
export interface Selection {
  websiteId: string;
  brands: string[] | null;
  categories: string[] | null;
  competitorIds: string[] | null;
  /** Tenths of a percent. */
  tolerance: number;
  period: Period;
}

const DEFAULT_TENTHS = DEFAULT_TOLERANCE_PERCENT * 10;

/**
 * The rollups a selection reads: without a category filter the per-brand sums of migration 097
 * (website x competitor x brand, website x brand), else the per-category ones.
 */
function rollupsOf(sel: Selection) {
  return sel.categories
    ? {
        cells: 'insight_cells',
        cellHistograms: 'insight_cell_histograms',
        brands: 'insight_brands',
        brandHistograms: 'insight_brand_histograms',
        daily: 'insight_daily',
      }
    : {
        cells: 'insight_brand_cells',
        cellHistograms: 'insight_brand_cell_histograms',
        brands: 'insight_brand_totals',
        brandHistograms: 'insight_brand_total_histograms',
        daily: 'insight_daily_brands',
      };
}

/** Sums of a group: everything an answer's row is computed from (arithmetic.ts). */
export interface Sums {
  products: number;
  matched: number;
  priced: number;
  indexSum: number;
  differenceSum: number;
  cheaper: number;
  same: number;
  pricier: number;
}

export interface CellSums {
  brand: string;
  competitorId: string;
  pairs: number;
  priced: number;
  indexSum: number;
  cheaper: number;
  same: number;
  pricier: number;
  offers: number;
  inStock: number;
  availabilityKnown: number;
}

export interface Competitor {
  id: string;
  name: string;
  lastCollectedAt: Date | null;
}

const num = (v: unknown): number => (v == null ? 0 : Number(v));

/** The SQL of a product's difference (tenths) with a pair's competitor price. */
export const PAIR_DIFFERENCE = 'insight_difference_tenths(p.price, pr.price_sum / nullif(pr.priced, 0))';
/** The SQL of a product's difference with its market price (all its MATCHED offers). */
export const MARKET_DIFFERENCE = 'insight_difference_tenths(p.price, p.competitor_avg_price)';

/** A condition on a difference expression for one comparison with a tolerance parameter. */
export function comparisonCondition(
  difference: string,
  position: 'CHEAPER' | 'SAME' | 'PRICIER',
  tolerance: string,
): string {
  if (position === 'CHEAPER') return `${difference} < -${tolerance}::int`;
  if (position === 'PRICIER') return `${difference} > ${tolerance}::int`;
  return `${difference} BETWEEN -${tolerance}::int AND ${tolerance}::int`;
}

/** Which of the named competitors are the website's own (the others are refused by the caller). */
export async function websiteCompetitorIds(db: Queryable, websiteId: string, ids: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM competitors WHERE organization_website_id = $1 AND id = ANY($2::uuid[])',
    [websiteId, ids],
  );
  return new Set(rows.map((r) => r.id));
}

export async function competitorsOf(db: Queryable, sel: Selection): Promise<Competitor[]> {
  const { rows } = await db.query<{ id: string; name: string; last_data_at: Date | null }>(
    `SELECT id, name, last_data_at FROM competitors
      WHERE organization_website_id = $1 AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))
      ORDER BY lower(name), id`,
    [sel.websiteId, sel.competitorIds],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, lastCollectedAt: r.last_data_at }));
}

/** Brand and category conditions on a rollup (`t`) or products (`coalesce(p.x, '')`). */
function scopeConditions(
  sel: Selection,
  brand: string,
  category: string,
  first: number,
): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (sel.brands) {
    params.push(sel.brands);
    parts.push(`${brand} = ANY($${first + params.length - 1}::text[])`);
  }
  if (sel.categories) {
    params.push(sel.categories);
    parts.push(`${category} = ANY($${first + params.length - 1}::text[])`);
  }
  return { sql: parts.length ? ` AND ${parts.join(' AND ')}` : '', params };
}

/**
 * The band of differences (tenths) whose pairs or products change side between the default
 * tolerance and `tolerance` (migration 094): |difference| in low..high.
 */
function toleranceBand(tolerance: number): { low: number; high: number } {
  return { low: Math.min(tolerance, DEFAULT_TENTHS) + 1, high: Math.max(tolerance, DEFAULT_TENTHS) };
}

/**
 * The SQL of a histogram's band (migration 106: one array per rollup row, subscripts -501..501 =
 * the difference in tenths): the counts with difference in -high..-low as `below` and in
 * low..high as `above`, low and high being the parameters numbered `low` and `high`.
 */
function bandSums(histogram: string, low: number, high: number): string {
  const sum = (from: string, to: string) =>
    `(SELECT coalesce(sum(v), 0) FROM unnest(${histogram}[${from}:${to}]) AS v)`;
  return `${sum(`-$${high}::int`, `-$${low}::int`)} AS below, ${sum(`$${low}::int`, `$${high}::int`)} AS above`;
}

/**
 * Counts at `tolerance` from the default's: with a wider tolerance the band's pairs below zero
 * leave cheaper and those above leave pricier (for same); with a narrower one they join them.
 */
function atTolerance<T extends { priced: number; cheaper: number; same: number; pricier: number }>(
  row: T,
  below: number,
  above: number,
  tolerance: number,
): T {
  const sign = tolerance > DEFAULT_TENTHS ? -1 : 1;
  const cheaper = row.cheaper + sign * below;
  const pricier = row.pricier + sign * above;
  return { ...row, cheaper, pricier, same: row.priced - cheaper - pricier };
}

/** brand × competitor sums (the heat map's cells); brand '' rows only for products without one. */
export async function cellSums(db: Queryable, sel: Selection): Promise<CellSums[]> {
  const scope = scopeConditions(sel, 't.brand', 't.category', 3);
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT t.brand, t.competitor_id, sum(t.pairs) AS pairs, sum(t.priced) AS priced, sum(t.index_sum) AS index_sum,
            sum(t.cheaper) AS cheaper, sum(t.same) AS same, sum(t.pricier) AS pricier, sum(t.offers) AS offers,
            sum(t.in_stock) AS in_stock, sum(t.availability_known) AS availability_known
       FROM ${rollupsOf(sel).cells} t
      WHERE t.organization_website_id = $1 AND ($2::uuid[] IS NULL OR t.competitor_id = ANY($2::uuid[]))${scope.sql}
      GROUP BY t.brand, t.competitor_id HAVING sum(t.pairs) > 0`,
    [sel.websiteId, sel.competitorIds, ...scope.params],
  );
  const cells = rows.map((r) => ({
    brand: String(r.brand),
    competitorId: String(r.competitor_id),
    pairs: num(r.pairs),
    priced: num(r.priced),
    indexSum: num(r.index_sum),
    cheaper: num(r.cheaper),
    same: num(r.same),
    pricier: num(r.pricier),
    offers: num(r.offers),
    inStock: num(r.in_stock),
    availabilityKnown: num(r.availability_known),
  }));
  if (sel.tolerance === DEFAULT_TENTHS) return cells;
  const { low, high } = toleranceBand(sel.tolerance);
  const bandScope = scopeConditions(sel, 't.brand', 't.category', 5);
  const { rows: shifts } = await db.query<{ brand: string; competitor_id: string; below: string; above: string }>(
    `SELECT x.brand, x.competitor_id, sum(x.below) AS below, sum(x.above) AS above
       FROM (SELECT t.brand, t.competitor_id, ${bandSums('t.pairs', 3, 4)}
               FROM ${rollupsOf(sel).cellHistograms} t
              WHERE t.organization_website_id = $1 AND ($2::uuid[] IS NULL OR t.competitor_id = ANY($2::uuid[]))${bandScope.sql}) x
      GROUP BY x.brand, x.competitor_id`,
    [sel.websiteId, sel.competitorIds, low, high, ...bandScope.params],
  );
  const shift = new Map(shifts.map((r) => [`${r.competitor_id}\u0000${r.brand}`, r]));
  return cells.map((c) => {
    const s = shift.get(`${c.competitorId}\u0000${c.brand}`);
    return atTolerance(c, num(s?.below), num(s?.above), sel.tolerance);
  });
}

/**
 * The chosen competitors' slots in the counted products' arrays (migration 098), as integers, and
 * whether every counted product of the website has its sums packed (migration 105).
 */
async function slotsOf(
  db: Queryable,
  websiteId: string,
  competitorIds: string[],
): Promise<{ slots: number[]; packed: boolean }> {
  const { rows } = await db.query<{ slots: number[] | null; packed: boolean }>(
    `SELECT ARRAY(SELECT s.slot FROM insight_competitor_slots s
                   WHERE s.organization_website_id = $1 AND s.competitor_id = ANY($2::uuid[]) ORDER BY s.slot) AS slots,
            NOT EXISTS (SELECT 1 FROM insight_products_counted pc WHERE pc.organization_website_id = $1 AND pc.pair_packed IS NULL) AS packed`,
    [websiteId, competitorIds],
  );
  const slots = (rows[0]?.slots ?? []).map(Number).filter((slot) => Number.isInteger(slot) && slot > 0);
  return { slots, packed: rows[0]?.packed === true };
}

/**
 * Per brand against the market, with the whole selection as brand null (GROUPING SETS). Without
 * a competitor filter the market of a product is its competitor_avg_price (rollups insight_brands
 * and, at another tolerance, insight_brand_histograms); with one, the average of the selected
 * competitors' offers (from the counted products' per-competitor sums, migration 098, rounded to
 * cents as competitor_avg_price is).
 */
export async function brandSums(db: Queryable, sel: Selection): Promise<Array<Sums & { brand: string | null }>> {
  let sql: string;
  let params: unknown[];
  if (sel.competitorIds === null) {
    const scope = scopeConditions(sel, 't.brand', 't.category', 2);
    sql = `SELECT CASE WHEN grouping(t.brand) = 1 THEN NULL ELSE t.brand END AS brand, sum(t.products) AS products, sum(t.matched) AS matched,
                  sum(t.priced) AS priced, sum(t.index_sum) AS index_sum, sum(t.difference_sum) AS difference_sum,
                  sum(t.cheaper) AS cheaper, sum(t.same) AS same, sum(t.pricier) AS pricier
             FROM ${rollupsOf(sel).brands} t WHERE t.organization_website_id = $1${scope.sql}
            GROUP BY GROUPING SETS ((t.brand), ())`;
    params = [sel.websiteId, ...scope.params];
  } else {
    // The products as the rollups counted them (migration 096: the same state as every other
    // figure of the answer), each with its pairs' sums by competitor slot (098): the chosen
    // competitors' elements added up, one pass, nothing joined. In integer cents (100): the
    // market rounded to cents once per product. OFFSET 0 keeps the planner from substituting the
    // market's expression into each of its uses, and under it PostgreSQL 15 plans the pass in one
    // process: since 105 the pass is cheap enough that a parallel plan (which LIMIT ALL allowed)
    // loses on its workers' start and on the request's other statements (README "Benchmark"). Since 105 one packed
    // element per slot gives the three sums (when every product of the website is packed), the
    // index × 10^6 skips the tie check numeric's rounding needs only from 10^8 cents on, and
    // cheaper / pricier are the integer inequalities |own − market| × 2000 ≥ (2t + 1) × market
    // that insight_difference_tenths_cents < −t / > t amount to; outside the bounds where those
    // equal the numeric functions, the functions themselves. Seven aggregates per product (same =
    // priced − cheaper − pricier, the difference sum = the index sum − 100 × priced); the whole
    // selection is the brands' rows summed.
    const { slots, packed } = await slotsOf(db, sel.websiteId, sel.competitorIds);
    const added = (column: string) =>
      slots.length ? slots.map((slot) => `coalesce(pc.${column}[${slot}], 0)`).join(' + ') : '0';
    const scope = scopeConditions(sel, 'pc.brand', 'pc.category', 3);
    // Packed, from the counted products' narrow copy (108: the five columns the pass reads).
    const where = ` pc WHERE pc.organization_website_id = $1${scope.sql}`;
    const products = packed
      ? `SELECT z.brand, z.price, z.k & 1023 AS offers,
                (2 * (z.k >> 20) + ((z.k >> 10) & 1023)) / nullif(2 * ((z.k >> 10) & 1023), 0) AS market
           FROM (SELECT pc.brand, pc.price_cents AS price, ${added('pair_packed')} AS k FROM insight_products_packed${where} OFFSET 0) z
         OFFSET 0`
      : `SELECT pc.brand, pc.price_cents AS price, ${added('pair_offers')} AS offers,
                (2 * (${added('pair_cents')}) + (${added('pair_priced')})) / nullif(2 * (${added('pair_priced')}), 0) AS market
           FROM insight_products_counted${where}
         OFFSET 0`;
    // A product is plain when its own price and market lie where the integer formulas equal the
    // numeric functions (own and market below 10^8 cents, own below 10,000 × market: migration 100).
    // A plain product's index (× 10^6, bigint) and side by the integer formulas; any other's by the
    // numeric functions the rollups use, its index in its own column (× 10^6 it may pass bigint's
    // range: a price 10^11 times its market). A product is priced when it has a side (an own price
    // and a market, as it has an index). The side is −1 cheaper, 1 pricier, 0 the same:
    // |own − market| × 2000 ≥ (2t + 1) × market, what insight_difference_tenths_cents < −t / > t
    // amount to, is the quotient's truncation reaching ±1, as d / (t + 1) does for the functions' d.
    sql = `WITH b AS (
             SELECT x.brand, count(*) AS products, count(*) FILTER (WHERE x.offers > 0) AS matched,
                    count(x.side) AS priced,
                    coalesce(sum(x.micros), 0) + coalesce(sum(x.index), 0) * 1000000 AS micros,
                    count(*) FILTER (WHERE x.side < 0) AS cheaper, count(*) FILTER (WHERE x.side > 0) AS pricier
               FROM (SELECT w.brand, w.offers,
                            CASE WHEN w.plain THEN (w.price * 200000000 + w.market) / (2 * w.market) END AS micros,
                            CASE WHEN NOT w.plain THEN insight_index(w.price * 0.01, w.market * 0.01) END AS index,
                            CASE WHEN w.plain THEN (2000 * (w.price - w.market)) / ((2 * $2::int + 1) * w.market)
                                 ELSE insight_difference_tenths(w.price * 0.01, w.market * 0.01) / ($2::int + 1) END AS side
                       FROM (SELECT u.brand, u.price, u.offers, u.market,
                                    coalesce(u.price > 0 AND u.price < 100000000 AND u.market < 100000000 AND u.price < 10000 * u.market, false) AS plain
                               FROM (${products}) u
                             OFFSET 0) w
                     OFFSET 0) x
              GROUP BY x.brand)
           SELECT b.brand, b.products, b.matched, b.priced, b.micros * 0.000001 AS index_sum,
                  (b.micros - 100000000 * b.priced) * 0.000001 AS difference_sum, b.cheaper, b.priced - b.cheaper - b.pricier AS same, b.pricier
             FROM b
           UNION ALL
           SELECT NULL, coalesce(sum(b.products), 0), coalesce(sum(b.matched), 0), coalesce(sum(b.priced), 0), coalesce(sum(b.micros), 0) * 0.000001,
                  coalesce(sum(b.micros - 100000000 * b.priced), 0) * 0.000001, coalesce(sum(b.cheaper), 0),
                  coalesce(sum(b.priced - b.cheaper - b.pricier), 0), coalesce(sum(b.pricier), 0)
             FROM b`;
    params = [sel.websiteId, sel.tolerance, ...scope.params];
  }
  const { rows } = await db.query<Record<string, unknown>>(sql, params);
  const sums = rows.map((r) => ({
    brand: r.brand == null ? null : String(r.brand),
    products: num(r.products),
    matched: num(r.matched),
    priced: num(r.priced),
    indexSum: num(r.index_sum),
    differenceSum: num(r.difference_sum),
    cheaper: num(r.cheaper),
    same: num(r.same),
    pricier: num(r.pricier),
  }));
  if (sel.competitorIds !== null || sel.tolerance === DEFAULT_TENTHS) return sums;
  const { low, high } = toleranceBand(sel.tolerance);
  const scope = scopeConditions(sel, 't.brand', 't.category', 4);
  const { rows: shifts } = await db.query<{ brand: string | null; below: string; above: string }>(
    `SELECT CASE WHEN grouping(x.brand) = 1 THEN NULL ELSE x.brand END AS brand, sum(x.below) AS below, sum(x.above) AS above
       FROM (SELECT t.brand, ${bandSums('t.products', 2, 3)}
               FROM ${rollupsOf(sel).brandHistograms} t WHERE t.organization_website_id = $1${scope.sql}) x
      GROUP BY GROUPING SETS ((x.brand), ())`,
    [sel.websiteId, low, high, ...scope.params],
  );
  const shift = new Map(shifts.map((r) => [r.brand, r]));
  return sums.map((b) => {
    const s = shift.get(b.brand);
    return atTolerance(b, num(s?.below), num(s?.above), sel.tolerance);
  });
}

/**
 * The rollup whose rows sum to per-competitor figures of a selection at the default tolerance:
 * the competitor totals (091) without a brand or category filter, the brand cells (097) with
 * brands only, the category cells (099) with categories only, else the cells.
 */
function competitorRollup(sel: Selection): string {
  if (sel.brands && sel.categories) return 'insight_cells';
  if (sel.brands) return 'insight_brand_cells';
  if (sel.categories) return 'insight_category_cells';
  return 'insight_competitors';
}

/**
 * Per competitor sums (brand '' in the answer): at the default tolerance from the rollup of the
 * selection's grain (competitorRollup), at another from the cells with their histograms.
 */
export async function competitorSums(db: Queryable, sel: Selection): Promise<CellSums[]> {
  if (sel.tolerance !== DEFAULT_TENTHS) {
    const byCompetitor = new Map<string, CellSums>();
    for (const c of await cellSums(db, sel)) {
      const t = byCompetitor.get(c.competitorId);
      if (!t) byCompetitor.set(c.competitorId, { ...c, brand: '' });
      else {
        t.pairs += c.pairs;
        t.priced += c.priced;
        t.indexSum += c.indexSum;
        t.cheaper += c.cheaper;
        t.same += c.same;
        t.pricier += c.pricier;
        t.offers += c.offers;
        t.inStock += c.inStock;
        t.availabilityKnown += c.availabilityKnown;
      }
    }
    return [...byCompetitor.values()];
  }
  const scope = scopeConditions(sel, 't.brand', 't.category', 3);
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT t.competitor_id, sum(t.pairs) AS pairs, sum(t.priced) AS priced, sum(t.index_sum) AS index_sum, sum(t.cheaper) AS cheaper,
            sum(t.same) AS same, sum(t.pricier) AS pricier, sum(t.offers) AS offers, sum(t.in_stock) AS in_stock,
            sum(t.availability_known) AS availability_known
       FROM ${competitorRollup(sel)} t
      WHERE t.organization_website_id = $1 AND ($2::uuid[] IS NULL OR t.competitor_id = ANY($2::uuid[]))${scope.sql}
      GROUP BY t.competitor_id HAVING sum(t.pairs) > 0`,
    [sel.websiteId, sel.competitorIds, ...scope.params],
  );
  return rows.map((r) => ({
    brand: '',
    competitorId: String(r.competitor_id),
    pairs: num(r.pairs),
    priced: num(r.priced),
    indexSum: num(r.index_sum),
    cheaper: num(r.cheaper),
    same: num(r.same),
    pricier: num(r.pricier),
    offers: num(r.offers),
    inStock: num(r.in_stock),
    availabilityKnown: num(r.availability_known),
  }));
}

/** Active products of the selection (the overlap's denominator). */
export async function productCount(db: Queryable, sel: Selection): Promise<number> {
  const scope = scopeConditions(sel, 't.brand', 't.category', 2);
  const { rows } = await db.query<{ n: string | null }>(
    `SELECT sum(t.products) AS n FROM ${rollupsOf(sel).brands} t WHERE t.organization_website_id = $1${scope.sql}`,
    [sel.websiteId, ...scope.params],
  );
  return num(rows[0]?.n);
}

export interface DailyPoint {
  day: string;
  competitorId: string;
  priced: number;
  indexSum: number;
}

/**
 * The daily price index per competitor in the period: closed days from insight_daily (or its
 * per-competitor, per-category and, without a category filter, per-brand sums: migrations 091,
 * 095 and 097), and every day after the last closed one up to today from the cells as they stand
 * (nothing changed on those days, or the first change would have closed them).
 */
export async function dailyPoints(db: Queryable, sel: Selection): Promise<DailyPoint[]> {
  const days = PERIOD_DAYS[sel.period];
  const totals = !sel.brands && !sel.categories;
  const scope = scopeConditions(sel, 't.brand', 't.category', 4);
  // Closed days per competitor, per category (095), per brand (097) or per cell; live days likewise.
  const closed = totals ? 'insight_daily_totals' : sel.brands ? rollupsOf(sel).daily : 'insight_daily_categories';
  const live = competitorRollup(sel);
  const { rows } = await db.query<{ day: string; competitor_id: string; priced: string; index_sum: string }>(
    `WITH bounds AS (SELECT (now() AT TIME ZONE 'UTC')::date AS today, (SELECT closed_through FROM insight_state) AS closed)
     SELECT to_char(t.day, 'YYYY-MM-DD') AS day, t.competitor_id, sum(t.priced) AS priced, sum(t.index_sum) AS index_sum
       FROM ${closed} t, bounds b
      WHERE t.organization_website_id = $1 AND ($2::uuid[] IS NULL OR t.competitor_id = ANY($2::uuid[]))
        AND t.day > b.today - $3::int AND t.day <= b.closed${scope.sql}
      GROUP BY t.day, t.competitor_id
     UNION ALL
     SELECT to_char(d, 'YYYY-MM-DD'), c.competitor_id, c.priced, c.index_sum
       FROM (SELECT t.competitor_id, sum(t.priced) AS priced, sum(t.index_sum) AS index_sum
               FROM ${live} t
              WHERE t.organization_website_id = $1 AND ($2::uuid[] IS NULL OR t.competitor_id = ANY($2::uuid[]))${scope.sql}
              GROUP BY t.competitor_id) c,
            bounds b, generate_series(greatest(b.closed + 1, b.today - $3::int + 1), b.today, interval '1 day') AS d
      ORDER BY 1, 2`,
    [sel.websiteId, sel.competitorIds, days, ...scope.params],
  );
  return rows
    .map((r) => ({ day: r.day, competitorId: r.competitor_id, priced: num(r.priced), indexSum: num(r.index_sum) }))
    .filter((p) => p.priced > 0);
}

export interface DynamicsSums {
  competitorId: string;
  up: number;
  down: number;
  unchanged: number;
  changeSum: number;
}

/** The period's suffix of the rollups' dynamics columns (then30, up30, ...; migration 092). */
export function periodColumns(period: Period): '30' | '90' | '365' {
  return String(PERIOD_DAYS[period]) as '30' | '90' | '365';
}

/**
 * The SQL of a pair's movement in a period from its kept sums (`pr`: an insight_pairs row): the
 * summed start-of-period and current prices over its MATCHED offers that have both (migration
 * 092 keeps them when prices, matches or the period's start change).
 */
export function pairMovementCondition(period: Period, movement: 'UP' | 'DOWN' | 'UNCHANGED'): string {
  const n = periodColumns(period);
  const sign = movement === 'UP' ? 1 : movement === 'DOWN' ? -1 : 0;
  return `insight_movement(pr.then${n}, pr.now${n}) = ${sign}`;
}

/**
 * The period starts are moved when a day closes, by the first write after midnight (UTC). A
 * read before any write today moves them itself (one read of insight_state when up to date).
 */
export async function ensurePeriodStarts(db: Queryable): Promise<void> {
  await db.query(
    `SELECT insight_close_days() FROM insight_state
      WHERE starts_for IS DISTINCT FROM (now() AT TIME ZONE 'UTC')::date OR closed_through < (now() AT TIME ZONE 'UTC')::date - 1`,
  );
}

/**
 * Up / down / unchanged pairs per competitor in the period, with their summed change %: from the
 * rollup of the selection's grain (competitorRollup; dynamics columns of migration 092).
 */
export async function dynamicsSums(db: Queryable, sel: Selection): Promise<DynamicsSums[]> {
  await ensurePeriodStarts(db);
  const n = periodColumns(sel.period);
  const scope = scopeConditions(sel, 't.brand', 't.category', 3);
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT t.competitor_id, sum(t.up${n}) AS up, sum(t.down${n}) AS down, sum(t.unchanged${n}) AS unchanged, sum(t.change${n}) AS change_sum
       FROM ${competitorRollup(sel)} t
      WHERE t.organization_website_id = $1 AND ($2::uuid[] IS NULL OR t.competitor_id = ANY($2::uuid[]))${scope.sql}
      GROUP BY t.competitor_id`,
    [sel.websiteId, sel.competitorIds, ...scope.params],
  );
  return rows.map((r) => ({
    competitorId: String(r.competitor_id),
    up: num(r.up),
    down: num(r.down),
    unchanged: num(r.unchanged),
    changeSum: num(r.change_sum),
  }));
}

export async function updatedAtOf(db: Queryable, websiteId: string): Promise<Date | null> {
  const { rows } = await db.query<{ updated_at: Date }>(
    'SELECT updated_at FROM insight_websites WHERE organization_website_id = $1',
    [websiteId],
  );
  return rows[0]?.updated_at ?? null;
}

/** Home: the market figures of the whole website (default tolerance) and what waits elsewhere. */
export async function homeSums(
  db: Queryable,
  websiteId: string,
): Promise<Sums & { suggestionsWaiting: number; failingScrapers: number }> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT (SELECT row_to_json(s) FROM (
               SELECT sum(t.products) AS products, sum(t.matched) AS matched, sum(t.priced) AS priced, sum(t.index_sum) AS index_sum,
                      sum(t.difference_sum) AS difference_sum, sum(t.cheaper) AS cheaper, sum(t.same) AS same, sum(t.pricier) AS pricier
                 FROM insight_brand_totals t WHERE t.organization_website_id = $1) s) AS sums,
            (SELECT count(*) FROM price_suggestions s WHERE s.organization_website_id = $1 AND s.review = 'PENDING'
                AND s.outcome = 'CHANGE_SUGGESTED') AS suggestions_waiting,
            (SELECT count(*) FROM scrapers sc JOIN competitors c ON c.id = sc.competitor_id
              WHERE c.organization_website_id = $1 AND sc.health = 'failing') AS failing_scrapers`,
    [websiteId],
  );
  const s = (rows[0]?.sums ?? {}) as Record<string, unknown>;
  return {
    products: num(s.products),
    matched: num(s.matched),
    priced: num(s.priced),
    indexSum: num(s.index_sum),
    differenceSum: num(s.difference_sum),
    cheaper: num(s.cheaper),
    same: num(s.same),
    pricier: num(s.pricier),
    suggestionsWaiting: num(rows[0]?.suggestions_waiting),
    failingScrapers: num(rows[0]?.failing_scrapers),
  };
}
