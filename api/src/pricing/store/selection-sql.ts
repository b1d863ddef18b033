/**
 * A rule's product filters as SQL over `products p` (the store's counts, previews and
 * recomputes): the same selection as engine/selection.ts, which a test holds it to. Only the
 * conditions a rule has are written, so the planner sees a plain filter. Active products only.
 */
import type { ProductSelection } from '../engine/types.ts';

export interface SqlPart {
  sql: string;
  params: unknown[];
}

/** The condition on `p`, its parameters numbered from `$<first>`. */
export function selectionCondition(selection: ProductSelection, first: number): SqlPart {
  const params: unknown[] = [];
  const param = (value: unknown, type: string) => {
    params.push(value);
    return `$${first + params.length - 1}::${type}`;
  };
  const conditions: string[] = [];
  if (selection.brands.length)
    conditions.push(
      `lower(p.brand) = ANY(${param(
        selection.brands.map((b) => b.toLowerCase()),
        'text[]',
      )})`,
    );
  if (selection.categories.length)
    conditions.push(
      `lower(p.category) = ANY(${param(
        selection.categories.map((c) => c.toLowerCase()),
        'text[]',
      )})`,
    );
  if (selection.priceMin != null) conditions.push(`p.price >= ${param(selection.priceMin, 'numeric')}`);
  if (selection.priceMax != null) conditions.push(`p.price <= ${param(selection.priceMax, 'numeric')}`);
  if (selection.availability === 'IN_STOCK') conditions.push('p.stock > 0');
  if (selection.availability === 'OUT_OF_STOCK') conditions.push('(p.stock IS NULL OR p.stock <= 0)');
  let sql = conditions.length ? conditions.join(' AND ') : 'true';
  if (selection.includeProductIds.length)
    sql = `(p.id = ANY(${param(selection.includeProductIds, 'uuid[]')}) OR (${sql}))`;
  if (selection.excludeProductIds.length)
    sql = `p.id <> ALL(${param(selection.excludeProductIds, 'uuid[]')}) AND ${sql}`;
  return { sql: `p.active AND ${sql}`, params };
}

/** How many of the website's products the selection takes now. */
export async function countSelected(
  db: { query: (text: string, values: unknown[]) => Promise<{ rows: Array<{ n: number }> }> },
  websiteId: string,
  selection: ProductSelection,
): Promise<number> {
  const where = selectionCondition(selection, 2);
  const { rows } = await db.query(
    `SELECT count(*)::int AS n FROM products p WHERE p.organization_website_id = $1 AND ${where.sql}`,
    [websiteId, ...where.params],
  );
  return rows[0]!.n;
}
