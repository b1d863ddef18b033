import { type CsvValue, rounded, toCsv } from './csv.ts';

/** The figures of a competitor row the competitor snapshot shows (the API's CompetitorSnapshotRow). */
export interface CompetitorFigures {
  competitor: { id: string; name: string };
  matchedProducts: number;
  overlapPercent: number;
  priceIndex?: number | null;
  comparison: { cheaper: number; same: number; pricier: number };
  inStockShare?: number | null;
  lastCollectedAt?: string | null;
  dynamics: { up: number; down: number; unchanged: number; averageChangePercent?: number | null };
}

export const COMPETITOR_COLUMNS = [
  { key: 'competitor', kind: 'text' },
  { key: 'matchedProducts', kind: 'count' },
  { key: 'overlapPercent', kind: 'figure' },
  { key: 'priceIndex', kind: 'figure' },
  { key: 'cheaper', kind: 'count' },
  { key: 'same', kind: 'count' },
  { key: 'pricier', kind: 'count' },
  { key: 'inStockPercent', kind: 'figure' },
  { key: 'lastCollectedAt', kind: 'instant' },
  { key: 'up', kind: 'count' },
  { key: 'down', kind: 'count' },
  { key: 'unchanged', kind: 'count' },
  { key: 'averageChangePercent', kind: 'figure' },
] as const;
export type CompetitorColumn = (typeof COMPETITOR_COLUMNS)[number]['key'];

/** A row's values by column, rounded as shown; the in-stock share as a percent. */
export function competitorValues(row: CompetitorFigures): Record<CompetitorColumn, CsvValue> {
  return {
    competitor: row.competitor.name,
    matchedProducts: row.matchedProducts,
    overlapPercent: rounded(row.overlapPercent),
    priceIndex: rounded(row.priceIndex),
    cheaper: row.comparison.cheaper,
    same: row.comparison.same,
    pricier: row.comparison.pricier,
    inStockPercent: row.inStockShare == null ? null : rounded(row.inStockShare * 100),
    lastCollectedAt: row.lastCollectedAt ?? null,
    up: row.dynamics.up,
    down: row.dynamics.down,
    unchanged: row.dynamics.unchanged,
    averageChangePercent: rounded(row.dynamics.averageChangePercent),
  };
}

export function competitorTableCsv(
  rows: readonly CompetitorFigures[],
  header: Record<CompetitorColumn, string>,
): string {
  return toCsv(
    COMPETITOR_COLUMNS.map((c) => header[c.key]),
    rows.map((row) => {
      const values = competitorValues(row);
      return COMPETITOR_COLUMNS.map((c) => values[c.key]);
    }),
  );
}

export interface IndexPoint {
  day: string;
  competitorId: string;
  priceIndex?: number | null;
  matchedProducts: number;
}

/** One row per day with data (ascending), a column per competitor: `{ day, c1: 97.2, c2: 101.5 }`. */
export type ChartRow = { day: string } & Record<string, number | string | null>;

/**
 * The chart's rows from the API's daily points. A day without a point (or without an index) is
 * left out of that competitor's line — a gap, never a zero.
 */
export function chartRows(series: readonly IndexPoint[]): ChartRow[] {
  const byDay = new Map<string, ChartRow>();
  for (const point of series) {
    if (point.priceIndex == null || !Number.isFinite(point.priceIndex) || point.matchedProducts === 0) continue;
    const row = byDay.get(point.day) ?? ({ day: point.day } as ChartRow);
    row[point.competitorId] = rounded(point.priceIndex);
    byDay.set(point.day, row);
  }
  return [...byDay.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/** The competitors that have at least one point to draw (the others get no line and are named as such). */
export function drawnCompetitors<C extends { id: string }>(competitors: readonly C[], rows: readonly ChartRow[]): C[] {
  return competitors.filter((c) => rows.some((row) => typeof row[c.id] === 'number'));
}

/** The chart's table alternative as CSV: day, then a column per competitor. */
export function seriesCsv(
  rows: readonly ChartRow[],
  competitors: readonly { id: string; name: string }[],
  dayHeader: string,
): string {
  return toCsv(
    [dayHeader, ...competitors.map((c) => c.name)],
    rows.map((row) => [
      row.day,
      ...competitors.map((c) => (typeof row[c.id] === 'number' ? (row[c.id] as number) : null)),
    ]),
  );
}
