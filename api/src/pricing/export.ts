/** priceSuggestionExport: the suggestions the filter selects as CSV text (at most 100,000 rows). */
import type { Pool } from 'pg';
import { toNumber } from '../catalogue/catalogue-scope.ts';
import { csvCell } from './feed/format.ts';
import { SUGGESTION_SELECT, suggestionWhere, type SuggestionFilter, type SuggestionRow } from './store/suggestions.ts';

export const EXPORT_MAX_ROWS = 100_000;
const COLUMNS = [
  'item_id',
  'name',
  'currency',
  'current_price',
  'suggested_price',
  'change',
  'change_percent',
  'outcome',
  'review',
  'rule',
  'computed_at',
];

export async function suggestionCsv(
  pool: Pool,
  websiteId: string,
  filter: SuggestionFilter | null | undefined,
): Promise<{ csv: string; rows: number; truncated: boolean }> {
  const where = suggestionWhere(filter, 2);
  const { rows } = await pool.query<SuggestionRow>(
    `${SUGGESTION_SELECT} WHERE s.organization_website_id = $1 AND ${where.sql} ORDER BY p.name, s.product_id LIMIT ${EXPORT_MAX_ROWS + 1}`,
    [websiteId, ...where.params],
  );
  const truncated = rows.length > EXPORT_MAX_ROWS;
  const kept = truncated ? rows.slice(0, EXPORT_MAX_ROWS) : rows;
  const lines = [COLUMNS.join(',')];
  for (const r of kept) {
    lines.push(
      [
        r.item_id,
        r.name,
        r.currency.trim(),
        toNumber(r.current_price),
        toNumber(r.suggested_price),
        toNumber(r.change),
        toNumber(r.change_percent),
        r.outcome,
        r.review,
        r.rule_name,
        r.computed_at.toISOString(),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return { csv: `${lines.join('\n')}\n`, rows: kept.length, truncated };
}
