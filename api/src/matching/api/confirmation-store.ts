/**
 * The SQL of the match confirmation queue (confirmation.ts): the pairs waiting for confirmation
 * of a website, oldest first, with who asked and when, and which of a list of pairs a caller may
 * reach. Decisions themselves go through the state machine (../state/apply.ts). No access checks.
 */
import type { Queryable } from '../../db/transaction.ts';
import { toIso } from '../../catalogue/catalogue-scope.ts';
import { PAIR_COLUMNS, PRODUCT_SUMMARY_COLUMNS, toPair, toProductSummary } from './shared.ts';
import { COMPETITOR_PRODUCT_COLUMNS } from '../../catalogue/competitor-products-store.ts';

/** Totals above this are given as "more than" (counted no further). */
export const TOTAL_EXACT_UP_TO = 10_000;

export interface ConfirmationFilter {
  /** A competitor of the website (checked by the caller), or null for all of them. */
  competitorId: string | null;
  brand: string | null;
  category: string | null;
}

/** A page of the website's pairs waiting for confirmation, oldest first, and their total (up to TOTAL_EXACT_UP_TO + 1). */
export async function listConfirmationPairs(
  db: Queryable,
  websiteId: string,
  filter: ConfirmationFilter,
  limit: number,
  offset: number,
) {
  const params: unknown[] = [websiteId];
  const add = (value: unknown) => `$${params.push(value)}`;
  const where = [`m.status = 'WAITING'`, `m.stage = 'confirmation'`];
  if (filter.competitorId) where.push(`m.competitor_id = ${add(filter.competitorId)}`);
  else where.push('m.competitor_id IN (SELECT id FROM competitors WHERE organization_website_id = $1)');
  if (filter.brand) where.push(`p.brand = ${add(filter.brand)}`);
  if (filter.category) where.push(`p.category = ${add(filter.category)}`);
  const n = params.length;
  const from = `product_matches m JOIN products p ON p.id = m.product_id AND p.organization_website_id = $1`;
  const [page, count] = await Promise.all([
    db.query(
      `SELECT ${PAIR_COLUMNS}, ${COMPETITOR_PRODUCT_COLUMNS}, ${PRODUCT_SUMMARY_COLUMNS}, c.id AS c_id, c.name AS c_name, m.waiting_since AS m_waiting_since,
              r.actor_id AS r_actor_id, r.actor_email AS r_actor_email
         FROM ${from}
         JOIN competitors c ON c.id = m.competitor_id
         JOIN competitor_products cp ON cp.id = m.competitor_product_id
         LEFT JOIN LATERAL (SELECT actor_id, actor_email FROM matching_decisions d WHERE d.match_id = m.id ORDER BY d.id DESC LIMIT 1) r ON true
        WHERE ${where.join(' AND ')}
        ORDER BY m.waiting_since, m.id LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, limit, offset],
    ),
    db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${where.join(' AND ')} LIMIT ${TOTAL_EXACT_UP_TO + 1}) t`,
      params,
    ),
  ]);
  const pairs = page.rows.map((row) => ({
    pair: toPair(row),
    product: toProductSummary(row),
    competitor: { id: row.c_id, name: row.c_name },
    requestedBy: row.r_actor_id || row.r_actor_email ? { id: row.r_actor_id, email: row.r_actor_email } : null,
    requestedAt: toIso(row.m_waiting_since)!,
  }));
  return { pairs, total: count.rows[0]!.n };
}

/** Which of the pairs are within `organizationId`'s reach (null: every organization's, the Admin's). */
export async function pairsInScope(db: Queryable, matchIds: string[], organizationId: string | null) {
  const { rows } = await db.query<{ id: string }>(
    `SELECT m.id FROM product_matches m JOIN products p ON p.id = m.product_id JOIN organization_websites ow ON ow.id = p.organization_website_id
      WHERE m.id = ANY($1::uuid[]) AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)`,
    [matchIds, organizationId],
  );
  return new Set(rows.map((r) => r.id));
}
