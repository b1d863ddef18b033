import { describe, expect, it } from 'vitest';
import {
  chartRows,
  type CompetitorColumn,
  competitorTableCsv,
  competitorValues,
  drawnCompetitors,
  seriesCsv,
} from './competitorTable.ts';

const alza = {
  competitor: { id: 'c1', name: 'Alza' },
  matchedProducts: 40,
  overlapPercent: 33.333,
  priceIndex: 102.46,
  comparison: { cheaper: 10, same: 5, pricier: 25 },
  inStockShare: 0.8751,
  lastCollectedAt: '2026-11-27T03:00:00.000Z',
  dynamics: { up: 7, down: 3, unchanged: 30, averageChangePercent: 1.25 },
};

describe('competitor table', () => {
  it('rounds as shown and writes the in-stock share as a percent', () => {
    expect(competitorValues(alza)).toMatchObject({
      overlapPercent: 33.3,
      priceIndex: 102.5,
      inStockPercent: 87.5,
      averageChangePercent: 1.3,
      up: 7,
    });
  });

  it('leaves unknown figures empty in the CSV', () => {
    const header = new Proxy({}, { get: (_, key) => String(key) }) as Record<CompetitorColumn, string>;
    const csv = competitorTableCsv(
      [
        {
          ...alza,
          inStockShare: null,
          lastCollectedAt: null,
          priceIndex: null,
          dynamics: { up: 0, down: 0, unchanged: 0, averageChangePercent: null },
        },
      ],
      header,
    );
    expect(csv.split('\r\n')[1]).toBe('Alza,40,33.3,,10,5,25,,,0,0,0,');
  });
});

describe('price index over time', () => {
  const series = [
    { day: '2026-11-02', competitorId: 'c1', priceIndex: 99.04, matchedProducts: 10 },
    { day: '2026-11-01', competitorId: 'c1', priceIndex: 98, matchedProducts: 10 },
    { day: '2026-11-01', competitorId: 'c2', priceIndex: 103.5, matchedProducts: 4 },
    { day: '2026-11-02', competitorId: 'c2', priceIndex: null, matchedProducts: 0 },
  ];

  it('makes one row per day in order; a missing point is a gap, not a zero', () => {
    const rows = chartRows(series);
    expect(rows).toEqual([
      { day: '2026-11-01', c1: 98, c2: 103.5 },
      { day: '2026-11-02', c1: 99 },
    ]);
  });

  it('draws only competitors with a point', () => {
    const competitors = [
      { id: 'c1', name: 'Alza' },
      { id: 'c2', name: 'Mall' },
      { id: 'c3', name: 'Empty' },
    ];
    expect(drawnCompetitors(competitors, chartRows(series)).map((c) => c.id)).toEqual(['c1', 'c2']);
  });

  it('writes the table alternative as CSV', () => {
    expect(
      seriesCsv(
        chartRows(series),
        [
          { id: 'c1', name: 'Alza' },
          { id: 'c2', name: 'Mall' },
        ],
        'Day',
      ),
    ).toBe('Day,Alza,Mall\r\n2026-11-01,98,103.5\r\n2026-11-02,99,\r\n');
  });

  it('has no rows without data', () => {
    expect(chartRows([])).toEqual([]);
  });
});
