import cs from '@locales/cs.json';
import en from '@locales/en.json';
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { PriceDifference } from '../../../features/matching/PriceDifference.tsx';
import { type ComparedProduct, SideBySide } from './SideBySide.tsx';

async function render(node: React.ReactNode, language: 'en' | 'cs' = 'en') {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { en: { translation: en }, cs: { translation: cs } },
    interpolation: { escapeValue: false },
  });
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);
}

const ours: ComparedProduct = {
  name: 'Sluchátka Sony WH-1000XM5 černá',
  brand: 'Sony',
  ean: '4548736132610',
  mpn: 'WH1000XM5B',
  price: 9000,
  currency: 'CZK',
  url: 'https://shop.example/p/1',
};
const theirs: ComparedProduct = {
  name: 'SONY WH1000XM5 Headphones',
  brand: 'SONY',
  ean: '04548736132610',
  mpn: 'WH-1000XM5/B',
  price: 10000,
  currency: 'CZK',
  availability: 'in_stock',
  url: 'javascript:alert(1)',
};

describe('SideBySide', () => {
  it('marks the shared model number and words, the equal identifiers and brand, and says who is cheaper', async () => {
    const html = await render(<SideBySide product={ours} candidate={theirs} competitorName="Alza.cz" />);
    expect(html).toContain('<mark title="Shared model number" data-evidence="model"');
    expect(html).toMatch(/data-evidence="model"[^>]*>WH-1000XM5<\/mark>/);
    expect(html).toMatch(/data-evidence="word"[^>]*>SONY<\/mark>/);
    expect(html).toContain('Same GTIN');
    expect(html).toContain('Same MPN');
    expect(html).toContain('Same brand');
    expect(html).toContain('We are cheaper');
    expect(html).toContain('In stock');
  });

  it('shows an address that is not http(s) as text, never as a link', async () => {
    const html = await render(<SideBySide product={ours} candidate={theirs} competitorName="Alza.cz" />);
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('javascript:alert(1)');
  });

  it('speaks Czech', async () => {
    const html = await render(<SideBySide product={ours} candidate={theirs} competitorName="Alza.cz" />, 'cs');
    expect(html).toContain('Stejný GTIN');
    expect(html).toContain('Jsme levnější');
  });
});

describe('PriceDifference', () => {
  it('writes amount and percent, coloured green when we are cheaper and red when they are, in the theme text shades that meet AA on white', async () => {
    const cheaper = await render(<PriceDifference ours={900} theirs={1000} currency="EUR" />);
    expect(cheaper).toContain('−€100.00 (−10.0%)');
    expect(cheaper).toContain('data-cheaper="us"');
    expect(cheaper).toContain('color:#237804');
    const dearer = await render(<PriceDifference ours={1100} theirs={1000} currency="EUR" />);
    expect(dearer).toContain('+€100.00 (+10.0%)');
    expect(dearer).toContain('color:#cf1322');
  });

  it('shows a dash without both prices', async () => {
    expect(await render(<PriceDifference ours={null} theirs={1000} currency="EUR" />)).toContain('—');
  });
});
