/**
 * Reviewer leases (STATE.md): a product of the matching queue is worked by one reviewer at a
 * time. A lease is taken or renewed by one atomic upsert that succeeds only when the product is
 * free, its lease expired, or the caller holds it already; so two reviewers never hold one
 * product at once, whatever the interleaving.
 */
import { conflict } from './errors.ts';
import type { Queryable } from './apply.ts';

export const DEFAULT_LEASE_SECONDS = 300;

/** MATCHING_LEASE_SECONDS (5..3600), else 300. Read per call so tests can shorten it. */
export function leaseSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.MATCHING_LEASE_SECONDS);
  return Number.isFinite(value) && value >= 1 && value <= 3600 ? value : DEFAULT_LEASE_SECONDS;
}

export interface LeaseRow {
  product_id: string;
  user_id: string;
  user_email: string | null;
  expires_at: Date;
}

/** Takes or renews the caller's lease; null when another reviewer holds a live one. */
export async function tryClaim(
  db: Queryable,
  productId: string,
  websiteId: string,
  userId: string,
  seconds = leaseSeconds(),
): Promise<LeaseRow | null> {
  const { rows } = await db.query<LeaseRow>(
    `INSERT INTO matching_leases AS l (product_id, organization_website_id, user_id, claimed_at, expires_at)
     VALUES ($1, $2, $3, clock_timestamp(), clock_timestamp() + make_interval(secs => $4))
     ON CONFLICT (product_id) DO UPDATE
        SET user_id = EXCLUDED.user_id, expires_at = EXCLUDED.expires_at,
            claimed_at = CASE WHEN l.user_id = EXCLUDED.user_id THEN l.claimed_at ELSE EXCLUDED.claimed_at END
      WHERE l.user_id = EXCLUDED.user_id OR l.expires_at <= clock_timestamp()
     RETURNING product_id, user_id, NULL::text AS user_email, expires_at`,
    [productId, websiteId, userId, seconds],
  );
  return rows[0] ?? null;
}

/** The live lease of a product, with the holder's e-mail. */
export async function currentLease(db: Queryable, productId: string): Promise<LeaseRow | null> {
  const { rows } = await db.query<LeaseRow>(
    `SELECT l.product_id, l.user_id, u.email AS user_email, l.expires_at
       FROM matching_leases l LEFT JOIN app_users u ON u.id = l.user_id
      WHERE l.product_id = $1 AND l.expires_at > clock_timestamp()`,
    [productId],
  );
  return rows[0] ?? null;
}

/** Takes or renews the caller's lease, or throws CONFLICT (LEASED) naming the holder. */
export async function claimOrRefuse(
  db: Queryable,
  productId: string,
  websiteId: string,
  userId: string,
  seconds = leaseSeconds(),
): Promise<LeaseRow> {
  const lease = await tryClaim(db, productId, websiteId, userId, seconds);
  if (lease) return lease;
  const holder = await currentLease(db, productId);
  throw conflict(
    'LEASED',
    `Another reviewer${holder?.user_email ? ` (${holder.user_email})` : ''} is working on this product until ${holder?.expires_at ? new Date(holder.expires_at).toISOString() : 'their lease expires'}; pick another product.`,
    {
      leasedBy: holder?.user_email ?? null,
      leasedUntil: holder?.expires_at ? new Date(holder.expires_at).toISOString() : null,
    },
  );
}

/** Releases the caller's lease of a product once nothing of it is left to match. */
export async function releaseIfDone(db: Queryable, productId: string, userId: string): Promise<void> {
  await db.query(
    `DELETE FROM matching_leases WHERE product_id = $1 AND user_id = $2
        AND NOT EXISTS (SELECT 1 FROM products WHERE id = $1 AND queue_candidates > 0)`,
    [productId, userId],
  );
}

export async function release(db: Queryable, productId: string, userId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM matching_leases WHERE product_id = $1 AND user_id = $2', [
    productId,
    userId,
  ]);
  return (rowCount ?? 0) > 0;
}

/** Releases the caller's leases on a website except `keep`. */
export async function releaseOthers(db: Queryable, websiteId: string, userId: string, keep: string[]): Promise<void> {
  await db.query(
    'DELETE FROM matching_leases WHERE user_id = $1 AND organization_website_id = $2 AND NOT (product_id = ANY($3::uuid[]))',
    [userId, websiteId, keep],
  );
}
