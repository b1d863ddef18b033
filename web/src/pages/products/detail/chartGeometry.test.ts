import { describe, expect, it } from 'vitest';
import { chartGeometry, niceStep, priceTicks } from './chartGeometry.ts';

const box = { width: 400, height: 200, margin: { left: 50, right: 10, top: 10, bottom: 30 } };

describe('niceStep and priceTicks', () => {
  it.each([
    [100, 4, 50],
    [1000, 4, 500],
    [37, 4, 10],
    [0.8, 4, 0.2],
  ])('a span of %s in about %s parts steps by %s', (span, count, step) => {
    expect(niceStep(span, count)).toBe(step);
  });

  it('covers the prices with round ticks', () => {
    expect(priceTicks(1234, 1789)).toEqual([1200, 1400, 1600, 1800]);
  });

  it('widens a single price to a visible range', () => {
    const ticks = priceTicks(500, 500);
    expect(ticks[0]).toBeLessThan(500);
    expect(ticks[ticks.length - 1]).toBeGreaterThan(500);
  });
});

describe('chartGeometry', () => {
  it('is null without points', () => {
    expect(chartGeometry([{ key: 'a', points: [] }], box)).toBeNull();
  });

  it('puts the earliest time at the left, the latest at the right, low prices at the bottom', () => {
    const geometry = chartGeometry(
      [
        {
          key: 'a',
          points: [
            { time: 2000, price: 120 },
            { time: 1000, price: 100 },
          ],
        },
        { key: 'b', points: [{ time: 3000, price: 80 }] },
      ],
      box,
    )!;
    expect(geometry.x(1000)).toBe(50);
    expect(geometry.x(3000)).toBe(390);
    expect(geometry.y(geometry.priceTicks[0]!)).toBe(170);
    expect(geometry.y(geometry.priceTicks.at(-1)!)).toBe(10);
    expect(geometry.priceTicks[0]).toBeLessThanOrEqual(80);
    expect(geometry.priceTicks.at(-1)).toBeGreaterThanOrEqual(120);
    // Points joined in time order, whatever order they came in.
    expect(geometry.paths[0]!.d).toMatch(/^M50,[\d.]+ L220,[\d.]+$/);
    expect(geometry.paths[1]!.d).toMatch(/^M390,/);
    expect(geometry.timeTicks).toEqual([1000, 1500, 2000, 2500, 3000]);
  });

  it('spreads one moment over two days', () => {
    const geometry = chartGeometry([{ key: 'a', points: [{ time: 10 * 86_400_000, price: 5 }] }], box)!;
    expect(geometry.x(10 * 86_400_000)).toBe(220);
  });
});
