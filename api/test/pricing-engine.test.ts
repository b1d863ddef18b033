/** The suggestion engine's arithmetic, table by table (api/src/pricing/README.md). */
import { describe, expect, it } from 'vitest';
import {
  competitorPrices,
  currencyDecimals,
  roundPrice,
  selectorOf,
  suggest,
  decidingRule,
} from '../src/pricing/engine/index.ts';
import type {
  CompetitorOffer,
  PricingRule,
  ProductFacts,
  ProductSelection,
  RoundingSettings,
} from '../src/pricing/engine/index.ts';

const NOW = Date.parse('2026-11-20T12:00:00Z');
const DAY = 86_400_000;

const offer = (name: string, price: number, extra: Partial<CompetitorOffer> = {}): CompetitorOffer => ({
  competitorId: `id-${name}`,
  competitorName: name,
  price,
  currency: 'CZK',
  availability: 'in_stock',
  seenAt: NOW - DAY,
  automatic: false,
  ...extra,
});

const product = (extra: Partial<ProductFacts> = {}): ProductFacts => ({
  id: 'p1',
  brand: 'Acme',
  category: 'Phones',
  price: 1400,
  stock: 5,
  cost: null,
  map: null,
  rrp: null,
  currency: 'CZK',
  ...extra,
});

function rule(
  extra: {
    competitors?: Partial<PricingRule['competitors']>;
    strategy?: Partial<PricingRule['strategy']>;
    bounds?: Partial<PricingRule['bounds']>;
    rounding?: Partial<RoundingSettings>;
  } = {},
): PricingRule {
  return {
    competitors: {
      mode: 'ALL',
      competitorIds: [],
      matchTypes: 'CONFIRMED_AND_AUTOMATIC',
      inStockOnly: false,
      maxAgeDays: null,
      minPrices: 1,
      ...extra.competitors,
    },
    strategy: {
      type: 'MATCH_LOWEST',
      beatBy: null,
      beatUnit: 'PERCENT',
      position: null,
      competitorId: null,
      withinPercent: null,
      tolerancePercent: 0,
      ...extra.strategy,
    },
    bounds: {
      costMargin: null,
      costMarginUnit: 'PERCENT',
      useMap: false,
      minimumPrice: null,
      useRrp: false,
      maximumPrice: null,
      maxChangePercent: null,
      ...extra.bounds,
    },
    rounding: { mode: 'NONE', ending: null, step: null, direction: 'NEAREST', ...extra.rounding },
  };
}

const market = [offer('Alza', 1299), offer('CZC', 1350), offer('Datart', 1420), offer('Mall', 1500)];

describe('the example of the issue', () => {
  it('lowest of 4: Alza 1 299 -> beat by 1 % -> 1 286.01 -> cost floor 1 210 not reached -> .99 -> 1 285.99', () => {
    const result = suggest(
      rule({
        strategy: { type: 'BEAT_LOWEST', beatBy: 1 },
        bounds: { costMargin: 10 },
        rounding: { mode: 'CHARM', ending: 'CENTS_99', direction: 'DOWN' },
      }),
      product({ cost: 1100 }),
      market,
      NOW,
    );
    expect(result.steps).toEqual([
      { code: 'current', price: 1400 },
      { code: 'lowest', competitors: 4, competitor: 'Alza', price: 1299 },
      { code: 'beat_percent', percent: 1, price: 1286.01 },
      { code: 'floor_cost', cost: 1100, percent: 10, bound: 1210, reached: false, price: 1286.01 },
      { code: 'rounded', ending: 'CENTS_99', price: 1285.99 },
      { code: 'result', price: 1285.99 },
    ]);
    expect(result).toMatchObject({
      suggestedPrice: 1285.99,
      change: -114.01,
      changePercent: -8.14,
      outcome: 'CHANGE_SUGGESTED',
    });
  });
});

