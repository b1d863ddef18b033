import { describe, expect, it } from 'vitest';
import type { PriceRuleFieldsFragment } from '../../../graphql/operations.ts';
import { fieldPathOf, formValuesOf, newRuleValues, type RuleFormValues, ruleInputOf, sectionOf } from './ruleForm.ts';

const saved: PriceRuleFieldsFragment = {
  id: 'r1',
  name: 'Tents',
  status: 'ACTIVE',
  priority: 2,
  products: {
    brands: ['Husky'],
    categories: [],
    priceMin: 100,
    priceMax: null,
    availability: 'IN_STOCK',
    includeProductIds: [],
    excludeProductIds: ['p9'],
  },
  competitors: {
    mode: 'EXCLUDE',
    competitorIds: ['c2'],
    competitorList: [{ id: 'c2', name: 'Mall' }],
    matchTypes: 'CONFIRMED_ONLY',
    inStockOnly: true,
    maxAgeDays: 7,
    minPrices: 2,
  },
  strategy: {
    type: 'BEAT_LOWEST',
    beatBy: 1,
    beatUnit: 'PERCENT',
    position: null,
    competitorId: null,
    competitor: null,
    withinPercent: null,
    tolerancePercent: 0.5,
  },
  bounds: {
    costMargin: 10,
    costMarginUnit: 'PERCENT',
    useMap: true,
    minimumPrice: null,
    useRrp: false,
    maximumPrice: 5000,
    maxChangePercent: 15,
  },
  rounding: { mode: 'CHARM', ending: 'CENTS_99', step: null, direction: 'NEAREST' },
  affectedCount: 12,
  suggestionCount: 10,
  updatedAt: '2026-11-27T00:00:00.000Z',
  updatedBy: 'owner@demo.test',
};

describe('formValuesOf and ruleInputOf', () => {
  it('send a saved rule back unchanged, without its read-only fields', () => {
    const input = ruleInputOf(formValuesOf(saved));
    expect(input).toEqual({
      name: 'Tents',
      status: 'ACTIVE',
      priority: 2,
      products: saved.products,
      competitors: {
        mode: 'EXCLUDE',
        competitorIds: ['c2'],
        matchTypes: 'CONFIRMED_ONLY',
        inStockOnly: true,
        maxAgeDays: 7,
        minPrices: 2,
      },
      strategy: {
        type: 'BEAT_LOWEST',
        beatBy: 1,
        beatUnit: 'PERCENT',
        position: null,
        competitorId: null,
        withinPercent: null,
        tolerancePercent: 0.5,
      },
      bounds: saved.bounds,
      rounding: { mode: 'CHARM', ending: 'CENTS_99', step: null, direction: 'NEAREST' },
    });
  });

  it('trims the name and the listed values, drops empty and repeated ones', () => {
    const values: RuleFormValues = { ...newRuleValues(1), name: '  Tents  ' };
    values.products = { ...values.products, brands: [' Husky ', '', 'Husky', 'Salewa'] };
    const input = ruleInputOf(values);
    expect(input.name).toBe('Tents');
    expect(input.products.brands).toEqual(['Husky', 'Salewa']);
  });

  it.each([
    ['MATCH_LOWEST', { beatBy: null, position: null, competitorId: null, withinPercent: null }],
    ['BEAT_LOWEST', { beatBy: 2, position: null, competitorId: null, withinPercent: null }],
    ['POSITION', { beatBy: null, position: 3, competitorId: null, withinPercent: null }],
    ['FOLLOW_COMPETITOR', { beatBy: null, position: null, competitorId: 'c1', withinPercent: null }],
    ['WITHIN_MARKET_AVERAGE', { beatBy: null, position: null, competitorId: null, withinPercent: 5 }],
  ] as const)('%s keeps only its own strategy settings', (type, expected) => {
    const values = newRuleValues(1);
    values.strategy = { ...values.strategy, type, beatBy: 2, position: 3, competitorId: 'c1', withinPercent: 5 };
    expect(ruleInputOf(values).strategy).toMatchObject(expected);
  });

  it('names competitors only when some are included or excluded', () => {
    const values = newRuleValues(1);
    values.competitors = { ...values.competitors, mode: 'ALL', competitorIds: ['c1'] };
    expect(ruleInputOf(values).competitors.competitorIds).toEqual([]);
    values.competitors = { ...values.competitors, mode: 'INCLUDE' };
    expect(ruleInputOf(values).competitors.competitorIds).toEqual(['c1']);
  });

  it.each([
    ['NONE', null, null],
    ['CHARM', 'CENTS_90', null],
    ['STEP', null, 10],
  ] as const)('rounding %s sends ending %s and step %s', (mode, ending, step) => {
    const values = newRuleValues(1);
    values.rounding = { mode, ending: 'CENTS_90', step: 10, direction: 'UP' };
    expect(ruleInputOf(values).rounding).toEqual({ mode, ending, step, direction: 'UP' });
  });

  it('starts a new rule as a Draft matching the lowest price, at the priority given', () => {
    const values = newRuleValues(4);
    expect(values).toMatchObject({ status: 'DRAFT', priority: 4, strategy: { type: 'MATCH_LOWEST' } });
  });
});

describe('fieldPathOf', () => {
  const values = formValuesOf(saved);
  it.each([
    ['name', ['name']],
    ['input.name', ['name']],
    ['priority', ['priority']],
    ['bounds.minimumPrice', ['bounds', 'minimumPrice']],
    ['input.bounds.costMargin', ['bounds', 'costMargin']],
    ['strategy.competitorId', ['strategy', 'competitorId']],
    ['products', null],
    ['products.brands', ['products', 'brands']],
    ['competitors.competitorIds', ['competitors', 'competitorIds']],
    ['organizationWebsiteId', null],
    ['bounds.nothing', null],
    ['', null],
  ] as const)('%s is the field %o', (field, path) => {
    expect(fieldPathOf(field, values)).toEqual(path);
  });

  it('tells the section of a field', () => {
    expect(sectionOf(['bounds', 'minimumPrice'])).toBe('bounds');
    expect(sectionOf(['name'])).toBe('settings');
  });
});
