/**
 * The small reads the price suggestions' resolvers need beside the rules and suggestions stores:
 * the products a rule would select (preview), products by id, the money columns the products list
 * asks for, a rule's suggestion count, the competitors a rule names, the recompute's state.
 */
import type { Queryable } from '../../db/transaction.ts';
import { countSelected, selectionCondition } from './selection-sql.ts';
import type { ProductSelection } from '../engine/types.ts';
import type { toPreviewProduct } from './suggestions.ts';

/** A product row as the preview reads it (what `toPreviewProduct` maps). */
export type PreviewRow = Parameters<typeof toPreviewProduct>[0];

const PREVIEW_COLUMNS =
  'p.id, p.item_id, p.name, p.brand, p.category, p.price, p.stock, p.cost, p.map, p.rrp, p.currency';

/** A page of the website's products a rule's selection takes (by name), and how many it takes in all. */
export async function previewProducts(
  db: Queryable,
  websiteId: string,
  selection: ProductSelection,
  limit: number,
  offset: number,
): Promise<{ rows: PreviewRow[]; total: number }> {
  const where = selectionCondition(selection, 4);
  const [{ rows }, total] = await Promise.all([
    db.query<PreviewRow>(
      `SELECT ${PREVIEW_COLUMNS} FROM products p
        WHERE p.organization_website_id = $1 AND ${where.sql} ORDER BY p.name, p.id LIMIT $2 OFFSET $3`,
      [websiteId, limit, offset, ...where.params],
    ),
    countSelected(db as never, websiteId, selection),
  ]);
  return { rows, total };
}

/** The preview columns of the named products (any order; unknown ids are left out). */
export async function previewProductsById(db: Queryable, ids: string[]): Promise<PreviewRow[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<PreviewRow>(
    `SELECT ${PREVIEW_COLUMNS} FROM products p WHERE p.id = ANY($1::uuid[])`,
    [ids],
  );
  return rows;
}

/** Whether the product exists within the organization (`scope`; null: any organization, an Admin). */
export async function productInScope(db: Queryable, productId: string, scope: string | null): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM products p JOIN organization_websites ow ON ow.id = p.organization_website_id
      WHERE p.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)`,
    [productId, scope],
  );
  return rows.length > 0;
}

export interface ProductMoney {
  id: string;
  cost: string | null;
  map: string | null;
  rrp: string | null;
}

/** Cost, MAP and RRP of the named products, by id. */
export async function productMoneyById(db: Queryable, ids: string[]): Promise<Map<string, ProductMoney>> {
  const { rows } = await db.query<ProductMoney>('SELECT id, cost, map, rrp FROM products WHERE id = ANY($1::uuid[])', [
    ids,
  ]);
  return new Map(rows.map((r) => [r.id, r]));
}

export async function suggestionCountOfRule(db: Queryable, ruleId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM price_suggestions WHERE rule_id = $1',
    [ruleId],
  );
  return rows[0]!.n;
}

/** The named competitors' ids and names, by name. */
export async function competitorNames(db: Queryable, ids: string[]): Promise<Array<{ id: string; name: string }>> {
  if (!ids.length) return [];
  const { rows } = await db.query<{ id: string; name: string }>(
    'SELECT id, name FROM competitors WHERE id = ANY($1::uuid[]) ORDER BY name',
    [ids],
  );
  return rows;
}

export interface RecomputeRow {
  state: string;
  products: number | null;
  started_at: Date | string | null;
  finished_at: Date | string | null;
  error: string | null;
}

/** The website's full recompute as last queued or run (null: never). */
export async function recomputeOf(db: Queryable, websiteId: string): Promise<RecomputeRow | null> {
  const { rows } = await db.query<RecomputeRow>(
    'SELECT state, products, started_at, finished_at, error FROM price_suggestion_recomputes WHERE organization_website_id = $1',
    [websiteId],
  );
  return rows[0] ?? null;
}