describe('strategies', () => {
  it.each([
    ['match the lowest', { type: 'MATCH_LOWEST' }, 1299],
    ['beat the lowest by 1 %', { type: 'BEAT_LOWEST', beatBy: 1 }, 1286.01],
    ['beat the lowest by 2.5 %', { type: 'BEAT_LOWEST', beatBy: 2.5 }, 1266.53],
    ['beat the lowest by 10 CZK', { type: 'BEAT_LOWEST', beatBy: 10, beatUnit: 'AMOUNT' }, 1289],
    ['beat the lowest by 0.01', { type: 'BEAT_LOWEST', beatBy: 0.01, beatUnit: 'AMOUNT' }, 1298.99],
    ['match the average (5569 / 4)', { type: 'MATCH_AVERAGE' }, 1392.25],
    ['match the median (even: mean of 1350 and 1420)', { type: 'MATCH_MEDIAN' }, 1385],
    ['position 1 is the lowest', { type: 'POSITION', position: 1 }, 1299],
    ['position 3', { type: 'POSITION', position: 3 }, 1420],
    ['position beyond the market takes the highest', { type: 'POSITION', position: 9 }, 1500],
    ['follow Datart', { type: 'FOLLOW_COMPETITOR', competitorId: 'id-Datart' }, 1420],
    ['within ±5 % of the average 1392.25: 1400 stays', { type: 'WITHIN_MARKET_AVERAGE', withinPercent: 5 }, 1400],
    [
      'within ±0.5 % of the average: down to the upper edge',
      { type: 'WITHIN_MARKET_AVERAGE', withinPercent: 0.5 },
      1399.21,
    ],
  ] as const)('%s', (_, strategy, expected) => {
    expect(suggest(rule({ strategy: strategy as never }), product(), market, NOW).suggestedPrice).toBe(expected);
  });

  it('median of an odd count is the middle price', () => {
    expect(
      suggest(rule({ strategy: { type: 'MATCH_MEDIAN' } }), product(), market.slice(0, 3), NOW).suggestedPrice,
    ).toBe(1350);
  });

  it('within the market average below the band moves up to the lower edge', () => {
    expect(
      suggest(
        rule({ strategy: { type: 'WITHIN_MARKET_AVERAGE', withinPercent: 2 } }),
        product({ price: 1000 }),
        market,
        NOW,
      ).suggestedPrice,
    ).toBe(1364.41);
  });

  it('a followed competitor without a price gives no suggestion', () => {
    const result = suggest(
      rule({ strategy: { type: 'FOLLOW_COMPETITOR', competitorId: 'id-Nobody' } }),
      product(),
      market,
      NOW,
    );
    expect(result).toMatchObject({ suggestedPrice: null, outcome: 'NO_COMPETITOR_DATA' });
    expect(result.steps.at(-1)).toEqual({ code: 'follow_missing', competitors: 4 });
  });

  it('beating a lowest price of 5 by 10 stops at 0', () => {
    expect(
      suggest(
        rule({ strategy: { type: 'BEAT_LOWEST', beatBy: 10, beatUnit: 'AMOUNT' } }),
        product(),
        [offer('Alza', 5)],
        NOW,
      ).suggestedPrice,
    ).toBe(0);
  });
});

describe('ties and one price per competitor', () => {
  it('two competitors at the lowest price: the explanation names the first by name', () => {
    const tied = [offer('Mall', 1299), offer('Alza', 1299), offer('CZC', 1400)];
    expect(suggest(rule(), product(), tied, NOW).steps[1]).toEqual({
      code: 'lowest',
      competitors: 3,
      competitor: 'Alza',
      price: 1299,
    });
  });
  it('a competitor with several matched offers counts once, with its lowest', () => {
    const prices = competitorPrices(
      [offer('Alza', 1350), offer('Alza', 1299), offer('CZC', 1320)],
      rule().competitors,
      'CZK',
      NOW,
    );
    expect(prices).toEqual([
      { competitorId: 'id-Alza', competitorName: 'Alza', price: 1299 },
      { competitorId: 'id-CZC', competitorName: 'CZC', price: 1320 },
    ]);
  });
  it('positions count competitors, so a tie takes two positions', () => {
    const tied = [offer('Mall', 1299), offer('Alza', 1299), offer('CZC', 1400)];
    expect(suggest(rule({ strategy: { type: 'POSITION', position: 2 } }), product(), tied, NOW).steps[1]).toMatchObject(
      { competitor: 'Mall', price: 1299 },
    );
  });
});

