import { describe, expect, it } from 'vitest';
import { exportFileName } from './downloadCsv.ts';

describe('exportFileName', () => {
  it('names the website and the day', () => {
    expect(exportFileName('Alpine Outdoor Shop CZ', new Date(2026, 2, 5))).toBe(
      'products-alpine-outdoor-shop-cz-2026-03-05.csv',
    );
  });

  it('drops accents and characters a file system may refuse', () => {
    expect(exportFileName('Česká / "Sklárna" & Home', new Date(2026, 11, 31))).toBe(
      'products-ceska-sklarna-home-2026-12-31.csv',
    );
  });

  it('stands in for a name with nothing usable', () => {
    expect(exportFileName('***', new Date(2026, 0, 1))).toBe('products-website-2026-01-01.csv');
  });
});
