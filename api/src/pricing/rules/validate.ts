/**
 * A rule's input (PriceRuleInput) -> the settings the engine and the store keep, or a field
 * error (BAD_USER_INPUT naming the field as a path, e.g. `bounds.minimumPrice`). Pure: the
 * checks that need the database (priority clash, competitors of the website, products selected)
 * are in store/rules.ts.
 */
import { ruleError } from './errors.ts';
import { oneOf } from '../../catalogue/catalogue-scope.ts';
import { uuidArg } from '../../graphql/validate.ts';
import type {
  BoundSettings,
  CompetitorSettings,
  PricingRule,
  ProductSelection,
  RoundingSettings,
  StrategySettings,
} from '../engine/types.ts';

export const STATUSES = ['ACTIVE', 'INACTIVE', 'DRAFT'] as const;
export type RuleStatus = (typeof STATUSES)[number];
const STRATEGIES = [
  'MATCH_LOWEST',
  'BEAT_LOWEST',
  'MATCH_AVERAGE',
  'MATCH_MEDIAN',
  'POSITION',
  'FOLLOW_COMPETITOR',
  'WITHIN_MARKET_AVERAGE',
] as const;
const UNITS = ['PERCENT', 'AMOUNT'] as const;
const AVAILABILITIES = ['ANY', 'IN_STOCK', 'OUT_OF_STOCK'] as const;
const COMPETITOR_MODES = ['ALL', 'INCLUDE', 'EXCLUDE'] as const;
const MATCH_TYPES = ['CONFIRMED_ONLY', 'CONFIRMED_AND_AUTOMATIC'] as const;
const ROUNDING_MODES = ['NONE', 'CHARM', 'STEP'] as const;
const ENDINGS = ['CENTS_99', 'CENTS_90', 'UNITS_9'] as const;
const DIRECTIONS = ['NEAREST', 'UP', 'DOWN'] as const;

/** The largest money amount a numeric(12, 2) column holds. */
const MAX_AMOUNT = 9_999_999_999.99;
const MAX_LIST = 1000;

export interface RuleSettings extends PricingRule {
  name: string;
  status: RuleStatus;
  priority: number;
  products: ProductSelection;
}

type Input = Record<string, unknown> | null | undefined;

