/**
 * Prices held for review (README.md, "Held prices"): a run that meets a price jumping by more than
 * the scraper allows does not write it but holds it (product-store.ts). An Admin lists a scraper's
 * holds and decides each: **accept** writes the held price, currency and availability to the
 * competitor product with a history row (refreshing our matched products' rollups and asking the
 * matching engine's incremental run, as a run's change does); **reject** leaves the product as it
 * is. Either way the hold keeps the decision, who made it and when. A hold is decided only while
 * pending, and only while the product still has the price it was held against: a price written
 * since makes the hold out of date (it is superseded), and deciding it changes nothing.
 */
import type { Pool, PoolClient } from 'pg';
import { inTransaction } from '../db/transaction.ts';
import type { Refusal } from '../graphql/errors.ts';
import { matchingAfterCompetitorImport } from '../matching/runs/hooks.ts';

type Db = Pool | PoolClient;

export type HeldStatus = 'pending' | 'accepted' | 'rejected' | 'superseded';
export const HELD_STATUSES: readonly HeldStatus[] = ['pending', 'accepted', 'rejected', 'superseded'];

export interface HeldPriceRow {
  id: string;
  scraper_id: string;
  run_id: string | null;
  competitor_product_id: string;
  competitor_product_name: string;
  url: string;
  previous_price: string | null;
  previous_currency: string | null;
  price: string;
  currency: string;
  availability: string;
  status: HeldStatus;
  created_at: Date;
  decided_at: Date | null;
  decided_by: string | null;
}

const SELECT = `SELECT h.id, h.scraper_id, h.run_id, h.competitor_product_id, cp.name AS competitor_product_name, h.url,
                       h.previous_price, trim(h.previous_currency) AS previous_currency, h.price, trim(h.currency) AS currency, h.availability,
                       h.status, h.created_at, h.decided_at, h.decided_by
                  FROM scraper_held_prices h JOIN competitor_products cp ON cp.id = h.competitor_product_id`;

/** A scraper's holds with `status` (all when null), newest first. */
export async function listHeldPrices(
  db: Db,
  scraperId: string,
  status: HeldStatus | null,
  limit: number,
  offset: number,
): Promise<{ rows: HeldPriceRow[]; total: number }> {
  const [page, count] = await Promise.all([
    db.query<HeldPriceRow>(
      `${SELECT} WHERE h.scraper_id = $1 AND ($2::text IS NULL OR h.status = $2) ORDER BY h.created_at DESC, h.id LIMIT $3 OFFSET $4`,
      [scraperId, status, limit, offset],
    ),
    db.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM scraper_held_prices WHERE scraper_id = $1 AND ($2::text IS NULL OR status = $2)',
      [scraperId, status],
    ),
  ]);
  return { rows: page.rows, total: count.rows[0]!.total };
}

/** The hold if its scraper is within the caller's reach (scope: an organization id, null for all). */
export async function findHeldPriceInScope(
  db: Db,
  id: string,
  scope: string | null,
  lock = false,
): Promise<HeldPriceRow | null> {
  const { rows } = await db.query<HeldPriceRow>(
    `${SELECT} JOIN scrapers s ON s.id = h.scraper_id JOIN competitors c ON c.id = s.competitor_id
       JOIN organization_websites ow ON ow.id = c.organization_website_id
      WHERE h.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)${lock ? ' FOR UPDATE OF h' : ''}`,
    [id, scope],
  );
  return rows[0] ?? null;
}

/** How many of the scraper's holds wait for a decision (one indexed count). */
export async function pendingHeldPrices(db: Db, scraperId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM scraper_held_prices WHERE scraper_id = $1 AND status = 'pending'`,
    [scraperId],
  );
  return rows[0]!.n;
}

export class HeldPriceDecisionError extends Error {
  constructor(
    message: string,
    readonly refusal: Refusal,
  ) {
    super(message);
  }
}

/**
 * Accepts or rejects a pending hold; returns it decided. Throws HeldPriceDecisionError (nothing
 * changed) when it is not pending or the product's price moved since it was held.
 */
export async function decideHeldPrice(
  pool: Pool,
  id: string,
  scope: string | null,
  decision: 'accept' | 'reject',
  decidedBy: string,
): Promise<HeldPriceRow | null> {
  return inTransaction(pool, async (client) => {
    const held = await findHeldPriceInScope(client, id, scope, true);
    if (!held) return null;
    if (held.status !== 'pending')
      throw new HeldPriceDecisionError(`the held price was decided already (${held.status})`, {
        reason: 'HELD_PRICE_DECIDED',
        values: { status: held.status },
      });
    const { rows } = await client.query<{ competitor_id: string; price: string | null; currency: string }>(
      'SELECT competitor_id, price, trim(currency) AS currency FROM competitor_products WHERE id = $1 FOR UPDATE',
      [held.competitor_product_id],
    );
    const product = rows[0]!;
    if (
      product.price !== held.previous_price ||
      (held.previous_currency != null && product.currency !== held.previous_currency)
    ) {
      throw new HeldPriceDecisionError(
        `the product's price has changed since it was held (now ${product.price ?? 'none'} ${product.currency}); the hold is out of date`,
        { reason: 'HELD_PRICE_OUT_OF_DATE' },
      );
    }
    if (decision === 'accept') {
      await client.query(`UPDATE competitor_products SET price = $2, currency = $3, availability = $4 WHERE id = $1`, [
        held.competitor_product_id,
        held.price,
        held.currency,
        held.availability,
      ]);
      await client.query(
        `INSERT INTO competitor_price_history (competitor_product_id, seen_at, price, currency, availability) VALUES ($1, now(), $2, $3, $4)
         ON CONFLICT (competitor_product_id, seen_at) DO UPDATE SET price = EXCLUDED.price, currency = EXCLUDED.currency, availability = EXCLUDED.availability`,
        [held.competitor_product_id, held.price, held.currency, held.availability],
      );
      await client.query(
        `SELECT refresh_product_rollups(array(
           SELECT DISTINCT m.product_id FROM product_matches m WHERE m.competitor_product_id = $1 AND m.status IN ('MATCHED', 'WAITING')))`,
        [held.competitor_product_id],
      );
      await matchingAfterCompetitorImport(client, pool, product.competitor_id);
    }
    await client.query(
      `UPDATE scraper_held_prices SET status = $2, decided_at = now(), decided_by = $3 WHERE id = $1`,
      [id, decision === 'accept' ? 'accepted' : 'rejected', decidedBy],
    );
    return findHeldPriceInScope(client, id, null);
  });
}
