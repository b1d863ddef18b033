import { describe, expect, it } from 'vitest';
import { itValidatesOperations } from '../../test-support/validOperations.ts';
import * as scrapers from './queries.ts';
import { exportFile } from './detail/ScraperActions.tsx';
import { runPercent } from './detail/RunHistory.tsx';
import { heldChangePercent } from './detail/HeldPrices.tsx';

describe('the scraper operations against the API schema', () => {
  itValidatesOperations(scrapers);
});

describe('export file and run progress', () => {
  it('exports name and settings as JSON under a file name made of the name', () => {
    const file = exportFile({ name: 'Alza.cz — main', settings: '{"sources":{"knownUrls":true}}' });
    expect(file.name).toBe('alza-cz-main.scraper.json');
    expect(JSON.parse(file.text)).toEqual({ name: 'Alza.cz — main', settings: { sources: { knownUrls: true } } });
  });
  it.each([
    [{ status: 'queued', pagesFetched: 0, pagesTotal: 0 }, 0],
    [{ status: 'running', pagesFetched: 5, pagesTotal: 20 }, 25],
    [{ status: 'running', pagesFetched: 20, pagesTotal: 20 }, 99],
    [{ status: 'succeeded', pagesFetched: 3, pagesTotal: 20 }, 100],
  ] as const)('%j -> %d %', (run, percent) => expect(runPercent(run)).toBe(percent));
});

describe('a held price against the stored one', () => {
  it.each([
    [{ previousPrice: 300, previousCurrency: 'CZK', price: 900, currency: 'CZK' }, 200],
    [{ previousPrice: 1000, previousCurrency: 'EUR', price: 399, currency: 'EUR' }, -60],
    [{ previousPrice: null, previousCurrency: null, price: 10, currency: 'EUR' }, null],
    [{ previousPrice: 0, previousCurrency: 'EUR', price: 10, currency: 'EUR' }, null],
    [{ previousPrice: 100, previousCurrency: 'EUR', price: 2500, currency: 'CZK' }, null],
  ] as const)('%j -> %s %', (held, percent) => expect(heldChangePercent(held)).toBe(percent));
});
