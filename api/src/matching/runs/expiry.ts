/**
 * Expiry (STATE.md): a pair whose competitor product has not been seen for the configured number
 * of days (MATCH_EXPIRY_DAYS, default 14) becomes EXPIRED — MATCHED pairs and pairs still
 * waiting (to match or to confirm), whose competitor no longer lists the product. When the
 * competitor product is seen again, a pair that this expiry took from MATCHED is renewed
 * (MATCHED again) and one it took from waiting is proposed again (waiting to match), unless the
 * product has been matched at that competitor meanwhile. Every change goes through the state
 * machine, logged with no actor and source 'expiry'.
 */
import type { Pool } from 'pg';
import { inTransaction } from '../../db/transaction.ts';
import { applyTransition, lockProducts } from '../state/apply.ts';
import { TransitionError } from '../state/errors.ts';
import { expiryDays } from './settings.ts';

const CHUNK = 200;

export interface ExpiryOutcome {
  expired: number;
  renewed: number;
  proposed: number;
}

interface DuePair {
  id: string;
  product_id: string;
  competitor_id: string;
  version: number;
  event: 'expire' | 'renew' | 'propose';
}

async function applyChunk(pool: Pool, pairs: DuePair[]): Promise<DuePair[]> {
  return inTransaction(pool, async (client) => {
    await lockProducts(client, [...new Set(pairs.map((p) => p.product_id))].sort());
    const applied: DuePair[] = [];
    for (const pair of pairs) {
      await client.query('SAVEPOINT expiry');
      try {
        await applyTransition(client, {
          matchId: pair.id,
          event: pair.event,
          actor: { kind: 'system' },
          source: 'expiry',
          expectedVersion: pair.version,
        });
        await client.query('RELEASE SAVEPOINT expiry');
        applied.push(pair);
      } catch (error) {
        if (!(error instanceof TransitionError)) throw error;
        await client.query('ROLLBACK TO SAVEPOINT expiry');
      }
    }
    return applied;
  });
}

/** Expires the pairs that are due and brings back those seen again; `websiteId` limits it to one website. */
export async function expireMatches(
  pool: Pool,
  options: { days?: number; websiteId?: string | null } = {},
): Promise<ExpiryOutcome> {
  const days = options.days ?? expiryDays();
  const website = options.websiteId ?? null;
  const outcome: ExpiryOutcome = { expired: 0, renewed: 0, proposed: 0 };
  const tried: string[] = [];
  for (;;) {
    const { rows } = await pool.query<DuePair>(
      `SELECT pm.id, pm.product_id, pm.competitor_id, pm.version, 'expire' AS event
         FROM product_matches pm
         JOIN competitor_products cp ON cp.id = pm.competitor_product_id
         JOIN competitors c ON c.id = pm.competitor_id
        WHERE pm.status IN ('MATCHED', 'WAITING') AND cp.seen_at < now() - make_interval(days => $1)
          AND ($2::uuid IS NULL OR c.organization_website_id = $2) AND pm.id <> ALL($3::uuid[])
        ORDER BY pm.product_id, pm.id LIMIT ${CHUNK}`,
      [days, website, tried],
    );
    if (!rows.length) break;
    tried.push(...rows.map((r) => r.id));
    outcome.expired += (await applyChunk(pool, rows)).length;
  }
  const seenAgain: string[] = [];
  for (;;) {
    const { rows } = await pool.query<DuePair>(
      `SELECT pm.id, pm.product_id, pm.competitor_id, pm.version, CASE WHEN d.status_before = 'MATCHED' THEN 'renew' ELSE 'propose' END AS event
         FROM product_matches pm
         JOIN competitor_products cp ON cp.id = pm.competitor_product_id
         JOIN competitors c ON c.id = pm.competitor_id
         JOIN LATERAL (SELECT event, status_before, reverted_by FROM matching_decisions WHERE match_id = pm.id ORDER BY id DESC LIMIT 1) d
           ON d.event = 'expire' AND d.reverted_by IS NULL
        WHERE pm.status = 'EXPIRED' AND cp.seen_at >= now() - make_interval(days => $1)
          AND ($2::uuid IS NULL OR c.organization_website_id = $2) AND pm.id <> ALL($3::uuid[])
          AND NOT EXISTS (SELECT 1 FROM product_matches o
                           WHERE o.product_id = pm.product_id AND o.competitor_id = pm.competitor_id
                             AND (o.status = 'MATCHED' OR (o.status = 'WAITING' AND o.stage = 'confirmation')))
        ORDER BY pm.product_id, pm.id LIMIT ${CHUNK}`,
      [days, website, seenAgain],
    );
    if (!rows.length) break;
    // One pair per product and competitor at a time: a renewed one settles the product there
    // (the others are then left out by the query), a proposed one does not.
    const first = new Map<string, DuePair>();
    for (const row of rows)
      if (!first.has(`${row.product_id}/${row.competitor_id}`))
        first.set(`${row.product_id}/${row.competitor_id}`, row);
    const pairs = [...first.values()];
    seenAgain.push(...pairs.map((r) => r.id));
    const applied = await applyChunk(pool, pairs);
    outcome.renewed += applied.filter((p) => p.event === 'renew').length;
    outcome.proposed += applied.filter((p) => p.event === 'propose').length;
  }
  return outcome;
}
