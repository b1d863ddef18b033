import { describe, expect, it } from 'vitest';
import { classifyScrape, externalIdOf, priceJumpShare } from './classify.ts';

const stored = { id: 'p1', price: 1000, currency: 'CZK', availability: 'in_stock' };
const scraped = (
  price: number,
  currency = 'CZK',
  availability: 'in_stock' | 'out_of_stock' | 'unknown' = 'in_stock',
) => ({ price, currency, availability });

describe('classifyScrape', () => {
  it.each([
    ['no stored product', null, scraped(1000), 0.5, 'new'],
    ['same price, currency and availability', stored, scraped(1000), 0.5, 'unchanged'],
    ['price within a rounding cent', stored, scraped(1000.001), 0.5, 'unchanged'],
    ['price moved within the allowed share', stored, scraped(1200), 0.5, 'changed'],
    ['availability changed only', stored, scraped(1000, 'CZK', 'out_of_stock'), 0.5, 'changed'],
    ['currency changed (no jump check across currencies)', stored, scraped(40, 'EUR'), 0.5, 'changed'],
    ['price jumps beyond the share', stored, scraped(1600), 0.5, 'held'],
    ['price falls beyond the share', stored, scraped(400), 0.5, 'held'],
    ['no limit configured', stored, scraped(5000), null, 'changed'],
    ['stored without a price', { ...stored, price: null }, scraped(5000), 0.5, 'changed'],
    [
      'stored without availability counts as unknown',
      { ...stored, availability: null },
      scraped(1000, 'CZK', 'unknown'),
      0.5,
      'unchanged',
    ],
  ] as const)('%s', (_name, before, after, share, kind) => {
    expect(classifyScrape(before, after, share).kind).toBe(kind);
  });

  it('names both prices and the limit when it holds a price', () => {
    const outcome = classifyScrape(stored, scraped(1600), 0.5);
    expect(outcome.kind === 'held' && outcome.reason).toBe(
      'price 1600.00 CZK differs from the stored 1000.00 by 60 % (more than the 50 % allowed): held for review',
    );
  });
});

describe('priceJumpShare and externalIdOf', () => {
  it('measures the move against the earlier price', () => {
    expect(priceJumpShare(100, 150)).toBe(0.5);
    expect(priceJumpShare(null, 150)).toBe(0);
    expect(priceJumpShare(0, 150)).toBe(0);
  });
  it('keeps short addresses and shortens long ones to 200 characters, distinct per address', () => {
    expect(externalIdOf('https://shop.example/p/1')).toBe('https://shop.example/p/1');
    const long = (n: number) => `https://shop.example/${'x'.repeat(300)}/${n}`;
    expect(externalIdOf(long(1))).toHaveLength(200);
    expect(externalIdOf(long(1))).not.toBe(externalIdOf(long(2)));
  });
});
