import { type CsvValue, rounded, toCsv } from './csv.ts';
import type { HeatMapView } from '../../features/insights/insightsState.ts';

/** The figures of a brand row the brand snapshot needs (a subset of the API's BrandSnapshotRow). */
export interface BrandFigures {
  brand: string;
  products: number;
  matchedProducts: number;
  coveragePercent: number;
  priceIndex?: number | null;
  comparison: { cheaper: number; same: number; pricier: number };
  averageDifferencePercent?: number | null;
  cells: readonly {
    competitorId: string;
    matchedProducts: number;
    priceIndex?: number | null;
    comparison: { cheaper: number; same: number; pricier: number };
  }[];
}

/** The brand table's columns in order; `count` columns are whole numbers, the others one decimal. */
export const BRAND_COLUMNS = [
  { key: 'brand', kind: 'text' },
  { key: 'products', kind: 'count' },
  { key: 'matchedProducts', kind: 'count' },
  { key: 'coveragePercent', kind: 'figure' },
  { key: 'priceIndex', kind: 'figure' },
  { key: 'cheaper', kind: 'count' },
  { key: 'same', kind: 'count' },
  { key: 'pricier', kind: 'count' },
  { key: 'averageDifferencePercent', kind: 'figure' },
] as const;
export type BrandColumn = (typeof BRAND_COLUMNS)[number]['key'];

/** A row's values by column, rounded as shown (the table formats them, the CSV writes them). */
export function brandValues(row: BrandFigures, brandLabel = row.brand): Record<BrandColumn, CsvValue> {
  return {
    brand: brandLabel,
    products: row.products,
    matchedProducts: row.matchedProducts,
    coveragePercent: rounded(row.coveragePercent),
    priceIndex: rounded(row.priceIndex),
    cheaper: row.comparison.cheaper,
    same: row.comparison.same,
    pricier: row.comparison.pricier,
    averageDifferencePercent: rounded(row.averageDifferencePercent),
  };
}

/** The brand table as CSV: the header the table shows, one line per brand, then the total line. */
export function brandTableCsv(
  rows: readonly BrandFigures[],
  total: BrandFigures | null,
  header: Record<BrandColumn, string>,
  totalLabel: string,
): string {
  const lines = rows.map((row) => brandValues(row));
  if (total) lines.push(brandValues(total, totalLabel));
  return toCsv(
    BRAND_COLUMNS.map((c) => header[c.key]),
    lines.map((values) => BRAND_COLUMNS.map((c) => values[c.key])),
  );
}

/** What a heat map cell holds in a view: the price index (one decimal) or one of the counts. */
export function heatMapValue(cell: BrandFigures['cells'][number] | undefined, view: HeatMapView): number | null {
  if (!cell || cell.matchedProducts === 0) return null;
  if (view === 'INDEX') return rounded(cell.priceIndex);
  return cell.comparison[view === 'CHEAPER' ? 'cheaper' : view === 'SAME' ? 'same' : 'pricier'];
}

/** The cell of a brand row for a competitor (undefined when the brand has none of its products matched). */
export function cellOf(row: BrandFigures, competitorId: string) {
  return row.cells.find((cell) => cell.competitorId === competitorId);
}

/** The heat map as CSV in its current view: brand, then one column per competitor. */
export function heatMapCsv(
  rows: readonly BrandFigures[],
  competitors: readonly { id: string; name: string }[],
  view: HeatMapView,
  brandHeader: string,
): string {
  return toCsv(
    [brandHeader, ...competitors.map((c) => c.name)],
    rows.map((row) => [row.brand, ...competitors.map((c) => heatMapValue(cellOf(row, c.id), view))]),
  );
}
