/**
 * One product's suggestion under one rule, explained step by step (api/src/pricing/README.md):
 * current price -> competitor prices (filters, minimum count) -> strategy -> maximum change per
 * update -> floor and ceiling -> rounding (kept within the bounds) -> tolerance -> result.
 */
import { applyBounds, boundsFor } from './bounds.ts';
import { addPercent, currencyDecimals, largestPrice, percentChange, roundMoney } from './money.ts';
import { competitorPrices } from './offers.ts';
import { roundPrice, roundsFor } from './rounding.ts';
import { applyStrategy } from './strategy.ts';
import type { CompetitorOffer, ExplanationStep, Outcome, PricingRule, ProductFacts, Suggestion } from './types.ts';

function noData(current: number | null, steps: ExplanationStep[]): Suggestion {
  return {
    currentPrice: current,
    suggestedPrice: null,
    change: null,
    changePercent: null,
    outcome: 'NO_COMPETITOR_DATA',
    steps,
  };
}

export function suggest(
  rule: PricingRule,
  product: ProductFacts,
  offers: readonly CompetitorOffer[],
  now: number,
): Suggestion {
  const decimals = currencyDecimals(product.currency);
  const current = product.price;
  const steps: ExplanationStep[] = [{ code: 'current', price: current }];

  const prices = competitorPrices(offers, rule.competitors, product.currency, now);
  const minimum = Math.max(1, rule.competitors.minPrices);
  if (prices.length < minimum) {
    steps.push(
      prices.length === 0
        ? { code: 'no_competitors' }
        : { code: 'too_few_competitors', competitors: prices.length, minimum },
    );
    return noData(current, steps);
  }

  const target = applyStrategy(rule.strategy, prices, current, decimals);
  steps.push(...target.steps);
  if (target.price == null) return noData(current, steps);
  let price = target.price;

  const maxChange = rule.bounds.maxChangePercent;
  if (current != null && maxChange != null) {
    const limited = Math.min(
      Math.max(price, addPercent(current, -maxChange, decimals)),
      addPercent(current, maxChange, decimals),
    );
    steps.push({ code: 'max_change', percent: maxChange, reached: limited !== price, price: limited });
    price = limited;
  }

  const bounds = boundsFor(rule.bounds, product, decimals);
  const bounded = applyBounds(price, bounds);
  steps.push(...bounded.steps);
  price = bounded.price;

  if (roundsFor(rule.rounding, decimals)) {
    let rounded = roundPrice(price, rule.rounding, decimals);
    if (bounds.floor != null && rounded < bounds.floor) rounded = roundPrice(price, rule.rounding, decimals, 'UP');
    if (bounds.ceiling != null && rounded > bounds.ceiling)
      rounded = roundPrice(price, rule.rounding, decimals, 'DOWN');
    const withinBounds =
      (bounds.floor == null || rounded >= bounds.floor) &&
      (bounds.ceiling == null || rounded <= bounds.ceiling || bounded.heldBy === 'floor');
    if (withinBounds) {
      const detail = rule.rounding.mode === 'STEP' ? { step: rule.rounding.step! } : { ending: rule.rounding.ending! };
      steps.push({ code: 'rounded', ...detail, price: rounded });
      price = rounded;
    } else {
      steps.push({ code: 'rounding_skipped', price });
    }
  }

  // A floor (cost and margin, MAP) or rounding up can pass the largest price a suggestion can be
  // stored at; one such product would fail its whole batch's write (store/write.ts).
  const largest = largestPrice(decimals);
  if (price > largest) {
    steps.push({ code: 'largest_price', bound: largest, price: largest });
    price = largest;
  }

  let outcome: Outcome =
    bounded.heldBy === 'floor'
      ? 'HELD_BY_FLOOR'
      : bounded.heldBy === 'ceiling'
        ? 'HELD_BY_CEILING'
        : 'CHANGE_SUGGESTED';
  if (current != null && outcome === 'CHANGE_SUGGESTED') {
    const tolerance = rule.strategy.tolerancePercent;
    const changePercent = percentChange(current, price);
    if (price === current || (tolerance > 0 && Math.abs(price - current) <= (current * tolerance) / 100)) {
      steps.push({ code: 'tolerance', percent: tolerance, change: changePercent ?? 0, price: current });
      outcome = 'WITHIN_TOLERANCE';
      price = current;
    }
  }
  steps.push({ code: 'result', price });
  const change = current == null ? null : roundMoney(price - current, decimals);
  return {
    currentPrice: current,
    suggestedPrice: price,
    change,
    changePercent: percentChange(current, price),
    outcome,
    steps,
  };
}
