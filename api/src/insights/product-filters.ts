/**
 * The products list's data-insights filters (api/src/catalogue/schema.graphql): a heat-map cell
 * or a dynamics count opens the list with these, and the list counts exactly what the snapshot
 * counted — the same rows (active products with a price and a competitor price), the same
 * difference and tolerance (migration 090's functions), the same period start (store.ts).
 */
import { badUserInput } from '../graphql/errors.ts';
import { uuidArg } from '../graphql/validate.ts';
import { oneOf } from '../catalogue/catalogue-scope.ts';
import { toleranceTenths } from './arithmetic.ts';
import {
  comparisonCondition,
  MARKET_DIFFERENCE,
  PAIR_DIFFERENCE,
  pairMovementCondition,
  PERIODS,
  type Period,
} from './store.ts';

type Add = (value: unknown) => string;

export function priceComparisonCondition(
  filter: { competitorId?: string | null; position: string; tolerancePercent?: number | null },
  add: Add,
): string {
  const position = oneOf('filter.priceComparison.position', filter.position, ['CHEAPER', 'SAME', 'PRICIER'] as const);
  let tolerance: number;
  try {
    tolerance = toleranceTenths(filter.tolerancePercent);
  } catch (error) {
    throw badUserInput('filter.priceComparison.tolerancePercent', (error as Error).message);
  }
  const t = add(tolerance);
  if (filter.competitorId == null) return `p.active AND ${comparisonCondition(MARKET_DIFFERENCE, position, t)}`;
  const competitor = add(uuidArg('filter.priceComparison.competitorId', filter.competitorId));
  return `p.active AND EXISTS (SELECT 1 FROM insight_pairs pr WHERE pr.product_id = p.id AND pr.competitor_id = ${competitor}::uuid
            AND ${comparisonCondition(PAIR_DIFFERENCE, position, t)})`;
}

export function priceMovementCondition(
  filter: { competitorId: string; movement: string; period?: string | null },
  add: Add,
): string {
  const movement = oneOf('filter.priceMovement.movement', filter.movement, ['UP', 'DOWN', 'UNCHANGED'] as const);
  const period = oneOf('filter.priceMovement.period', filter.period ?? 'LAST_30_DAYS', PERIODS) as Period;
  const competitor = add(uuidArg('filter.priceMovement.competitorId', filter.competitorId));
  return `p.active AND EXISTS (SELECT 1 FROM insight_pairs pr WHERE pr.product_id = p.id AND pr.competitor_id = ${competitor}::uuid
            AND ${pairMovementCondition(period, movement)})`;
}
