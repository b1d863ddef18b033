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

  const card = (name: string): ComparedProduct => ({ name, currency: 'EUR' });

  it('says when the competitor writes our model number as two words: a close variant, not the same model', async () => {
    const html = await render(
      <SideBySide
        product={card('Nvidia 8400GS 512MB graphics card')}
        candidate={card('GeForce 8400 GS 512MB')}
        competitorName="Alza.cz"
        evidence={{
          relatedModelNumbers: [{ ours: '8400gs', theirs: '8400gs', relation: 'PARTIAL', apart: 'THEIRS' }],
          modelNumbersConflict: false,
        }}
      />,
    );
    expect(html).toContain('Model numbers');
    expect(html).toMatch(/<td[^>]*><div>8400GS<\/div><\/td>/);
    expect(html).toMatch(
      /data-model-reading="apartTheirs">8400 GS <span[^>]*>Alza\.cz writes it as two words: a close variant, not necessarily the same model</,
    );
    expect(html).not.toContain('Same model number');
    expect(html).not.toContain('Different model numbers');
  });

  it('tells our name writing it apart, the same code, the same family and a conflict apart', async () => {
    const apartOurs = await render(
      <SideBySide
        product={card('GeForce 8400 GS')}
        candidate={card('8400GS card')}
        competitorName="Alza.cz"
        evidence={{ relatedModelNumbers: [{ ours: '8400gs', theirs: '8400gs', relation: 'PARTIAL', apart: 'OURS' }] }}
      />,
    );
    expect(apartOurs).toContain('Our name writes it as two words: a close variant, not necessarily the same model');
    const same = await render(
      <SideBySide
        product={card('Apple iPod MB276LL/A')}
        candidate={card('iPod nano MB276LL/A silver')}
        competitorName="Alza.cz"
        evidence={{
          relatedModelNumbers: [
            { ours: 'mb276', theirs: 'mb276lla', relation: 'SIMILAR', apart: null },
            { ours: 'mb276lla', theirs: 'mb276lla', relation: 'EXACT', apart: null },
          ],
        }}
      />,
    );
    expect(same).toMatch(/data-model-reading="same">MB276LL\/A <span[^>]*>Same model number</);
    // The strongest relation first.
    expect(same.indexOf('data-model-reading="same"')).toBeLessThan(same.indexOf('data-model-reading="family"'));
    expect(same).toContain('A model of the same family');
    const conflict = await render(
      <SideBySide
        product={card('Apple iPod MB276LL/A')}
        candidate={card('Apple iPod MB277LL/A')}
        competitorName="Alza.cz"
        evidence={{ relatedModelNumbers: [], modelNumbersConflict: true }}
      />,
    );
    expect(conflict).toContain('Different model numbers: probably another model of the same kind');
  });

  it('has no model-number row when the evidence relates none and finds no conflict', async () => {
    const html = await render(
      <SideBySide
        product={ours}
        candidate={theirs}
        competitorName="Alza.cz"
        evidence={{ relatedModelNumbers: [], modelNumbersConflict: false }}
      />,
    );
    expect(html).not.toContain('Model numbers');
  });

  it('speaks Czech', async () => {
    const html = await render(<SideBySide product={ours} candidate={theirs} competitorName="Alza.cz" />, 'cs');
    expect(html).toContain('Stejný GTIN');
    expect(html).toContain('Jsme levnější');
    const apart = await render(
      <SideBySide
        product={card('Nvidia 8400GS')}
        candidate={card('GeForce 8400 GS')}
        competitorName="Alza.cz"
        evidence={{
          relatedModelNumbers: [{ ours: '8400gs', theirs: '8400gs', relation: 'PARTIAL', apart: 'THEIRS' }],
          modelNumbersConflict: true,
        }}
      />,
      'cs',
    );
    expect(apart).toContain('Typová označení');
    expect(apart).toContain('Alza.cz ho píše jako dvě slova: blízká varianta, nemusí jít o stejný model');
    expect(apart).toContain('Různá typová označení: nejspíš jiný model téhož druhu');
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
