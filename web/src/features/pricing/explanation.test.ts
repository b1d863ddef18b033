import cs from '@locales/cs.json';
import en from '@locales/en.json';
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ExplanationStep, explanationLines, STEP_CODES, stepText } from './explanation.ts';

// Intl puts narrow no-break spaces and no-break spaces between groups and before units.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const translators: Record<'en' | 'cs', TFunction> = {} as Record<'en' | 'cs', TFunction>;
beforeAll(async () => {
  for (const [language, resources] of [
    ['en', en],
    ['cs', cs],
  ] as const) {
    const instance = createInstance();
    await instance.init({
      lng: language,
      resources: { [language]: { translation: resources } },
      interpolation: { escapeValue: false },
    });
    translators[language] = instance.t;
  }
});

const text = (step: ExplanationStep, language: 'en' | 'cs' = 'en', currency = 'CZK') =>
  plain(stepText(step, translators[language], currency, language));

describe('stepText', () => {
  it.each([
    [{ code: 'current', price: 1349 }, 'Current price CZK 1,349.00'],
    [{ code: 'competitors', competitors: 1 }, "1 competitor price after the rule's filters"],
    [{ code: 'lowest', competitors: 4, competitor: 'Alza', price: 1299 }, 'Lowest of 4 competitors: Alza CZK 1,299.00'],
    [{ code: 'average', competitors: 3, price: 1300.5 }, 'Average of 3 competitor prices: CZK 1,300.50'],
    [{ code: 'median', competitors: 5, price: 999 }, 'Median of 5 competitor prices: CZK 999.00'],
    [
      { code: 'position', competitors: 4, position: 2, competitor: 'Mall', price: 1310 },
      'Position 2 of 4: Mall CZK 1,310.00',
    ],
    [{ code: 'follow', competitors: 4, competitor: 'Alza', price: 1299 }, 'Follow Alza: CZK 1,299.00'],
    [
      { code: 'follow_missing', competitors: 4 },
      'The followed competitor has no price for this product: no suggestion',
    ],
    [
      { code: 'too_few_competitors', competitors: 1, minimum: 3 },
      'Only 1 competitor price, the rule needs 3: no suggestion',
    ],
    [
      { code: 'too_few_competitors', competitors: 2, minimum: 3 },
      'Only 2 competitor prices, the rule needs 3: no suggestion',
    ],
    [{ code: 'no_competitors' }, "No competitor price after the rule's filters: no suggestion"],
    [{ code: 'beat_percent', percent: 1, price: 1286.01 }, 'Beat by 1% → CZK 1,286.01'],
    [{ code: 'beat_amount', amount: 10, price: 1289 }, 'Beat by CZK 10.00 → CZK 1,289.00'],
    [
      { code: 'within_average', percent: 5, from: 1140, to: 1260, price: 1250 },
      'Market average ±5%: CZK 1,140.00 to CZK 1,260.00 → CZK 1,250.00',
    ],
    [{ code: 'no_cost_floor' }, 'No cost in the feed: the cost floor is skipped'],
    [
      { code: 'floor_cost', cost: 1100, percent: 10, bound: 1210, reached: false, price: 1286.01 },
      'Floor cost CZK 1,100.00 + 10% = CZK 1,210.00 not reached',
    ],
    [
      { code: 'floor_cost', cost: 1100, amount: 150, bound: 1250, reached: true, price: 1250 },
      'Floor cost CZK 1,100.00 + CZK 150.00 = CZK 1,250.00 reached → CZK 1,250.00',
    ],
    [{ code: 'floor_map', bound: 1200, reached: true, price: 1200 }, 'Floor MAP CZK 1,200.00 reached → CZK 1,200.00'],
    [{ code: 'floor_minimum', bound: 500, reached: false, price: 999 }, 'Minimum price CZK 500.00 not reached'],
    [
      { code: 'ceiling_rrp', bound: 1499, reached: true, price: 1499 },
      'Ceiling RRP CZK 1,499.00 reached → CZK 1,499.00',
    ],
    [{ code: 'ceiling_maximum', bound: 2000, reached: false, price: 1499 }, 'Maximum price CZK 2,000.00 not reached'],
    [
      { code: 'max_change', percent: 5, reached: true, price: 1281.55 },
      'Change limited to 5% per update → CZK 1,281.55',
    ],
    [{ code: 'max_change', percent: 5, reached: false, price: 1300 }, 'Change within the limit of 5% per update'],
    [{ code: 'rounded', ending: 'CENTS_99', price: 1285.99 }, 'Rounded to .99 → CZK 1,285.99'],
    [{ code: 'rounded', step: 10, price: 1290 }, 'Rounded to CZK 10.00 → CZK 1,290.00'],
    [{ code: 'rounding_skipped', price: 1210 }, 'Rounding would cross a bound: kept at CZK 1,210.00'],
    [
      { code: 'largest_price', bound: 9_999_999_999.99, price: 9_999_999_999.99 },
      'Above the largest price the console stores: lowered to CZK 9,999,999,999.99',
    ],
    [
      { code: 'tolerance', percent: 1, change: -0.37, price: 1349 },
      'Change −0.37% within the tolerance of 1%: price kept',
    ],
    [{ code: 'result', price: 1285.99 }, 'Suggested price CZK 1,285.99'],
  ] as const)('%o reads "%s"', (step, sentence) => {
    expect(text(step)).toBe(sentence);
  });

  it('writes Czech with Czech numbers and plural forms', () => {
    expect(text({ code: 'lowest', competitors: 4, competitor: 'Alza', price: 1299 }, 'cs')).toBe(
      'Nejnižší ze 4 konkurentů: Alza 1 299,00 Kč',
    );
    expect(text({ code: 'competitors', competitors: 5 }, 'cs')).toBe('5 cen konkurentů po filtrech pravidla');
    expect(text({ code: 'beat_percent', percent: 1.5, price: 1279.52 }, 'cs')).toBe('Podstřelit o 1,5 % → 1 279,52 Kč');
    expect(text({ code: 'rounded', ending: 'CENTS_90', price: 1279.9 }, 'cs')).toBe(
      'Zaokrouhleno na ,90 → 1 279,90 Kč',
    );
  });

  it('keeps the currency of the suggestion and its decimals', () => {
    expect(text({ code: 'result', price: 12.5 }, 'en', 'EUR')).toBe('Suggested price €12.50');
  });

  it('names a step without a competitor name, and a code it does not know', () => {
    expect(text({ code: 'follow', price: 10 }, 'en')).toBe('Follow a competitor: CZK 10.00');
    expect(text({ code: 'something_new', price: 10 }, 'en')).toBe('Step something_new: CZK 10.00');
  });

  it.each(['en', 'cs'] as const)('has a sentence for every known code in %s', (language) => {
    for (const code of STEP_CODES) {
      const sentence = text({ code, price: 1, competitors: 2, reached: true }, language);
      expect(sentence, code).not.toContain('priceSuggestions.');
      expect(sentence, code).not.toContain('{{');
    }
  });
});

describe('explanationLines', () => {
  it('reads the example chain of the issue in order', () => {
    const steps: ExplanationStep[] = [
      { code: 'lowest', competitors: 4, competitor: 'Alza', price: 1299 },
      { code: 'beat_percent', percent: 1, price: 1286.01 },
      { code: 'floor_cost', cost: 1100, percent: 10, bound: 1210, reached: false, price: 1286.01 },
      { code: 'rounded', ending: 'CENTS_99', price: 1285.99 },
    ];
    expect(explanationLines(steps, translators.en, 'CZK', 'en').map(plain)).toEqual([
      'Lowest of 4 competitors: Alza CZK 1,299.00',
      'Beat by 1% → CZK 1,286.01',
      'Floor cost CZK 1,100.00 + 10% = CZK 1,210.00 not reached',
      'Rounded to .99 → CZK 1,285.99',
    ]);
  });
});
