import en from '@locales/en.json';
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { movedOrder, strategySummary } from './ruleSummary.ts';

let t: TFunction;
beforeAll(async () => {
  const instance = createInstance();
  await instance.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
  t = instance.t;
});

const strategy = { beatBy: null, beatUnit: 'PERCENT', position: null, withinPercent: null, competitor: null } as const;

describe('strategySummary', () => {
  it.each([
    [{ ...strategy, type: 'MATCH_LOWEST' }, 'Match the lowest price'],
    [{ ...strategy, type: 'BEAT_LOWEST', beatBy: 1.5 }, 'Beat the lowest by 1.5%'],
    [{ ...strategy, type: 'BEAT_LOWEST', beatBy: 10, beatUnit: 'AMOUNT' }, 'Beat the lowest by 10'],
    [{ ...strategy, type: 'MATCH_MEDIAN' }, 'Match the median price'],
    [{ ...strategy, type: 'POSITION', position: 2 }, 'Position 2 among competitors'],
    [{ ...strategy, type: 'FOLLOW_COMPETITOR', competitor: { name: 'Alza' } }, 'Follow Alza'],
    [{ ...strategy, type: 'FOLLOW_COMPETITOR' }, 'Follow a competitor'],
    [{ ...strategy, type: 'WITHIN_MARKET_AVERAGE', withinPercent: 5 }, 'Within ±5% of the market average'],
  ] as const)('%o reads "%s"', (value, text) => {
    expect(strategySummary(value, t, 'en')).toBe(text);
  });
});

describe('movedOrder', () => {
  it.each([
    [1, -1, ['b', 'a', 'c']],
    [1, 1, ['a', 'c', 'b']],
    [0, -1, ['a', 'b', 'c']],
    [2, 1, ['a', 'b', 'c']],
    [5, -1, ['a', 'b', 'c']],
  ] as const)('moving index %i by %i gives %o', (index, delta, order) => {
    expect(movedOrder(['a', 'b', 'c'], index, delta)).toEqual(order);
  });
});
