import type { PriceRuleFieldsFragment, PriceRuleInput } from '../../../graphql/operations.ts';

/**
 * The rule editor's form holds exactly the API's PriceRuleInput (nested by section), so a field
 * error the API names (`bounds.minimumPrice`) lands on its field. These functions turn a saved
 * rule into form values and the form's values into the input sent, leaving out the settings the
 * chosen strategy or rounding does not use.
 */
export type RuleFormValues = PriceRuleInput;

export const SECTIONS = ['settings', 'products', 'competitors', 'strategy', 'bounds', 'rounding'] as const;
export type Section = (typeof SECTIONS)[number];

/** The values of a new rule: a Draft matching the lowest competitor price, last by priority. */
export function newRuleValues(priority: number): RuleFormValues {
  return {
    name: '',
    status: 'DRAFT',
    priority,
    products: {
      brands: [],
      categories: [],
      priceMin: null,
      priceMax: null,
      availability: 'ANY',
      includeProductIds: [],
      excludeProductIds: [],
    },
    competitors: {
      mode: 'ALL',
      competitorIds: [],
      matchTypes: 'CONFIRMED_AND_AUTOMATIC',
      inStockOnly: false,
      maxAgeDays: null,
      minPrices: 1,
    },
    strategy: {
      type: 'MATCH_LOWEST',
      beatBy: null,
      beatUnit: 'PERCENT',
      position: null,
      competitorId: null,
      withinPercent: null,
      tolerancePercent: 0,
    },
    bounds: {
      costMargin: null,
      costMarginUnit: 'PERCENT',
      useMap: false,
      minimumPrice: null,
      useRrp: false,
      maximumPrice: null,
      maxChangePercent: null,
    },
    rounding: { mode: 'NONE', ending: null, step: null, direction: 'NEAREST' },
  };
}

/** A saved rule as the form's values. */
export function formValuesOf(rule: PriceRuleFieldsFragment): RuleFormValues {
  const { products, competitors, strategy, bounds, rounding } = rule;
  return {
    name: rule.name,
    status: rule.status,
    priority: rule.priority,
    products: { ...products, brands: [...products.brands], categories: [...products.categories] },
    competitors: {
      mode: competitors.mode,
      competitorIds: [...competitors.competitorIds],
      matchTypes: competitors.matchTypes,
      inStockOnly: competitors.inStockOnly,
      maxAgeDays: competitors.maxAgeDays,
      minPrices: competitors.minPrices,
    },
    strategy: {
      type: strategy.type,
      beatBy: strategy.beatBy,
      beatUnit: strategy.beatUnit,
      position: strategy.position,
      competitorId: strategy.competitorId,
      withinPercent: strategy.withinPercent,
      tolerancePercent: strategy.tolerancePercent,
    },
    bounds: { ...bounds },
    rounding: { ...rounding },
  };
}

const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const list = (value: readonly (string | number)[] | null | undefined): string[] => [
  ...new Set((value ?? []).map((item) => String(item).trim()).filter(Boolean)),
];

/**
 * The input sent for the form's values: the name trimmed, empty lists and numbers cleared, and
 * only the fields the chosen strategy, competitor mode and rounding use (a hidden field keeps
 * nothing stale).
 */
export function ruleInputOf(values: RuleFormValues): PriceRuleInput {
  const { products, competitors, strategy, bounds, rounding } = values;
  const type = strategy.type;
  const mode = competitors.mode ?? 'ALL';
  const roundingMode = rounding.mode ?? 'NONE';
  return {
    name: values.name.trim(),
    status: values.status,
    priority: values.priority,
    products: {
      brands: list(products.brands),
      categories: list(products.categories),
      priceMin: numberOrNull(products.priceMin),
      priceMax: numberOrNull(products.priceMax),
      availability: products.availability ?? 'ANY',
      includeProductIds: list(products.includeProductIds),
      excludeProductIds: list(products.excludeProductIds),
    },
    competitors: {
      mode,
      competitorIds: mode === 'ALL' ? [] : list(competitors.competitorIds),
      matchTypes: competitors.matchTypes ?? 'CONFIRMED_AND_AUTOMATIC',
      inStockOnly: Boolean(competitors.inStockOnly),
      maxAgeDays: numberOrNull(competitors.maxAgeDays),
      minPrices: numberOrNull(competitors.minPrices) ?? 1,
    },
    strategy: {
      type,
      beatBy: type === 'BEAT_LOWEST' ? numberOrNull(strategy.beatBy) : null,
      beatUnit: strategy.beatUnit ?? 'PERCENT',
      position: type === 'POSITION' ? numberOrNull(strategy.position) : null,
      competitorId:
        type === 'FOLLOW_COMPETITOR' && strategy.competitorId != null ? String(strategy.competitorId) : null,
      withinPercent: type === 'WITHIN_MARKET_AVERAGE' ? numberOrNull(strategy.withinPercent) : null,
      tolerancePercent: numberOrNull(strategy.tolerancePercent) ?? 0,
    },
    bounds: {
      costMargin: numberOrNull(bounds.costMargin),
      costMarginUnit: bounds.costMarginUnit ?? 'PERCENT',
      useMap: Boolean(bounds.useMap),
      minimumPrice: numberOrNull(bounds.minimumPrice),
      useRrp: Boolean(bounds.useRrp),
      maximumPrice: numberOrNull(bounds.maximumPrice),
      maxChangePercent: numberOrNull(bounds.maxChangePercent),
    },
    rounding: {
      mode: roundingMode,
      ending: roundingMode === 'CHARM' ? (rounding.ending ?? null) : null,
      step: roundingMode === 'STEP' ? numberOrNull(rounding.step) : null,
      direction: rounding.direction ?? 'NEAREST',
    },
  };
}

/**
 * The form field an API field error names ('bounds.minimumPrice', 'input.name', 'priority'),
 * as antd's name path; null when it names no field of the form, or a whole section (the error
 * is then shown above the form).
 */
export function fieldPathOf(field: string, values: RuleFormValues): (string | number)[] | null {
  const parts = field.split('.').filter(Boolean);
  if (parts[0] === 'input') parts.shift();
  if (parts.length === 0) return null;
  let node: unknown = values;
  for (const part of parts) {
    if (node === null || typeof node !== 'object' || !(part in node)) return null;
    node = (node as Record<string, unknown>)[part];
  }
  // A whole section ('products': the filters select nothing) has no field of its own.
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) return null;
  return parts;
}

/** The section of a form field (for showing the section that holds an error). */
export function sectionOf(path: readonly (string | number)[]): Section {
  const first = path[0];
  return (SECTIONS as readonly string[]).includes(String(first)) ? (first as Section) : 'settings';
}

/** The rule id of the editor's address that opens a new rule (/price-suggestions/global-rules/new). */
export const NEW_RULE_ID = 'new';