function number(
  field: string,
  value: unknown,
  { min = -Infinity, max = Infinity, integer = false, above = false } = {},
): number | null {
  if (value == null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw ruleError(field, 'NOT_A_NUMBER', 'must be a number');
  if (integer && !Number.isInteger(value)) throw ruleError(field, 'NOT_WHOLE', 'must be a whole number');
  if (above ? value <= min : value < min) {
    if (above) throw ruleError(field, 'NOT_ABOVE', `must be more than ${min}`, { min });
    throw min === 0
      ? ruleError(field, 'NEGATIVE', 'must not be negative')
      : ruleError(field, 'BELOW_MINIMUM', `must be at least ${min}`, { min });
  }
  if (value > max) throw ruleError(field, 'ABOVE_MAXIMUM', `must be at most ${max}`, { max });
  return value;
}

function required<T>(field: string, value: T | null): T {
  if (value == null) throw ruleError(field, 'REQUIRED_FOR_CHOICE', 'is required for this choice');
  return value;
}

function texts(field: string, value: unknown): string[] {
  if (value == null) return [];
  if (!Array.isArray(value)) throw ruleError(field, 'NOT_A_LIST', 'must be a list');
  if (value.length > MAX_LIST)
    throw ruleError(field, 'TOO_MANY_ITEMS', `must have at most ${MAX_LIST} items`, { max: MAX_LIST });
  const seen = new Map<string, string>();
  for (const item of value) {
    const text = typeof item === 'string' ? item.trim() : '';
    if (!text || text.length > 500)
      throw ruleError(field, 'ITEM_LENGTH', 'items must be 1-500 characters', { max: 500 });
    seen.set(text.toLowerCase(), text);
  }
  return [...seen.values()];
}

function ids(field: string, value: unknown): string[] {
  if (value == null) return [];
  if (!Array.isArray(value)) throw ruleError(field, 'NOT_A_LIST', 'must be a list');
  if (value.length > MAX_LIST)
    throw ruleError(field, 'TOO_MANY_ITEMS', `must have at most ${MAX_LIST} items`, { max: MAX_LIST });
  return [...new Set(value.map((id) => uuidArg(field, String(id))))];
}

const choice = <T extends string>(field: string, value: unknown, allowed: readonly T[], fallback: T): T =>
  value == null ? fallback : oneOf(field, value, allowed);

export function productSelectionOf(input: Input, field = 'products'): ProductSelection {
  const products = input ?? {};
  const priceMin = number(`${field}.priceMin`, products.priceMin, { min: 0, max: MAX_AMOUNT });
  const priceMax = number(`${field}.priceMax`, products.priceMax, { min: 0, max: MAX_AMOUNT });
  if (priceMin != null && priceMax != null && priceMin > priceMax)
    throw ruleError(`${field}.priceMin`, 'PRICE_RANGE_INVERTED', "must not be above the price range's upper end");
  const includeProductIds = ids(`${field}.includeProductIds`, products.includeProductIds);
  const excludeProductIds = ids(`${field}.excludeProductIds`, products.excludeProductIds);
  if (includeProductIds.some((id) => excludeProductIds.includes(id)))
    throw ruleError(`${field}.excludeProductIds`, 'EXCLUDES_INCLUDED', 'must not name a product the rule includes');
  return {
    brands: texts(`${field}.brands`, products.brands),
    categories: texts(`${field}.categories`, products.categories),
    priceMin,
    priceMax,
    availability: choice(`${field}.availability`, products.availability, AVAILABILITIES, 'ANY'),
    includeProductIds,
    excludeProductIds,
  };
}

function competitorsOf(input: Input): CompetitorSettings {
  const c = input ?? {};
  const mode = choice('competitors.mode', c.mode, COMPETITOR_MODES, 'ALL');
  const competitorIds = ids('competitors.competitorIds', c.competitorIds);
  if (mode !== 'ALL' && competitorIds.length === 0)
    throw ruleError(
      'competitors.competitorIds',
      'NO_COMPETITOR_NAMED',
      'must name at least one competitor to include or exclude',
    );
  return {
    mode,
    competitorIds: mode === 'ALL' ? [] : competitorIds,
    matchTypes: choice('competitors.matchTypes', c.matchTypes, MATCH_TYPES, 'CONFIRMED_AND_AUTOMATIC'),
    inStockOnly: c.inStockOnly === true,
    maxAgeDays: number('competitors.maxAgeDays', c.maxAgeDays, { min: 1, max: 3650, integer: true }),
    minPrices: number('competitors.minPrices', c.minPrices, { min: 1, max: 100, integer: true }) ?? 1,
  };
}

function strategyOf(input: Input, competitors: CompetitorSettings): StrategySettings {
  const s = input ?? {};
  const type = oneOf('strategy.type', s.type, STRATEGIES);
  const beatUnit = choice('strategy.beatUnit', s.beatUnit, UNITS, 'PERCENT');
  const strategy: StrategySettings = {
    type,
    beatBy: null,
    beatUnit,
    position: null,
    competitorId: null,
    withinPercent: null,
    tolerancePercent: number('strategy.tolerancePercent', s.tolerancePercent, { min: 0, max: 100 }) ?? 0,
  };
  if (type === 'BEAT_LOWEST') {
    strategy.beatBy = required(
      'strategy.beatBy',
      number('strategy.beatBy', s.beatBy, { min: 0, above: true, max: beatUnit === 'PERCENT' ? 99 : MAX_AMOUNT }),
    );
  }
  if (type === 'POSITION')
    strategy.position = required(
      'strategy.position',
      number('strategy.position', s.position, { min: 1, max: 100, integer: true }),
    );
  if (type === 'WITHIN_MARKET_AVERAGE')
    strategy.withinPercent = required(
      'strategy.withinPercent',
      number('strategy.withinPercent', s.withinPercent, { min: 0, above: true, max: 100 }),
    );
  if (type === 'FOLLOW_COMPETITOR') {
    const id = uuidArg(
      'strategy.competitorId',
      String(required('strategy.competitorId', (s.competitorId as string | null | undefined) ?? null)),
    );
    const excluded =
      (competitors.mode === 'EXCLUDE' && competitors.competitorIds.includes(id)) ||
      (competitors.mode === 'INCLUDE' && !competitors.competitorIds.includes(id));
    if (excluded)
      throw ruleError(
        'strategy.competitorId',
        'STRATEGY_COMPETITOR_LEFT_OUT',
        "names a competitor the rule's competitor filter leaves out",
      );
    strategy.competitorId = id;
  }
  return strategy;
}

function boundsOf(input: Input): BoundSettings {
  const b = input ?? {};
  const costMargin = number('bounds.costMargin', b.costMargin, { min: 0, max: 10_000 });
  const minimumPrice = number('bounds.minimumPrice', b.minimumPrice, { min: 0, max: MAX_AMOUNT });
  const maximumPrice = number('bounds.maximumPrice', b.maximumPrice, { min: 0, above: true, max: MAX_AMOUNT });
  if (minimumPrice != null && maximumPrice != null && minimumPrice > maximumPrice)
    throw ruleError('bounds.minimumPrice', 'FLOOR_ABOVE_CEILING', 'the floor must not be above the ceiling');
  return {
    costMargin,
    costMarginUnit: choice('bounds.costMarginUnit', b.costMarginUnit, UNITS, 'PERCENT'),
    useMap: b.useMap === true,
    minimumPrice,
    useRrp: b.useRrp === true,
    maximumPrice,
    maxChangePercent: number('bounds.maxChangePercent', b.maxChangePercent, { min: 0, above: true, max: 1000 }),
  };
}

function roundingOf(input: Input): RoundingSettings {
  const r = input ?? {};
  const mode = choice('rounding.mode', r.mode, ROUNDING_MODES, 'NONE');
  return {
    mode,
    ending:
      mode === 'CHARM'
        ? oneOf(
            'rounding.ending',
            required('rounding.ending', (r.ending as string | null | undefined) ?? null),
            ENDINGS,
          )
        : null,
    step:
      mode === 'STEP'
        ? required('rounding.step', number('rounding.step', r.step, { min: 0.01, max: 1_000_000 }))
        : null,
    direction: choice('rounding.direction', r.direction, DIRECTIONS, 'NEAREST'),
  };
}

export function ruleSettingsOf(input: Record<string, unknown>): RuleSettings {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) throw ruleError('name', 'NAME_EMPTY', 'must not be empty');
  if (name.length > 200) throw ruleError('name', 'NAME_TOO_LONG', 'must be at most 200 characters', { max: 200 });
  const competitors = competitorsOf(input.competitors as Input);
  return {
    name,
    status: oneOf('status', input.status, STATUSES),
    priority:
      number('priority', input.priority, { min: 1, max: 100_000, integer: true }) ??
      (() => {
        throw ruleError('priority', 'REQUIRED', 'is required');
      })(),
    products: productSelectionOf(input.products as Input),
    competitors,
    strategy: strategyOf(input.strategy as Input, competitors),
    bounds: boundsOf(input.bounds as Input),
    rounding: roundingOf(input.rounding as Input),
  };
}
