import { describe, expect, it } from 'vitest';
import { insightsFilter, productsLink, readInsightsState, writeInsightsState } from './insightsState.ts';

const params = (query: string) => new URLSearchParams(query);

describe('readInsightsState', () => {
  it('reads every filter from the address', () => {
    expect(
      readInsightsState(
        params('period=90&category=Tents&brand=Husky&competitor=c1&competitor=c2&tolerance=2.5&show=PRICIER'),
      ),
    ).toEqual({
      period: 'LAST_90_DAYS',
      periodInvalid: false,
      category: 'Tents',
      brand: 'Husky',
      competitorIds: ['c1', 'c2'],
      tolerance: 2.5,
      view: 'PRICIER',
    });
  });

  it('reads an empty address as the defaults, with no notice', () => {
    expect(readInsightsState(params(''))).toEqual({
      period: 'LAST_30_DAYS',
      periodInvalid: false,
      category: '',
      brand: '',
      competitorIds: [],
      tolerance: 1,
      view: 'INDEX',
    });
  });

  it.each(['7', '30d', 'LAST_90_DAYS', '', 'abc', '-30'])(
    'falls back to 30 days for period=%s and says so',
    (period) => {
      const state = readInsightsState(params(`period=${period}`));
      expect(state.period).toBe('LAST_30_DAYS');
      expect(state.periodInvalid).toBe(true);
    },
  );

  it.each(['-1', '51', '1e3', 'abc', '2.55', ''])('reads tolerance=%s as the default 1', (tolerance) => {
    expect(readInsightsState(params(`tolerance=${tolerance}`)).tolerance).toBe(1);
  });

  it('accepts the tolerance bounds 0 and 50', () => {
    expect(readInsightsState(params('tolerance=0')).tolerance).toBe(0);
    expect(readInsightsState(params('tolerance=50')).tolerance).toBe(50);
  });

  it('drops blank and repeated competitors, and an unknown view', () => {
    const state = readInsightsState(params('competitor=c1&competitor=&competitor=c1&show=ALL'));
    expect(state.competitorIds).toEqual(['c1']);
    expect(state.view).toBe('INDEX');
  });
});

describe('writeInsightsState', () => {
  it('keeps owid and locale, leaves defaults out', () => {
    const next = writeInsightsState(params('owid=w1&locale=cs&period=90'), {
      period: 'LAST_30_DAYS',
      brand: ' Husky ',
      competitorIds: ['c2', 'c3'],
    });
    expect(next.toString()).toBe('owid=w1&locale=cs&brand=Husky&competitor=c2&competitor=c3');
  });

  it('replaces an invalid period, which ends the notice', () => {
    const next = writeInsightsState(params('period=7'), { view: 'CHEAPER' });
    expect(next.get('period')).toBeNull();
    expect(readInsightsState(next).periodInvalid).toBe(false);
    expect(next.get('show')).toBe('CHEAPER');
  });

  it('round-trips a state', () => {
    const state = readInsightsState(params('period=365&category=A%26B&tolerance=0&competitor=x'));
    expect(readInsightsState(writeInsightsState(params(''), state))).toEqual(state);
  });
});

describe('insightsFilter', () => {
  it('is the API filter of the state', () => {
    expect(insightsFilter(readInsightsState(params('period=90&brand=Husky&competitor=c1')), 'w1')).toEqual({
      organizationWebsiteId: 'w1',
      period: 'LAST_90_DAYS',
      categories: [],
      brands: ['Husky'],
      competitorIds: ['c1'],
      tolerancePercent: 1,
    });
  });
});

describe('productsLink', () => {
  it('names brand, competitor and comparison; a default tolerance is left out', () => {
    expect(productsLink({ brand: 'Husky & Co', competitorId: 'c1', comparison: 'CHEAPER', tolerance: 1 })).toBe(
      '/products?brand=Husky+%26+Co&competitor=c1&comparison=CHEAPER',
    );
  });

  it('carries another tolerance and the category', () => {
    expect(productsLink({ brand: 'B', category: 'Tents', competitorId: 'c1', comparison: 'SAME', tolerance: 2 })).toBe(
      '/products?brand=B&category=Tents&competitor=c1&comparison=SAME&tolerance=2',
    );
  });

  it('names a movement with its period', () => {
    expect(productsLink({ competitorId: 'c1', movement: 'UP', period: 'LAST_90_DAYS' })).toBe(
      '/products?competitor=c1&movement=UP&period=90',
    );
    expect(productsLink({ competitorId: 'c1', movement: 'DOWN', period: 'LAST_30_DAYS' })).toBe(
      '/products?competitor=c1&movement=DOWN',
    );
  });

  it('is the plain list without targets', () => {
    expect(productsLink({})).toBe('/products');
  });
});
