import cs from '@locales/cs.json';
import en from '@locales/en.json';
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { EnumBadge, EnumTag } from './index.ts';
import { enumOptions } from './enumOptions.ts';

async function i18nIn(language: 'en' | 'cs') {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { en: { translation: en }, cs: { translation: cs } },
    interpolation: { escapeValue: false },
  });
  return i18n;
}

describe('EnumTag', () => {
  it('renders the translated label in the value colour', async () => {
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={await i18nIn('cs')}>
        <EnumTag kind="matchingStatus" value="NEVER_MATCH" />
      </I18nextProvider>,
    );
    expect(html).toContain('Nikdy nepárovat');
    expect(html).toContain('ant-tag-red');
    expect(html).toContain('data-value="NEVER_MATCH"');
  });

  it('shows an unknown value as itself in a plain tag', async () => {
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={await i18nIn('en')}>
        <EnumTag kind="diffRating" value="sideways" />
      </I18nextProvider>,
    );
    expect(html).toContain('>sideways<');
    expect(html).not.toMatch(/ant-tag-(green|orange|red)/);
  });

  it('EnumBadge shows the label beside a dot of the value colour', async () => {
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={await i18nIn('en')}>
        <EnumBadge kind="recencyContrast" value="long" />
      </I18nextProvider>,
    );
    expect(html).toContain('Over a week');
    expect(html).toContain('#f5222d');
  });
});

describe('enumOptions', () => {
  it('lists the values in order with their labels', async () => {
    const i18n = await i18nIn('en');
    expect(enumOptions('diffRating', i18n.t)).toEqual([
      { value: 'unknown', label: 'Unknown' },
      { value: 'normal', label: 'Normal' },
      { value: 'increased', label: 'Increased' },
      { value: 'high', label: 'High' },
    ]);
  });
});
