import type { TFunction } from 'i18next';
import { formatPercentage, formatPrice } from '../../components/format/format.ts';

/**
 * One step of a suggestion's explanation as the API sends it (api/src/pricing/schema.graphql,
 * PriceSuggestionStep): a code and the values that apply to it, the others null.
 */
export interface ExplanationStep {
  code: string;
  price?: number | null;
  competitors?: number | null;
  minimum?: number | null;
  competitor?: string | null;
  position?: number | null;
  percent?: number | null;
  amount?: number | null;
  cost?: number | null;
  bound?: number | null;
  reached?: boolean | null;
  from?: number | null;
  to?: number | null;
  change?: number | null;
  ending?: string | null;
  step?: number | null;
}

/** The step codes the locale files explain; any other code is shown by its generic sentence. */
export const STEP_CODES = [
  'current',
  'no_cost_floor',
  'no_map',
  'no_rrp',
  'competitors',
  'no_competitors',
  'too_few_competitors',
  'lowest',
  'average',
  'median',
  'position',
  'follow',
  'follow_missing',
  'beat_percent',
  'beat_amount',
  'within_average',
  'floor_cost',
  'floor_map',
  'floor_minimum',
  'ceiling_rrp',
  'ceiling_maximum',
  'max_change',
  'rounded',
  'rounding_skipped',
  'largest_price',
  'tolerance',
  'result',
] as const;

/** Steps whose sentence says whether the bound or limit changed the price. */
const WITH_REACHED = new Set([
  'floor_cost',
  'floor_map',
  'floor_minimum',
  'ceiling_rrp',
  'ceiling_maximum',
  'max_change',
]);

/** One step as a sentence of the UI language, prices in the suggestion's currency. */
export function stepText(step: ExplanationStep, t: TFunction, currency: string, language: string): string {
  const price = (value: number | null | undefined) => formatPrice(value, currency, language);
  const percent = (value: number | null | undefined) => formatPercentage(value, language, { digits: 2 });
  const values = {
    price: price(step.price),
    competitors: step.competitors ?? 0,
    count: step.competitors ?? 0,
    minimum: step.minimum ?? 0,
    competitor: step.competitor ?? t('priceSuggestions.steps.unnamedCompetitor'),
    position: step.position ?? 0,
    percent: percent(step.percent),
    amount: price(step.amount),
    cost: price(step.cost),
    bound: price(step.bound),
    from: price(step.from),
    to: price(step.to),
    change: percent(step.change),
    margin: step.percent != null ? percent(step.percent) : price(step.amount),
    rounding: step.ending ? t(`priceSuggestions.rounding.endings.${step.ending}`) : price(step.step),
    code: step.code,
  };
  if (!(STEP_CODES as readonly string[]).includes(step.code)) return t('priceSuggestions.steps.unknown', values);
  const key = WITH_REACHED.has(step.code) ? `${step.code}.${step.reached ? 'reached' : 'notReached'}` : step.code;
  return t(`priceSuggestions.steps.${key}`, values);
}

/** Every step of an explanation as its sentence, in order. */
export function explanationLines(
  steps: readonly ExplanationStep[],
  t: TFunction,
  currency: string,
  language: string,
): string[] {
  return steps.map((step) => stepText(step, t, currency, language));
}
