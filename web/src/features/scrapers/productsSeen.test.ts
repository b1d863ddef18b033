import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import cs from '@locales/cs.json';
import en from '@locales/en.json';
import { productsSeenText } from './productsSeen.ts';

beforeAll(async () => {
  await i18next.init({ lng: 'en', resources: { en: { translation: en }, cs: { translation: cs } } });
});

describe('productsSeenText', () => {
  it.each([
    ['en', 59, null, '59'],
    ['en', 1234, 1300, '1,234 of 1,300 expected'],
    ['cs', 1234, 1300, '1\u00a0234 z očekávaných 1\u00a0300'],
    ['en', null, 60, '—'],
  ] as const)('%s: %s seen, %s expected reads "%s"', (language, seen, expected, text) => {
    expect(productsSeenText(seen, expected, i18next.getFixedT(language), language)).toBe(text);
  });
});
