/**
 * Data insights' GraphQL resolvers (./schema.graphql): check the input, check access (Read on
 * dataInsights; tenant scoping: a non-admin reaches only its own organization's websites, others
 * are NOT_FOUND; an Admin any), read the sums (store.ts) and finish them (arithmetic.ts).
 * Every figure comes from one website's rows: no answer mixes two organizations.
 */
import type { ApiContext } from '../graphql/context.ts';
import { badUserInput, forbidden } from '../graphql/errors.ts';
import { findOrganizationWebsite, oneOf, toIso } from '../catalogue/catalogue-scope.ts';
import { uuidArg } from '../graphql/validate.ts';
import type {
  InsightsFilter,
  QueryBrandSnapshotArgs,
  QueryCompetitorSnapshotArgs,
  QueryHomeInsightsArgs,
  Resolvers,
} from '../graphql/generated/resolvers.ts';
import { coveragePercent, emptyReason, mean, round2, toleranceTenths } from './arithmetic.ts';
import {
  brandSums,
  cellSums,
  competitorsOf,
  competitorSums,
  dailyPoints,
  dynamicsSums,
  homeSums,
  PERIODS,
  productCount,
  updatedAtOf,
  websiteCompetitorIds,
  type CellSums,
  type DynamicsSums,
  type Period,
  type Selection,
  type Sums,
} from './store.ts';

async function readable(ctx: ApiContext, websiteId: string): Promise<string> {
  if (!(await ctx.can('dataInsights', 'Read'))) throw forbidden('You may not read data insights.');
  return (await findOrganizationWebsite(ctx.pool, ctx, uuidArg('organizationWebsiteId', websiteId))).id;
}

function listArg(field: string, values: string[] | null | undefined, max: number): string[] | null {
  if (values == null || values.length === 0) return null;
  if (values.length > max) throw badUserInput(field, `must name at most ${max} values`);
  return [
    ...new Set(
      values.map((v) => {
        if (typeof v !== 'string' || v.length > 500)
          throw badUserInput(field, 'must be texts of at most 500 characters');
        return v.trim();
      }),
    ),
  ];
}

/** The filter checked: a clear error on bad input (before any read). */
export function selectionOf(filter: InsightsFilter): Omit<Selection, 'websiteId'> {
  let tolerance: number;
  try {
    tolerance = toleranceTenths(filter.tolerancePercent);
  } catch (error) {
    throw badUserInput('filter.tolerancePercent', (error as Error).message);
  }
  const competitorIds = listArg('filter.competitorIds', filter.competitorIds, 500);
  return {
    period: oneOf('filter.period', filter.period ?? 'LAST_30_DAYS', PERIODS) as Period,
    brands: listArg('filter.brands', filter.brands, 1000),
    categories: listArg('filter.categories', filter.categories, 1000),
    competitorIds: competitorIds ? competitorIds.map((id) => uuidArg('filter.competitorIds', id)) : null,
    tolerance,
  };
}

async function selectionArg(ctx: ApiContext, filter: InsightsFilter): Promise<Selection> {
  const checked = selectionOf(filter);
  const websiteId = await readable(ctx, filter.organizationWebsiteId);
  if (checked.competitorIds) {
    const known = await websiteCompetitorIds(ctx.pool, websiteId, checked.competitorIds);
    const unknown = checked.competitorIds.find((id) => !known.has(id));
    if (unknown) throw badUserInput('filter.competitorIds', `${unknown} is not a competitor of this website`);
  }
  return { ...checked, websiteId };
}

const counts = (s: { cheaper: number; same: number; pricier: number }) => ({
  cheaper: s.cheaper,
  same: s.same,
  pricier: s.pricier,
});

function brandRow(brand: string, sums: Sums, cells: CellSums[]) {
  return {
    brand,
    products: sums.products,
    matchedProducts: sums.matched,
    coveragePercent: round2(coveragePercent(sums.matched, sums.products))!,
    priceIndex: round2(mean(sums.indexSum, sums.priced)),
    comparison: counts(sums),
    averageDifferencePercent: round2(mean(sums.differenceSum, sums.priced)),
    cells: cells.map((c) => ({
      competitorId: c.competitorId,
      matchedProducts: c.pairs,
      priceIndex: round2(mean(c.indexSum, c.priced)),
      comparison: counts(c),
    })),
  };
}

const NO_SUMS: Sums = {
  products: 0,
  matched: 0,
  priced: 0,
  indexSum: 0,
  differenceSum: 0,
  cheaper: 0,
  same: 0,
  pricier: 0,
};

function addCells(cells: CellSums[], competitorId: string): CellSums {
  const total: CellSums = {
    brand: '',
    competitorId,
    pairs: 0,
    priced: 0,
    indexSum: 0,
    cheaper: 0,
    same: 0,
    pricier: 0,
    offers: 0,
    inStock: 0,
    availabilityKnown: 0,
  };
  for (const c of cells) {
    total.pairs += c.pairs;
    total.priced += c.priced;
    total.indexSum += c.indexSum;
    total.cheaper += c.cheaper;
    total.same += c.same;
    total.pricier += c.pricier;
    total.offers += c.offers;
    total.inStock += c.inStock;
    total.availabilityKnown += c.availabilityKnown;
  }
  return total;
}

