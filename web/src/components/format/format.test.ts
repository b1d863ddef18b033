import { describe, expect, it } from 'vitest';
import {
  formatByteCount,
  formatAxisPrice,
  formatCount,
  formatDate,
  formatDateTime,
  formatDay,
  formatPercentage,
  formatPrice,
} from './format.ts';

// Intl puts narrow no-break spaces and no-break spaces between groups and before units.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatPrice', () => {
  it('writes the price in its currency as the UI language does', () => {
    expect(plain(formatPrice(1234.5, 'CZK', 'cs'))).toBe('1 234,50 Kč');
    expect(formatPrice(1234.5, 'EUR', 'en')).toBe('€1,234.50');
    expect(plain(formatPrice(99.9, 'EUR', 'cs'))).toBe('99,90 €');
  });

  it('signs a difference', () => {
    expect(plain(formatPrice(120, 'CZK', 'cs', { signed: true }))).toBe('+120,00 Kč');
    // The minus sign, not Intl's hyphen: as the signed percentages beside it.
    expect(formatPrice(-5.5, 'EUR', 'en', { signed: true })).toBe('−€5.50');
    expect(plain(formatPrice(-960.91, 'CZK', 'cs', { signed: true }))).toBe('−960,91 Kč');
    expect(formatPrice(0, 'EUR', 'en', { signed: true })).toBe('€0.00');
    expect(formatPrice(-5.5, 'EUR', 'en')).toBe('−€5.50');
  });

  it('shows a dash without a price', () => {
    expect(formatPrice(null, 'CZK', 'cs')).toBe('—');
  });

  it('copes with an unknown currency code and a language Intl does not know', () => {
    expect(formatPrice(10, 'XYZW', 'en')).toBe('10.00 XYZW');
    expect(formatPrice(10, 'EUR', 'not a language!')).toBe('€10.00');
  });
});

describe('formatByteCount', () => {
  it.each([
    [512, 'en', '512 bytes'],
    [2048, 'en', '2 kB'],
    [1536 * 1024, 'en', '1.5 MB'],
    [1536 * 1024, 'cs', '1,5 MB'],
    [300 * 1024, 'cs', '300 kB'],
  ])('%d bytes in %s: %s', (count, language, text) => {
    expect(plain(formatByteCount(count, language))).toBe(text);
  });
});

describe('formatAxisPrice', () => {
  it('drops the decimals of whole ticks', () => {
    expect(plain(formatAxisPrice(1650, 'CZK', 'en', true))).toBe('CZK 1,650');
    expect(plain(formatAxisPrice(1650, 'CZK', 'cs', true))).toBe('1 650 Kč');
    expect(formatAxisPrice(12.5, 'EUR', 'en', false)).toBe('€12.50');
  });
});

describe('formatPercentage, formatCount, formatDateTime', () => {
  it('signs percent with one decimal', () => {
    // A signed difference with one decimal: the minus sign as the signed amounts write it.
    const difference = (percent: number | null, language: string) =>
      plain(formatPercentage(percent, language, { fixed: true, signed: true }));
    expect(difference(4.25, 'en')).toBe('+4.3%');
    expect(difference(-12, 'cs')).toBe('−12,0 %');
    expect(difference(0, 'en')).toBe('±0.0%');
    expect(difference(null, 'en')).toBe('—');
  });

  it('writes a percentage as the language does, never by hand', () => {
    const cases: [number | null, string, Parameters<typeof formatPercentage>[2], string][] = [
      [19.14, 'en', {}, '19.1%'],
      [19.14, 'cs', {}, '19,1 %'],
      [22, 'en', {}, '22%'],
      [22, 'en', { fixed: true }, '22.0%'],
      [71.6, 'en', { digits: 0 }, '72%'],
      [2.5, 'cs', { digits: 2 }, '2,5 %'],
      [12.345, 'en', { digits: 2 }, '12.35%'],
      [10, 'cs', { digits: 2 }, '10 %'],
      [-3.24, 'en', { signed: true }, '−3.2%'],
      [5, 'cs', { signed: true }, '+5 %'],
      [0.04, 'en', { signed: true }, '±0%'],
      [-0.04, 'en', { signed: true }, '±0%'],
      [-4, 'en', {}, '−4%'],
      [null, 'en', {}, '—'],
      [Number.NaN, 'cs', {}, '—'],
      [50, 'not a language!', {}, '50%'],
    ];
    for (const [percent, language, options, text] of cases) {
      expect(plain(formatPercentage(percent, language, options)), `${percent} ${language}`).toBe(text);
    }
  });

  it('groups thousands', () => {
    expect(formatCount(12345, 'en')).toBe('12,345');
    expect(plain(formatCount(12345, 'cs'))).toBe('12 345');
  });

  it('writes dates in the language, a dash for none', () => {
    expect(formatDateTime('2026-03-05T14:30:00Z', 'en')).toMatch(/Mar 5, 2026/);
    expect(formatDateTime(null, 'en')).toBe('—');
    expect(formatDateTime('garbage', 'en')).toBe('—');
  });
  it('writes the date alike with or without a time, with seconds where asked', () => {
    const at = '2026-03-05T14:30:07Z';
    const day = formatDate(at, 'en');
    expect(day).toMatch(/^Mar [45], 2026$/);
    expect(formatDateTime(at, 'en').startsWith(day)).toBe(true);
    expect(formatDateTime(at, 'en')).not.toMatch(/:07/);
    expect(formatDateTime(at, 'en', { seconds: true })).toMatch(/:07/);
    expect(formatDate(at, 'cs')).toMatch(/2026/);
    expect(formatDate(at, 'cs')).not.toBe(day);
    expect(formatDate(null, 'en')).toBe('—');
  });
  it("keeps a UTC day (the insights' days) on its date in a time zone west of UTC", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      // The zone took effect: read in it, midnight UTC is the day before.
      expect(new Date(Date.parse('2026-11-05')).getDate()).toBe(4);
      expect(formatDate('2026-11-05', 'en', { utc: true })).toBe('Nov 5, 2026');
      expect(formatDay(Date.parse('2026-11-05'), 'en', { utc: true })).toBe('11/5');
      expect(formatDay(Date.parse('2026-11-05'), 'cs', { utc: true })).toBe('5. 11.');
    } finally {
      process.env.TZ = zone;
      if (zone === undefined) delete process.env.TZ;
    }
  });
});