describe('competitor filters', () => {
  const offers = [
    offer('Alza', 1200, { automatic: true }),
    offer('CZC', 1250, { availability: 'out_of_stock' }),
    offer('Datart', 1280, { seenAt: NOW - 10 * DAY }),
    offer('Mall', 1300),
    offer('Euro', 1100, { currency: 'EUR' }),
  ];
  it.each([
    ['every competitor (other currencies never count)', {}, 1200, 4],
    ['include Mall and CZC', { mode: 'INCLUDE', competitorIds: ['id-Mall', 'id-CZC'] }, 1250, 2],
    ['exclude Alza', { mode: 'EXCLUDE', competitorIds: ['id-Alza'] }, 1250, 3],
    ['confirmed matches only', { matchTypes: 'CONFIRMED_ONLY' }, 1250, 3],
    ['in-stock offers only', { inStockOnly: true }, 1200, 3],
    ['offers of the last 7 days', { maxAgeDays: 7 }, 1200, 3],
    ['all filters', { matchTypes: 'CONFIRMED_ONLY', inStockOnly: true, maxAgeDays: 7 }, 1300, 1],
  ] as const)('%s', (_, competitors, lowest, count) => {
    const result = suggest(rule({ competitors: competitors as never }), product(), offers, NOW);
    expect(result.steps[1]).toMatchObject({ code: 'lowest', competitors: count, price: lowest });
  });
  it('fewer prices than the minimum: no suggestion, and the explanation says how many', () => {
    const result = suggest(rule({ competitors: { minPrices: 5 } }), product(), offers, NOW);
    expect(result).toMatchObject({ outcome: 'NO_COMPETITOR_DATA', suggestedPrice: null, change: null });
    expect(result.steps.at(-1)).toEqual({ code: 'too_few_competitors', competitors: 4, minimum: 5 });
  });
  it('no matched price at all', () => {
    const result = suggest(rule(), product(), [], NOW);
    expect(result.outcome).toBe('NO_COMPETITOR_DATA');
    expect(result.steps.at(-1)).toEqual({ code: 'no_competitors' });
  });
});

describe('bounds', () => {
  it.each([
    ['cost + 10 % floor reached', { costMargin: 10 }, { cost: 1250 }, 1375, 'HELD_BY_FLOOR'],
    [
      'cost + 100 CZK floor reached',
      { costMargin: 100, costMarginUnit: 'AMOUNT' },
      { cost: 1250 },
      1350,
      'HELD_BY_FLOOR',
    ],
    ['cost floor not reached', { costMargin: 5 }, { cost: 1000 }, 1299, 'CHANGE_SUGGESTED'],
    ['no cost: the cost floor is skipped', { costMargin: 10 }, { cost: null }, 1299, 'CHANGE_SUGGESTED'],
    ['MAP floor', { useMap: true }, { map: 1349 }, 1349, 'HELD_BY_FLOOR'],
    ['fixed minimum', { minimumPrice: 1310 }, {}, 1310, 'HELD_BY_FLOOR'],
    [
      'the highest floor decides',
      { costMargin: 0, useMap: true, minimumPrice: 1305 },
      { cost: 1302, map: 1320 },
      1320,
      'HELD_BY_FLOOR',
    ],
    ['RRP ceiling', { useRrp: true }, { rrp: 1200 }, 1200, 'HELD_BY_CEILING'],
    ['fixed maximum', { maximumPrice: 1250 }, {}, 1250, 'HELD_BY_CEILING'],
    [
      'floor above the ceiling for this product: the floor wins',
      { costMargin: 10, useRrp: true },
      { cost: 1200, rrp: 1250 },
      1320,
      'HELD_BY_FLOOR',
    ],
  ] as const)('%s', (_, bounds, facts, expected, outcome) => {
    const result = suggest(rule({ bounds: bounds as never }), product(facts as never), market, NOW);
    expect(result).toMatchObject({ suggestedPrice: expected, outcome });
  });

  it.each([
    ['cost + 10 % above the largest price', { costMargin: 10 }, { cost: 9_999_999_999 }, 'CZK', 9_999_999_999.99],
    [
      'cost + an amount above it',
      { costMargin: 1, costMarginUnit: 'AMOUNT' },
      { cost: 9_999_999_999.99 },
      'CZK',
      9_999_999_999.99,
    ],
    ['a MAP above it, in a currency without cents', { useMap: true }, { map: 12_000_000_000 }, 'JPY', 9_999_999_999],
  ] as const)(
    'a floor above the largest price a suggestion is stored at: %s',
    (_, bounds, facts, currency, largest) => {
      const offers = market.map((o) => ({ ...o, currency }));
      const result = suggest(rule({ bounds: bounds as never }), product({ ...facts, currency } as never), offers, NOW);
      expect(result).toMatchObject({ suggestedPrice: largest, outcome: 'HELD_BY_FLOOR' });
      expect(result.steps.slice(-2)).toEqual([
        { code: 'largest_price', bound: largest, price: largest },
        { code: 'result', price: largest },
      ]);
    },
  );

  it('rounding up past the largest price stops at it', () => {
    const result = suggest(
      rule({ rounding: { mode: 'STEP', step: 100, direction: 'UP' } }),
      product({ price: 9_999_999_990 }),
      [offer('Alza', 9_999_999_999.5)],
      NOW,
    );
    expect(result.steps.map((s) => s.code).slice(-3)).toEqual(['rounded', 'largest_price', 'result']);
    expect(result.suggestedPrice).toBe(9_999_999_999.99);
  });

  it('a product without cost says so in its explanation', () => {
    const result = suggest(rule({ bounds: { costMargin: 10 } }), product({ cost: null }), market, NOW);
    expect(result.steps).toContainEqual({ code: 'no_cost_floor' });
  });

  it('the floor step says which bound decided', () => {
    const result = suggest(
      rule({ bounds: { costMargin: 0, useMap: true } }),
      product({ cost: 1300, map: 1320 }),
      market,
      NOW,
    );
    expect(result.steps.filter((s) => s.code.startsWith('floor_'))).toEqual([
      { code: 'floor_cost', cost: 1300, percent: 0, bound: 1300, reached: false, price: 1320 },
      { code: 'floor_map', bound: 1320, reached: true, price: 1320 },
    ]);
  });

  it.each([
    ['a 5 % limit stops a cut of 7.2 % at 1330', 5, 1330],
    ['a 10 % limit lets 1299 through', 10, 1299],
  ])('maximum change per update: %s', (_, percent, expected) => {
    const result = suggest(rule({ bounds: { maxChangePercent: percent } }), product(), market, NOW);
    expect(result.suggestedPrice).toBe(expected);
    expect(result.steps).toContainEqual({ code: 'max_change', percent, reached: expected !== 1299, price: expected });
  });

  it('a product without a current price has no change and no change limit', () => {
    const result = suggest(rule({ bounds: { maxChangePercent: 1 } }), product({ price: null }), market, NOW);
    expect(result).toMatchObject({
      suggestedPrice: 1299,
      change: null,
      changePercent: null,
      outcome: 'CHANGE_SUGGESTED',
    });
  });
});

