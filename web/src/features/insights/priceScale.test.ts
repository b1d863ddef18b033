import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { BAND_TOKENS, bandColor, priceBand, priceIndexDifference } from './priceScale.ts';

describe('priceBand', () => {
  it.each([
    [80, 1, 'muchCheaper'],
    [88.9, 1, 'muchCheaper'],
    [89, 1, 'cheaper'],
    [98.9, 1, 'cheaper'],
    [99, 1, 'same'],
    [100, 1, 'same'],
    [101, 1, 'same'],
    [101.1, 1, 'pricier'],
    [111, 1, 'pricier'],
    [111.1, 1, 'muchPricier'],
    [100, 0, 'same'],
    [100.01, 0, 'pricier'],
    [85, 20, 'same'],
    [75, 20, 'cheaper'],
    [69, 20, 'muchCheaper'],
    [null, 1, 'none'],
    [Number.NaN, 1, 'none'],
  ] as const)('index %s with tolerance %s is %s', (index, tolerance, band) => {
    expect(priceBand(index, tolerance)).toBe(band);
  });
});

describe('bandColor', () => {
  const token = theme.getDesignToken();
  it('fills every band with a theme token, green for cheaper and red for pricier', () => {
    expect(bandColor('cheaper', token)).toBe(token.colorSuccessBg);
    expect(bandColor('muchCheaper', token)).toBe(token.colorSuccessBorder);
    expect(bandColor('pricier', token)).toBe(token.colorErrorBg);
    expect(bandColor('muchPricier', token)).toBe(token.colorErrorBorder);
    for (const key of Object.values(BAND_TOKENS)) expect(typeof token[key]).toBe('string');
  });

  /** WCAG relative luminance of a #rrggbb colour. */
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };

  it('keeps black text at AA contrast (4.5:1) on every coloured band', () => {
    for (const band of ['muchCheaper', 'cheaper', 'pricier', 'muchPricier'] as const) {
      const background = bandColor(band, token);
      expect(background).toMatch(/^#[0-9a-f]{6}$/i);
      // The text colour is near-black (the theme's colorText); pure black is the lower bound's reference.
      expect((luminance(background) + 0.05) / 0.05).toBeGreaterThan(7);
    }
  });
});

describe('priceIndexDifference', () => {
  it('signs the difference from 100 in words as well as colour', () => {
    expect(priceIndexDifference(96.84, 'en')).toBe('−3.2%');
    expect(priceIndexDifference(105, 'en')).toBe('+5%');
    expect(priceIndexDifference(100.04, 'en')).toBe('±0%');
    expect(priceIndexDifference(112.5, 'cs').replace(/\u00a0/g, ' ')).toBe('+12,5 %');
  });
});
