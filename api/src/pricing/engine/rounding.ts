/**
 * Rounding of a suggested price: to a charm ending (x.99, x.90, or a whole price ending in 9)
 * or to a multiple of a step, nearest (halves up), up or down. Computed in minor units. A cents
 * ending needs a currency with cents (2 or more decimals); without them the price is left as it is.
 */
import { fromMinor, toMinor } from './money.ts';
import type { RoundingDirection, RoundingSettings } from './types.ts';

/** The grid of allowed prices in minor units: every `modulus * k + offset`. */
function grid(rounding: RoundingSettings, decimals: number): { modulus: number; offset: number } | null {
  const unit = 10 ** decimals;
  if (rounding.mode === 'STEP') {
    const modulus = rounding.step == null ? 0 : toMinor(rounding.step, decimals);
    return modulus >= 1 ? { modulus, offset: 0 } : null;
  }
  if (rounding.mode !== 'CHARM' || rounding.ending == null) return null;
  if (rounding.ending === 'UNITS_9') return { modulus: 10 * unit, offset: 9 * unit };
  if (decimals < 2) return null;
  return { modulus: unit, offset: rounding.ending === 'CENTS_99' ? 0.99 * unit : 0.9 * unit };
}

/** Whether the settings round at all for this currency. */
export const roundsFor = (rounding: RoundingSettings, decimals: number): boolean => grid(rounding, decimals) !== null;

/** `price` on the rounding grid in `direction` (the settings' own unless given); unchanged without a grid. */
export function roundPrice(
  price: number,
  rounding: RoundingSettings,
  decimals: number,
  direction: RoundingDirection = rounding.direction,
): number {
  const g = grid(rounding, decimals);
  if (!g) return price;
  const x = toMinor(price, decimals);
  const offset = Math.round(g.offset);
  const down = Math.floor((x - offset) / g.modulus) * g.modulus + offset;
  const up = down === x ? x : down + g.modulus;
  let chosen: number;
  if (direction === 'UP' || down < 0) chosen = up;
  else if (direction === 'DOWN') chosen = down;
  else chosen = x - down < up - x ? down : up;
  return fromMinor(chosen, decimals);
}