describe('rounding', () => {
  it.each([
    ['.99 nearest', { mode: 'CHARM', ending: 'CENTS_99' }, 1286.01, 1285.99],
    ['.99 nearest, halfway goes up', { mode: 'CHARM', ending: 'CENTS_99' }, 1286.49, 1286.99],
    ['.99 up', { mode: 'CHARM', ending: 'CENTS_99', direction: 'UP' }, 1286.01, 1286.99],
    ['.99 already there', { mode: 'CHARM', ending: 'CENTS_99' }, 1285.99, 1285.99],
    ['.90 down', { mode: 'CHARM', ending: 'CENTS_90', direction: 'DOWN' }, 1286.5, 1285.9],
    ['.90 nearest', { mode: 'CHARM', ending: 'CENTS_90' }, 1286.5, 1286.9],
    ['ending in 9, nearest', { mode: 'CHARM', ending: 'UNITS_9' }, 1286.01, 1289],
    ['ending in 9, down', { mode: 'CHARM', ending: 'UNITS_9', direction: 'DOWN' }, 1286.01, 1279],
    ['ending in 9 below 9 goes up', { mode: 'CHARM', ending: 'UNITS_9' }, 3, 9],
    ['.99 below 1 goes up', { mode: 'CHARM', ending: 'CENTS_99' }, 0.2, 0.99],
    ['step 10 nearest', { mode: 'STEP', step: 10 }, 1286.01, 1290],
    ['step 10 down', { mode: 'STEP', step: 10, direction: 'DOWN' }, 1289.99, 1280],
    ['step 0.5 nearest', { mode: 'STEP', step: 0.5 }, 12.26, 12.5],
    ['step 0.05 up', { mode: 'STEP', step: 0.05, direction: 'UP' }, 12.21, 12.25],
    ['none', { mode: 'NONE' }, 12.21, 12.21],
  ] as const)('%s: %s -> %s', (_, settings, price, expected) => {
    expect(
      roundPrice(price, { ending: null, step: null, direction: 'NEAREST', ...settings } as RoundingSettings, 2),
    ).toBe(expected);
  });

  it('rounding that would cross the floor rounds up instead', () => {
    const result = suggest(
      rule({ bounds: { minimumPrice: 1310 }, rounding: { mode: 'CHARM', ending: 'CENTS_99' } }),
      product(),
      market,
      NOW,
    );
    expect(result).toMatchObject({ suggestedPrice: 1310.99, outcome: 'HELD_BY_FLOOR' });
  });
  it('rounding that would cross the ceiling rounds down instead', () => {
    const result = suggest(
      rule({ bounds: { maximumPrice: 1250 }, rounding: { mode: 'STEP', step: 100 } }),
      product(),
      market,
      NOW,
    );
    expect(result).toMatchObject({ suggestedPrice: 1200, outcome: 'HELD_BY_CEILING' });
  });
});

