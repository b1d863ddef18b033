/** The SQL of suggestions: reading them (lists, one product, the export), reviewing them, the review log. */
import { badUserInput } from '../../graphql/errors.ts';
import { likePattern, toIso, toNumber } from '../../catalogue/catalogue-scope.ts';
import type { Queryable } from '../../db/transaction.ts';
import { uuidArg } from '../../graphql/validate.ts';
import type { ExplanationStep } from '../engine/types.ts';

export interface SuggestionRow {
  product_id: string;
  item_id: string;
  name: string;
  brand: string | null;
  category: string | null;
  price: string | null;
  stock: number | null;
  cost: string | null;
  map: string | null;
  rrp: string | null;
  product_currency: string;
  current_price: string | null;
  suggested_price: string | null;
  change: string | null;
  change_percent: string | null;
  currency: string;
  outcome: string;
  review: string;
  reviewed_by_email: string | null;
  reviewed_at: Date | null;
  rule_id: string | null;
  rule_name: string | null;
  explanation: ExplanationStep[];
  computed_at: Date;
}

export const SUGGESTION_SELECT = `
  SELECT s.product_id, p.item_id, p.name, p.brand, p.category, p.price, p.stock, p.cost, p.map, p.rrp, p.currency AS product_currency,
         s.current_price, s.suggested_price, s.change, s.change_percent, s.currency, s.outcome, s.review, s.reviewed_by_email, s.reviewed_at,
         s.rule_id, r.name AS rule_name, s.explanation, s.computed_at
    FROM price_suggestions s JOIN products p ON p.id = s.product_id LEFT JOIN price_rules r ON r.id = s.rule_id`;

export function toPreviewProduct(row: {
  product_id?: string;
  id?: string;
  item_id: string;
  name: string;
  brand: string | null;
  category: string | null;
  price: string | null;
  stock: number | null;
  cost: string | null;
  map: string | null;
  rrp: string | null;
  product_currency?: string;
  currency?: string;
}) {
  return {
    id: (row.product_id ?? row.id)!,
    itemId: row.item_id,
    name: row.name,
    brand: row.brand,
    category: row.category,
    price: toNumber(row.price),
    currency: (row.product_currency ?? row.currency ?? 'CZK').trim(),
    stock: row.stock,
    cost: toNumber(row.cost),
    map: toNumber(row.map),
    rrp: toNumber(row.rrp),
  };
}

export function toSuggestion(row: SuggestionRow) {
  return {
    id: row.product_id,
    product: toPreviewProduct(row),
    currentPrice: toNumber(row.current_price),
    suggestedPrice: toNumber(row.suggested_price),
    change: toNumber(row.change),
    changePercent: toNumber(row.change_percent),
    currency: row.currency.trim(),
    outcome: row.outcome,
    review: row.review,
    reviewedBy: row.reviewed_by_email,
    reviewedAt: toIso(row.reviewed_at),
    rule: row.rule_id && row.rule_name ? { id: row.rule_id, name: row.rule_name } : null,
    explanation: row.explanation,
    computedAt: toIso(row.computed_at)!,
  };
}
export type SuggestionObject = ReturnType<typeof toSuggestion>;

export interface SuggestionFilter {
  outcome?: string | null;
  review?: string | null;
  ruleId?: string | null;
  changedOnly?: boolean | null;
  search?: string | null;
}

/** The filter's conditions on `s` and `p`, parameters from `$<first>`. */
export function suggestionWhere(
  filter: SuggestionFilter | null | undefined,
  first: number,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const conditions: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${first + params.length - 1}`;
  };
  if (filter?.outcome) conditions.push(`s.outcome = ${param(filter.outcome)}`);
  if (filter?.review) conditions.push(`s.review = ${param(filter.review)}`);
  if (filter?.ruleId) conditions.push(`s.rule_id = ${param(uuidArg('filter.ruleId', filter.ruleId))}::uuid`);
  if (filter?.changedOnly) conditions.push('s.change <> 0');
  const search = filter?.search?.trim();
  if (search) {
    if (search.length > 200) throw badUserInput('filter.search', 'must be at most 200 characters');
    conditions.push(`(p.name ILIKE ${param(likePattern(search))} OR p.item_id = ${param(search)})`);
  }
  return { sql: conditions.length ? conditions.join(' AND ') : 'true', params };
}

export const SUGGESTION_SORTS = {
  CHANGE_PERCENT_ASC: 's.change_percent ASC NULLS LAST, s.product_id',
  CHANGE_PERCENT_DESC: 's.change_percent DESC NULLS LAST, s.product_id',
  NAME_ASC: 'p.name ASC, s.product_id',
  NAME_DESC: 'p.name DESC, s.product_id',
  COMPUTED_AT_DESC: 's.computed_at DESC, s.product_id',
} as const;

export async function listSuggestions(
  db: Queryable,
  websiteId: string,
  filter: SuggestionFilter | null | undefined,
  sort: keyof typeof SUGGESTION_SORTS,
  limit: number,
  offset: number,
): Promise<{ rows: SuggestionRow[]; total: number }> {
  const where = suggestionWhere(filter, 2);
  const base = `s.organization_website_id = $1 AND ${where.sql}`;
  const n = where.params.length + 2;
  const [{ rows }, total] = await Promise.all([
    db.query<SuggestionRow>(
      `${SUGGESTION_SELECT} WHERE ${base} ORDER BY ${SUGGESTION_SORTS[sort]} LIMIT $${n} OFFSET $${n + 1}`,
      [websiteId, ...where.params, limit, offset],
    ),
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM price_suggestions s JOIN products p ON p.id = s.product_id WHERE ${base}`,
      [websiteId, ...where.params],
    ),
  ]);
  return { rows, total: total.rows[0]!.n };
}

