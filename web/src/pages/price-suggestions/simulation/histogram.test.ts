import { describe, expect, it } from 'vitest';
import { bucketLabel, histogramRows } from './histogram.ts';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('bucketLabel', () => {
  it.each([
    [{ fromPercent: -10, toPercent: -5 }, 'en', '−10% … −5%'],
    [{ fromPercent: -2.5, toPercent: 0 }, 'en', '−2.5% … 0%'],
    [{ fromPercent: 0, toPercent: 2.5 }, 'en', '0% … +2.5%'],
    [{ fromPercent: 5, toPercent: 10 }, 'cs', '+5 % … +10 %'],
  ] as const)('%o in %s is %s', (bucket, language, label) => {
    expect(plain(bucketLabel(bucket, language))).toBe(label);
  });

  it('keeps the counts beside the labels, in order', () => {
    const rows = histogramRows(
      [
        { fromPercent: -5, toPercent: 0, count: 3 },
        { fromPercent: 0, toPercent: 5, count: 7 },
      ],
      'en',
    );
    expect(rows.map((row) => [plain(row.label), row.count])).toEqual([
      ['−5% … 0%', 3],
      ['0% … +5%', 7],
    ]);
  });
});