export const insightsResolvers = {
  Query: {
    async brandSnapshot(_: unknown, args: QueryBrandSnapshotArgs, ctx: ApiContext) {
      const sel = await selectionArg(ctx, args.filter);
      const [competitors, brands, cells, updatedAt] = await Promise.all([
        competitorsOf(ctx.pool, sel),
        brandSums(ctx.pool, sel),
        cellSums(ctx.pool, sel),
        updatedAtOf(ctx.pool, sel.websiteId),
      ]);
      const order = new Map(competitors.map((c, i) => [c.id, i]));
      const cellsOf = new Map<string, CellSums[]>();
      for (const c of cells
        .filter((c) => order.has(c.competitorId))
        .sort((a, b) => order.get(a.competitorId)! - order.get(b.competitorId)!)) {
        cellsOf.set(c.brand, [...(cellsOf.get(c.brand) ?? []), c]);
      }
      const total = brands.find((b) => b.brand === null) ?? { ...NO_SUMS, brand: null };
      const rows = brands
        .filter((b): b is Sums & { brand: string } => b.brand !== null && b.products > 0)
        .sort((a, b) => b.products - a.products || a.brand.localeCompare(b.brand))
        .map((b) => brandRow(b.brand, b, cellsOf.get(b.brand) ?? []));
      const totalCells = competitors
        .map((c) =>
          addCells(
            cells.filter((x) => x.competitorId === c.id),
            c.id,
          ),
        )
        .filter((c) => c.pairs > 0);
      return {
        competitors: competitors.map((c) => ({ id: c.id, name: c.name })),
        rows,
        total: brandRow('', total, totalCells),
        empty: emptyReason(total.products, total.matched),
        updatedAt: toIso(updatedAt),
      };
    },

    async competitorSnapshot(_: unknown, args: QueryCompetitorSnapshotArgs, ctx: ApiContext) {
      const sel = await selectionArg(ctx, args.filter);
      const [competitors, products, cells, daily, updatedAt] = await Promise.all([
        competitorsOf(ctx.pool, sel),
        productCount(ctx.pool, sel),
        competitorSums(ctx.pool, sel),
        dailyPoints(ctx.pool, sel),
        updatedAtOf(ctx.pool, sel.websiteId),
      ]);
      // Dynamics (rollups of migration 092) only when a query asks for them, once for all rows.
      let dynamicsOnce: Promise<DynamicsSums[]> | null = null;
      const dynamicsOf = async (competitorId: string) => {
        dynamicsOnce ??= dynamicsSums(ctx.pool, sel);
        const d = (await dynamicsOnce).find((x) => x.competitorId === competitorId);
        const moved = d ? d.up + d.down + d.unchanged : 0;
        return {
          up: d?.up ?? 0,
          down: d?.down ?? 0,
          unchanged: d?.unchanged ?? 0,
          averageChangePercent: round2(mean(d?.changeSum ?? 0, moved)),
        };
      };
      const rows = competitors.map((c) => {
        const sums = addCells(
          cells.filter((x) => x.competitorId === c.id),
          c.id,
        );
        return {
          competitor: { id: c.id, name: c.name },
          matchedProducts: sums.pairs,
          overlapPercent: round2(coveragePercent(sums.pairs, products))!,
          priceIndex: round2(mean(sums.indexSum, sums.priced)),
          comparison: counts(sums),
          inStockShare:
            sums.availabilityKnown > 0 ? Math.round((sums.inStock / sums.availabilityKnown) * 10_000) / 10_000 : null,
          lastCollectedAt: toIso(c.lastCollectedAt),
          // Resolved by CompetitorSnapshotRow.dynamics below, only when the field is selected.
          loadDynamics: () => dynamicsOf(c.id),
          dynamics: undefined as never,
        };
      });
      const series = daily.map((p) => ({
        day: p.day,
        competitorId: p.competitorId,
        priceIndex: round2(mean(p.indexSum, p.priced)),
        matchedProducts: p.priced,
      }));
      const matched = rows.reduce((n, r) => n + r.matchedProducts, 0);
      return { rows, series, empty: emptyReason(products, matched, series.length), updatedAt: toIso(updatedAt) };
    },

    async homeInsights(_: unknown, args: QueryHomeInsightsArgs, ctx: ApiContext) {
      const websiteId = await readable(ctx, args.organizationWebsiteId);
      const sums = await homeSums(ctx.pool, websiteId);
      return {
        priceIndex: round2(mean(sums.indexSum, sums.priced)),
        comparison: counts(sums),
        products: sums.products,
        matchedProducts: sums.matched,
        coveragePercent: round2(coveragePercent(sums.matched, sums.products))!,
        suggestionsWaiting: sums.suggestionsWaiting,
        failingScrapers: ctx.isAdmin ? sums.failingScrapers : null,
      };
    },
  },
  CompetitorSnapshotRow: {
    dynamics(parent) {
      return (
        parent as unknown as {
          loadDynamics: () => Promise<{
            up: number;
            down: number;
            unchanged: number;
            averageChangePercent: number | null;
          }>;
        }
      ).loadDynamics();
    },
  },
} satisfies Resolvers;