export async function suggestionsOf(db: Queryable, productIds: string[]): Promise<SuggestionRow[]> {
  if (!productIds.length) return [];
  const { rows } = await db.query<SuggestionRow>(`${SUGGESTION_SELECT} WHERE s.product_id = ANY($1::uuid[])`, [
    productIds,
  ]);
  return rows;
}

export const DECISIONS = { ACCEPT: 'ACCEPTED', REJECT: 'REJECTED', RESET: 'PENDING' } as const;
export type Decision = keyof typeof DECISIONS;

/**
 * Sets the review of the selected suggestions and logs each change in the same statement. A
 * suggestion already in that state is left alone; one without a price cannot be accepted.
 * `target` is SQL over `s` (and `p`) with parameters from $6.
 */
export async function reviewSuggestions(
  db: Queryable,
  websiteId: string,
  target: { sql: string; params: unknown[] },
  decision: Decision,
  actor: { id: string; email: string },
  max: number,
): Promise<string[]> {
  const { rows } = await db.query<{ product_id: string }>(
    `WITH chosen AS (
       SELECT s.product_id FROM price_suggestions s JOIN products p ON p.id = s.product_id
        WHERE s.organization_website_id = $1 AND s.review <> $2 AND ($3 <> 'ACCEPT' OR s.suggested_price IS NOT NULL) AND ${target.sql}
        ORDER BY s.product_id LIMIT ${max} FOR UPDATE OF s
     ), changed AS (
       UPDATE price_suggestions s SET review = $2, reviewed_by = $4, reviewed_by_email = $5, reviewed_at = now()
         FROM chosen c WHERE s.product_id = c.product_id
       RETURNING s.product_id, s.suggested_price, s.current_price, s.currency, s.rule_id
     )
     INSERT INTO price_suggestion_log (organization_website_id, product_id, decision, suggested_price, current_price, currency, rule_id, rule_name, actor_id, actor_email)
     SELECT $1, c.product_id, $3, c.suggested_price, c.current_price, c.currency, c.rule_id, r.name, $4, $5
       FROM changed c LEFT JOIN price_rules r ON r.id = c.rule_id
     RETURNING product_id`,
    [websiteId, DECISIONS[decision], decision, actor.id, actor.email, ...target.params],
  );
  return rows.map((r) => r.product_id);
}

interface LogRow {
  id: string;
  product_id: string;
  name: string;
  item_id: string;
  decision: string;
  suggested_price: string | null;
  current_price: string | null;
  currency: string;
  rule_name: string | null;
  actor_email: string | null;
  decided_at: Date;
}

export async function suggestionLog(
  db: Queryable,
  websiteId: string,
  productId: string | null,
  limit: number,
  offset: number,
) {
  const where = 'l.organization_website_id = $1 AND ($2::uuid IS NULL OR l.product_id = $2::uuid)';
  const [{ rows }, total] = await Promise.all([
    db.query<LogRow>(
      `SELECT l.id::text AS id, l.product_id, p.name, p.item_id, l.decision, l.suggested_price, l.current_price, l.currency, l.rule_name, l.actor_email, l.decided_at
         FROM price_suggestion_log l JOIN products p ON p.id = l.product_id WHERE ${where} ORDER BY l.id DESC LIMIT $3 OFFSET $4`,
      [websiteId, productId, limit, offset],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM price_suggestion_log l WHERE ${where}`, [
      websiteId,
      productId,
    ]),
  ]);
  return {
    data: rows.map((r) => ({
      id: r.id,
      productId: r.product_id,
      productName: r.name,
      itemId: r.item_id,
      decision: r.decision,
      suggestedPrice: toNumber(r.suggested_price),
      currentPrice: toNumber(r.current_price),
      currency: r.currency.trim(),
      ruleName: r.rule_name,
      actorEmail: r.actor_email,
      at: toIso(r.decided_at)!,
    })),
    meta: { pagination: { total: total.rows[0]!.n } },
  };
}
