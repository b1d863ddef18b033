/**
 * The bounds of a rule for one product: the floor (the highest of cost + margin, MAP and a fixed
 * minimum) and the ceiling (the lowest of RRP and a fixed maximum). A product without a cost
 * skips the cost floor, and the explanation says so. When the floor is above the ceiling for a
 * product (cost-based floor above its RRP, say), the floor wins: a suggestion never sells below
 * the margin the shop asked for.
 */
import { addPercent, roundMoney } from './money.ts';
import type { BoundSettings, ExplanationStep, ProductFacts } from './types.ts';

export interface Bounds {
  floor: number | null;
  ceiling: number | null;
  /** One step per bound the rule asks for (reached is filled in by `applyBounds`). */
  steps: ExplanationStep[];
}

export function boundsFor(settings: BoundSettings, product: ProductFacts, decimals: number): Bounds {
  const floors: Array<{ value: number; step: ExplanationStep }> = [];
  const ceilings: Array<{ value: number; step: ExplanationStep }> = [];
  const steps: ExplanationStep[] = [];
  if (settings.costMargin != null) {
    if (product.cost == null) steps.push({ code: 'no_cost_floor' });
    else {
      const value =
        settings.costMarginUnit === 'AMOUNT'
          ? roundMoney(product.cost + settings.costMargin, decimals)
          : addPercent(product.cost, settings.costMargin, decimals);
      const step: ExplanationStep =
        settings.costMarginUnit === 'AMOUNT'
          ? { code: 'floor_cost', cost: product.cost, amount: settings.costMargin, bound: value }
          : { code: 'floor_cost', cost: product.cost, percent: settings.costMargin, bound: value };
      floors.push({ value, step });
    }
  }
  if (settings.useMap) {
    if (product.map == null) steps.push({ code: 'no_map' });
    else floors.push({ value: product.map, step: { code: 'floor_map', bound: product.map } });
  }
  if (settings.minimumPrice != null)
    floors.push({ value: settings.minimumPrice, step: { code: 'floor_minimum', bound: settings.minimumPrice } });
  if (settings.useRrp) {
    if (product.rrp == null) steps.push({ code: 'no_rrp' });
    else ceilings.push({ value: product.rrp, step: { code: 'ceiling_rrp', bound: product.rrp } });
  }
  if (settings.maximumPrice != null)
    ceilings.push({ value: settings.maximumPrice, step: { code: 'ceiling_maximum', bound: settings.maximumPrice } });
  const floor = floors.length ? Math.max(...floors.map((f) => f.value)) : null;
  const ceiling = ceilings.length ? Math.min(...ceilings.map((c) => c.value)) : null;
  return { floor, ceiling, steps: [...steps, ...floors.map((f) => f.step), ...ceilings.map((c) => c.step)] };
}

export interface Bounded {
  price: number;
  heldBy: 'floor' | 'ceiling' | null;
  steps: ExplanationStep[];
}

/** `price` kept within the bounds; each bound's step tells whether it was reached (the deciding one). */
export function applyBounds(price: number, bounds: Bounds): Bounded {
  let result = price;
  let heldBy: Bounded['heldBy'] = null;
  if (bounds.ceiling != null && result > bounds.ceiling) {
    result = bounds.ceiling;
    heldBy = 'ceiling';
  }
  if (bounds.floor != null && result < bounds.floor) {
    result = bounds.floor;
    heldBy = 'floor';
  }
  const steps = bounds.steps.map((step) => {
    if (step.bound === undefined) return step;
    const isFloor = step.code.startsWith('floor_');
    const deciding = isFloor
      ? heldBy === 'floor' && step.bound === bounds.floor
      : heldBy === 'ceiling' && step.bound === bounds.ceiling;
    return { ...step, reached: deciding, price: result };
  });
  return { price: result, heldBy, steps };
}
