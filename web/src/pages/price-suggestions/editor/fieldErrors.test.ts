import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import cs from '@locales/cs.json';
import en from '@locales/en.json';
import { ruleFieldErrorText } from './fieldErrors.ts';

const REASONS = [
  'NOT_A_NUMBER',
  'NOT_WHOLE',
  'NOT_ABOVE',
  'NEGATIVE',
  'BELOW_MINIMUM',
  'ABOVE_MAXIMUM',
  'REQUIRED',
  'REQUIRED_FOR_CHOICE',
  'NOT_A_LIST',
  'TOO_MANY_ITEMS',
  'ITEM_LENGTH',
  'PRICE_RANGE_INVERTED',
  'EXCLUDES_INCLUDED',
  'NO_COMPETITOR_NAMED',
  'STRATEGY_COMPETITOR_LEFT_OUT',
  'FLOOR_ABOVE_CEILING',
  'NAME_EMPTY',
  'NAME_TOO_LONG',
  'PRIORITY_TAKEN',
  'UNKNOWN_COMPETITOR',
  'UNKNOWN_PRODUCT',
  'SELECTS_NOTHING',
  'REORDER_INCOMPLETE',
];

describe('a price rule field error in the console words', () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({
      lng: 'en',
      resources: { en: { translation: en }, cs: { translation: cs } },
      interpolation: { escapeValue: false },
    });
  });

  it('translates every reason the API gives, in English and Czech', async () => {
    for (const lng of ['en', 'cs']) {
      await i18n.changeLanguage(lng);
      for (const reason of REASONS) {
        const text = ruleFieldErrorText(
          { reason, values: { min: 1, max: 200, priority: 3, rule: 'Tents' } },
          'FALLBACK',
          i18n.t,
        );
        expect(text, `${lng} ${reason}`).not.toBe('FALLBACK');
        expect(text, `${lng} ${reason}`).not.toMatch(/\{\{/);
      }
    }
  });

  it('fills in the values (the rule that has the priority)', async () => {
    await i18n.changeLanguage('cs');
    expect(
      ruleFieldErrorText({ reason: 'PRIORITY_TAKEN', values: { rule: 'Stany', priority: 2 } }, 'x', i18n.t),
    ).toContain('Stany');
    await i18n.changeLanguage('en');
    expect(ruleFieldErrorText({ reason: 'PRIORITY_TAKEN', values: { rule: 'Tents', priority: 2 } }, 'x', i18n.t)).toBe(
      'Rule "Tents" has priority 2 already.',
    );
  });

  it("keeps the API's message for a reason it does not know, or none", () => {
    expect(ruleFieldErrorText({ reason: 'SOMETHING_NEW' }, 'Invalid name: whatever', i18n.t)).toBe(
      'Invalid name: whatever',
    );
    expect(ruleFieldErrorText(undefined, 'Invalid name: whatever', i18n.t)).toBe('Invalid name: whatever');
  });
});