describe('currency decimals', () => {
  it('knows the minor units', () => {
    expect([
      currencyDecimals('CZK'),
      currencyDecimals('EUR'),
      currencyDecimals('JPY'),
      currencyDecimals('XYZ'),
    ]).toEqual([2, 2, 0, 2]);
  });
  it('a currency without cents rounds every amount to whole units', () => {
    const yen = [offer('Alza', 1299, { currency: 'JPY' })];
    expect(
      suggest(rule({ strategy: { type: 'BEAT_LOWEST', beatBy: 1 } }), product({ currency: 'JPY' }), yen, NOW)
        .suggestedPrice,
    ).toBe(1286);
  });
  it('a cents ending leaves a currency without cents as it is; ending in 9 still applies', () => {
    const yen = [offer('Alza', 1286, { currency: 'JPY' })];
    expect(
      suggest(rule({ rounding: { mode: 'CHARM', ending: 'CENTS_99' } }), product({ currency: 'JPY' }), yen, NOW)
        .suggestedPrice,
    ).toBe(1286);
    expect(
      suggest(rule({ rounding: { mode: 'CHARM', ending: 'UNITS_9' } }), product({ currency: 'JPY' }), yen, NOW)
        .suggestedPrice,
    ).toBe(1289);
  });
});

describe('outcomes', () => {
  it.each([
    ['same price', 1299, 0, 'WITHIN_TOLERANCE', 1299],
    ['0.5 % off with a 1 % tolerance keeps the current price', 1305, 1, 'WITHIN_TOLERANCE', 1305],
    ['0.5 % off without tolerance', 1305, 0, 'CHANGE_SUGGESTED', 1299],
    ['7 % off with a 1 % tolerance', 1400, 1, 'CHANGE_SUGGESTED', 1299],
  ] as const)('%s', (_, current, tolerance, outcome, expected) => {
    const result = suggest(
      rule({ strategy: { tolerancePercent: tolerance } }),
      product({ price: current }),
      market,
      NOW,
    );
    expect(result).toMatchObject({ outcome, suggestedPrice: expected });
  });
});

describe('rule selection', () => {
  const rules: Array<{ name: string; selection: ProductSelection }> = [
    {
      name: 'acme phones',
      selection: {
        brands: ['ACME'],
        categories: ['phones'],
        priceMin: null,
        priceMax: null,
        availability: 'ANY',
        includeProductIds: [],
        excludeProductIds: ['p9'],
      },
    },
    {
      name: 'in stock from 100',
      selection: {
        brands: [],
        categories: [],
        priceMin: 100,
        priceMax: null,
        availability: 'IN_STOCK',
        includeProductIds: [],
        excludeProductIds: [],
      },
    },
    {
      name: 'just p7',
      selection: {
        brands: ['None'],
        categories: [],
        priceMin: null,
        priceMax: null,
        availability: 'ANY',
        includeProductIds: ['p7'],
        excludeProductIds: [],
      },
    },
  ];
  const selectors = rules.map((r) => selectorOf(r.selection));
  it.each([
    ['the first rule by priority decides', product({ id: 'p1' }), 'acme phones'],
    ['excluded from the first, the second decides', product({ id: 'p9' }), 'in stock from 100'],
    ['out of stock and another brand: nothing', product({ id: 'p2', brand: 'Other', stock: 0 }), null],
    ['no stock figure is not in stock', product({ id: 'p2', brand: 'Other', stock: null }), null],
    ['below the price range', product({ id: 'p2', brand: 'Other', price: 50 }), null],
    ['an explicit include overrides the conditions', product({ id: 'p7', brand: 'Other', stock: 0 }), 'just p7'],
  ] as const)('%s', (_, facts, expected) => {
    expect(decidingRule(rules, selectors, facts)?.name ?? null).toBe(expected);
  });
});
