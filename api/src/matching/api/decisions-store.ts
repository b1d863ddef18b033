/**
 * The SQL of the matching decisions' requests (decisions.ts) besides the transitions themselves
 * (../state/apply.ts): what a retried request applied before, whether an idempotency key was
 * used, the pair a manual pick from the search creates, a product's candidate pairs, the
 * decisions an undo takes back, and a decision's product. No access checks here.
 */
import type { AppliedTransition, Queryable } from '../state/apply.ts';

/** Applied earlier under this request's batch: a retry returns them without taking a lease. */
export async function earlierBatch(db: Queryable, batchId: string): Promise<AppliedTransition[] | null> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id::text AS id FROM matching_decisions WHERE batch_id = $1 AND caused_by IS NULL ORDER BY matching_decisions.id',
    [batchId],
  );
  if (!rows.length) return null;
  const caused = await db.query<{ id: string; caused_by: string }>(
    'SELECT id::text AS id, caused_by::text AS caused_by FROM matching_decisions WHERE batch_id = $1 AND caused_by IS NOT NULL ORDER BY matching_decisions.id',
    [batchId],
  );
  return rows.map((row) => ({
    decisionId: row.id,
    replayed: true,
    consequences: caused.rows
      .filter((c) => c.caused_by === row.id)
      .map((c) => ({ decisionId: c.id, replayed: true, consequences: [] })),
  })) as unknown as AppliedTransition[];
}

/** Whether a decision was already taken under this idempotency key. */
export async function keyTaken(db: Queryable, key: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM matching_decisions WHERE idempotency_key = $1', [key])).rows.length > 0;
}

/** The competitor of a competitor product of the website, or null (another website's, or none). */
export async function competitorOfProduct(
  db: Queryable,
  competitorProductId: string,
  websiteId: string,
): Promise<string | null> {
  const { rows } = await db.query<{ competitor_id: string }>(
    `SELECT cp.competitor_id FROM competitor_products cp JOIN competitors c ON c.id = cp.competitor_id WHERE cp.id = $1 AND c.organization_website_id = $2`,
    [competitorProductId, websiteId],
  );
  return rows[0]?.competitor_id ?? null;
}

/** The pair of a product and a competitor product picked from the search: created WAITING as a candidate if new. */
export async function pickedPair(
  db: Queryable,
  productId: string,
  competitorProductId: string,
  competitorId: string,
): Promise<string> {
  await db.query(
    `INSERT INTO product_matches (product_id, competitor_product_id, competitor_id, status, stage, score, evidence)
     VALUES ($1, $2, $3, 'WAITING', 'candidate', NULL, '{"pickedBy":"search"}') ON CONFLICT (product_id, competitor_product_id) DO NOTHING`,
    [productId, competitorProductId, competitorId],
  );
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM product_matches WHERE product_id = $1 AND competitor_product_id = $2',
    [productId, competitorProductId],
  );
  return rows[0]!.id;
}

/** The product's pairs waiting as candidates (of one competitor, or of all when null), by id. */
export async function candidatePairs(db: Queryable, productId: string, competitorId: string | null): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM product_matches WHERE product_id = $1 AND status = 'WAITING' AND stage = 'candidate' AND ($2::uuid IS NULL OR competitor_id = $2::uuid) ORDER BY id`,
    [productId, competitorId],
  );
  return rows.map((row) => row.id);
}

/**
 * The decisions of the reviewer's latest request on the product that can still be undone (its
 * batch, newest first), or null when none is left.
 */
export async function lastDecisionsToUndo(db: Queryable, productId: string, userId: string): Promise<string[] | null> {
  const latest = await db.query<{ batch_id: string }>(
    `SELECT batch_id FROM matching_decisions WHERE product_id = $1 AND actor_id = $2 AND caused_by IS NULL AND event <> 'revert' AND reverted_by IS NULL
      ORDER BY id DESC LIMIT 1`,
    [productId, userId],
  );
  if (!latest.rows[0]) return null;
  const { rows } = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM matching_decisions WHERE batch_id = $1 AND product_id = $2 AND actor_id = $3 AND caused_by IS NULL AND event <> 'revert' AND reverted_by IS NULL
      ORDER BY matching_decisions.id DESC`,
    [latest.rows[0].batch_id, productId, userId],
  );
  return rows.map((row) => row.id);
}

/** The product of a decision in `organizationId`'s scope (null: every organization's), or null. */
export async function decisionProduct(db: Queryable, decisionId: string, organizationId: string | null) {
  const { rows } = await db.query<{ product_id: string }>(
    `SELECT d.product_id FROM matching_decisions d JOIN organization_websites ow ON ow.id = d.organization_website_id
      WHERE d.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)`,
    [decisionId, organizationId],
  );
  return rows[0]?.product_id ?? null;
}
