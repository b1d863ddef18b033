import cs from '@locales/cs.json';
import en from '@locales/en.json';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { totalText } from './totalText.ts';

// Intl puts narrow no-break spaces and no-break spaces between groups and before units.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('totalText', () => {
  const i18nIn = async (lng: string) => {
    const i18n = createInstance();
    await i18n.init({ lng, resources: { en: { translation: en }, cs: { translation: cs } } });
    return i18n;
  };

  it('says the total, and marks an estimate with ≈', async () => {
    const { t } = await i18nIn('en');
    expect(totalText(t, 240, false, 'en')).toBe('240 products');
    expect(totalText(t, 1, false, 'en')).toBe('1 product');
    expect(totalText(t, 123456, true, 'en')).toBe('≈ 123,456 products');
  });

  it('uses the Czech plural forms', async () => {
    const { t } = await i18nIn('cs');
    expect(totalText(t, 1, false, 'cs')).toBe('1 produkt');
    expect(totalText(t, 3, false, 'cs')).toBe('3 produkty');
    expect(plain(totalText(t, 12345, true, 'cs'))).toBe('≈ 12 345 produktů');
  });
});
