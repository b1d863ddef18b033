import { describe, expect, it } from 'vitest';
import { parseAvailability } from './availability.ts';
import { parseMachinePrice, parseShopPrice } from './price-text.ts';

describe('parseShopPrice: prices as cs / en / de shops write them', () => {
  it.each([
    // Czech
    ['1 299,90 Kč', 1299.9, 'CZK'],
    ['1\u00a0299,90\u00a0Kč', 1299.9, 'CZK'],
    ['1 299 Kč', 1299, 'CZK'],
    ['1 299,- Kč', 1299, 'CZK'],
    ['12 990,–', 12990, null],
    ['Cena: 24 990 Kč s DPH', 24990, 'CZK'],
    ['Kč 499', 499, 'CZK'],
    ['499 CZK', 499, 'CZK'],
    // German
    ['1.299,- €', 1299, 'EUR'],
    ['1.299,00 €', 1299, 'EUR'],
    ['1.299,00\u00a0EUR', 1299, 'EUR'],
    ['49,90 €', 49.9, 'EUR'],
    ['Jetzt nur 19,99 € inkl. MwSt.', 19.99, 'EUR'],
    ["CHF 1'299.50", 1299.5, 'CHF'],
    // English
    ['€1.299,00', 1299, 'EUR'],
    ['$1,299.00', 1299, 'USD'],
    ['US$ 12.50', 12.5, 'USD'],
    ['£1,049.99', 1049.99, 'GBP'],
    ['Price: 1,299', 1299, null],
    ['EUR 9.99', 9.99, 'EUR'],
    ['1,5 zł', 1.5, 'PLN'],
  ])('%s -> %s %s', (text, amount, currency) => {
    const price = parseShopPrice(text);
    expect(price.amount).toBe(amount);
    expect(price.currency).toBe(currency);
    expect(price.range).toBeNull();
    expect(price.from).toBe(false);
  });

  it.each([
    ['od 990 Kč', 990, 'CZK'],
    ['ab 49,90 €', 49.9, 'EUR'],
    ['from $19.99', 19.99, 'USD'],
    ['Už od 1 290 Kč', 1290, 'CZK'],
  ])('"from" prices: %s', (text, amount, currency) => {
    expect(parseShopPrice(text)).toMatchObject({ amount, currency, from: true, range: null });
  });

  it.each([
    ['1 000 – 1 500 Kč', 1000, 1500, 'CZK'],
    ['1 000,- – 1 500,- Kč', 1000, 1500, 'CZK'],
    ['49,90 € - 79,90 €', 49.9, 79.9, 'EUR'],
    ['$20 to $35', 20, 35, 'USD'],
    ['79,90 bis 49,90 €', 49.9, 79.9, 'EUR'],
  ])('ranges take the lowest: %s', (text, low, high, currency) => {
    expect(parseShopPrice(text)).toMatchObject({ amount: low, currency, range: { low, high } });
  });

  it('two prices that are no range: the first (the price shown first)', () => {
    expect(parseShopPrice('999 Kč 1 299 Kč')).toMatchObject({ amount: 999, range: null });
  });

  it.each(['Cena na dotaz', 'Preis auf Anfrage', 'Call for price', 'Price on request', 'Na dotaz'])(
    '"%s" is a price on request',
    (text) => {
      expect(parseShopPrice(text)).toMatchObject({ amount: null, onRequest: true });
    },
  );

  it.each(['', 'Vyprodáno', 'N/A', 'VAT included'])('"%s" holds no price', (text) => {
    expect(parseShopPrice(text)).toMatchObject({ amount: null, onRequest: false, currency: null });
  });

  it('"VAT 1 299" is no currency', () => {
    expect(parseShopPrice('VAT 1 299')).toMatchObject({ amount: 1299, currency: null });
  });
});

describe('parseMachinePrice: structured data writes a dot decimal', () => {
  it.each([
    ['1299.90', 1299.9],
    ['1.299', 1.3],
    [1299, 1299],
    ['0', 0],
    ['1 299,90 Kč', 1299.9],
    ['', null],
    [undefined, null],
  ])('%s -> %s', (value, amount) => {
    expect(parseMachinePrice(value).amount).toBe(amount);
  });
});

describe('parseAvailability', () => {
  it.each([
    ['https://schema.org/InStock', 'in_stock'],
    ['http://schema.org/OutOfStock', 'out_of_stock'],
    ['InStock', 'in_stock'],
    ['schema:LimitedAvailability', 'in_stock'],
    ['https://schema.org/PreOrder', 'out_of_stock'],
    ['https://schema.org/Discontinued', 'out_of_stock'],
    ['in stock', 'in_stock'],
    ['out of stock', 'out_of_stock'],
    ['Skladem > 5 ks', 'in_stock'],
    ['Skladem', 'in_stock'],
    ['Není skladem', 'out_of_stock'],
    ['Vyprodáno', 'out_of_stock'],
    ['Momentálně nedostupné', 'out_of_stock'],
    ['Na objednávku (do 14 dnů)', 'out_of_stock'],
    ['Na skladě', 'in_stock'],
    ['Sofort lieferbar', 'in_stock'],
    ['Auf Lager', 'in_stock'],
    ['Derzeit nicht verfügbar', 'out_of_stock'],
    ['Nicht lieferbar', 'out_of_stock'],
    ['Ausverkauft', 'out_of_stock'],
    ['Sold out', 'out_of_stock'],
    ['Ships today', 'in_stock'],
    ['', 'unknown'],
    ['Contact us', 'unknown'],
  ])('%s -> %s', (text, availability) => {
    expect(parseAvailability(text)).toBe(availability);
  });
});
