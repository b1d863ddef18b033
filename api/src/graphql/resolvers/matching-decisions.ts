/**
 * Decisions in the product matching queue (STATE.md): match, never match, skip, reopen on a
 * pair; skip a whole product; pick a competitor product found by search; undo the caller's
 * latest batch; revert from the log. Each runs in one transaction that takes (or renews) the
 * caller's lease of the product first, carries an idempotency key (a retry returns the first
 * result) and, for a pair, the version the caller saw (a stale one is CONFLICT).
 */
import type { ApiContext } from '../context.ts';
import { badUserInput, notFound } from '../errors.ts';
import { uuidArg } from '../validate.ts';
import { applyTransition, revertDecision, type AppliedTransition, type Queryable } from '../../matching/state/apply.ts';
import { conflict } from '../../matching/state/errors.ts';
import type { MatchEvent } from '../../matching/state/machine.ts';
import { claimOrRefuse, releaseIfDone } from '../../matching/state/leases.ts';
import { scopeOf } from './catalogue-scope.ts';
import {
  actorOf,
  batchIdOf,
  decisionTransaction,
  findPair,
  findProduct,
  keyArg,
  requireUpdate,
  versionArg,
} from './matching-shared.ts';
import { loadDecisions } from './matching-log.ts';
import { loadMatchingProducts } from './matching-queue.ts';

const DECISION_EVENTS: Record<string, Exclude<MatchEvent, 'revert'>> = {
  MATCH: 'match',
  NEVER_MATCH: 'never_match',
  SKIP: 'skip',
  REOPEN: 'reopen',
};

function eventArg(value: unknown, allowed: string[] = Object.keys(DECISION_EVENTS)): Exclude<MatchEvent, 'revert'> {
  if (typeof value !== 'string' || !allowed.includes(value))
    throw badUserInput('input.decision', `must be one of ${allowed.join(', ')}`);
  return DECISION_EVENTS[value]!;
}

/** Every decision id of applied transitions, main ones first, then their consequences. */
function decisionIds(applied: AppliedTransition[]): string[] {
  return [...applied.map((a) => a.decisionId), ...applied.flatMap((a) => a.consequences.map((c) => c.decisionId))];
}

async function result(ctx: ApiContext, applied: AppliedTransition[], productId: string | null) {
  const canRevert = await ctx.can('productMatchingQueue:log', 'Update');
  return {
    decisions: await loadDecisions(ctx.pool, decisionIds(applied), canRevert),
    replayed: applied.length > 0 && applied.every((a) => a.replayed),
    product: productId ? ((await loadMatchingProducts(ctx.pool, [productId], ctx.viewer.id))[0] ?? null) : null,
  };
}

/** Applied earlier under this request's batch: a retry returns them without taking a lease. */
async function earlierBatch(db: Queryable, batchId: string): Promise<AppliedTransition[] | null> {
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

async function keyTaken(db: Queryable, key: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM matching_decisions WHERE idempotency_key = $1', [key])).rows.length > 0;
}

async function matchingDecide(
  _: unknown,
  args: { input: { matchId: string; decision: string; expectedVersion: number; idempotencyKey: string } },
  ctx: ApiContext,
) {
  const input = args.input;
  const event = eventArg(input.decision);
  const expectedVersion = versionArg(input.expectedVersion);
  const key = keyArg(input.idempotencyKey);
  await requireUpdate(ctx, 'productMatchingQueue:detail', 'decide in the product matching queue');
  const pair = await findPair(ctx.pool, ctx, input.matchId);
  const actor = await actorOf(ctx);
  const applied = await decisionTransaction(ctx.pool, async (client) => {
    if (!(await keyTaken(client, key)))
      await claimOrRefuse(client, pair.product_id, pair.organization_website_id, actor.userId);
    const done = await applyTransition(client, {
      matchId: pair.id,
      event,
      actor,
      source: 'queue',
      expectedVersion,
      idempotencyKey: key,
      batchId: batchIdOf(actor.userId, key),
    });
    if (!done.replayed) await releaseIfDone(client, pair.product_id, actor.userId);
    return done;
  });
  return result(ctx, [applied], pair.product_id);
}

async function matchingSkipProduct(
  _: unknown,
  args: { input: { productId: string; competitorId?: string | null; idempotencyKey: string } },
  ctx: ApiContext,
) {
  const key = keyArg(args.input.idempotencyKey);
  await requireUpdate(ctx, 'productMatchingQueue:detail', 'decide in the product matching queue');
  const product = await findProduct(ctx.pool, ctx, args.input.productId, 'input.productId');
  const competitorId = args.input.competitorId ? uuidArg('input.competitorId', args.input.competitorId) : null;
  const actor = await actorOf(ctx);
  const batchId = batchIdOf(actor.userId, key);
  const applied = await decisionTransaction(ctx.pool, async (client) => {
    const earlier = await earlierBatch(client, batchId);
    if (earlier) return earlier;
    await claimOrRefuse(client, product.id, product.organization_website_id, actor.userId);
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM product_matches WHERE product_id = $1 AND status = 'WAITING' AND stage = 'candidate' AND ($2::uuid IS NULL OR competitor_id = $2::uuid) ORDER BY id`,
      [product.id, competitorId],
    );
    const done: AppliedTransition[] = [];
    for (const row of rows)
      done.push(
        await applyTransition(client, {
          matchId: row.id,
          event: 'skip',
          actor,
          source: 'queue',
          idempotencyKey: `${key}:${row.id}`,
          batchId,
        }),
      );
    await releaseIfDone(client, product.id, actor.userId);
    return done;
  });
  return result(ctx, applied, product.id);
}

async function matchingPick(
  _: unknown,
  args: { input: { productId: string; competitorProductId: string; decision: string; idempotencyKey: string } },
  ctx: ApiContext,
) {
  const input = args.input;
  const event = eventArg(input.decision, ['MATCH', 'NEVER_MATCH']);
  const key = keyArg(input.idempotencyKey);
  await requireUpdate(ctx, 'productMatchingQueue:detail', 'decide in the product matching queue');
  const product = await findProduct(ctx.pool, ctx, input.productId, 'input.productId');
  const competitorProductId = uuidArg('input.competitorProductId', input.competitorProductId);
  const found = await ctx.pool.query<{ competitor_id: string }>(
    `SELECT cp.competitor_id FROM competitor_products cp JOIN competitors c ON c.id = cp.competitor_id WHERE cp.id = $1 AND c.organization_website_id = $2`,
    [competitorProductId, product.organization_website_id],
  );
  if (!found.rows[0]) throw notFound('Competitor product', competitorProductId);
  const actor = await actorOf(ctx);
  const applied = await decisionTransaction(ctx.pool, async (client) => {
    if (!(await keyTaken(client, key)))
      await claimOrRefuse(client, product.id, product.organization_website_id, actor.userId);
    await client.query(
      `INSERT INTO product_matches (product_id, competitor_product_id, competitor_id, status, stage, score, evidence)
       VALUES ($1, $2, $3, 'WAITING', 'candidate', NULL, '{"pickedBy":"search"}') ON CONFLICT (product_id, competitor_product_id) DO NOTHING`,
      [product.id, competitorProductId, found.rows[0]!.competitor_id],
    );
    const { rows } = await client.query<{ id: string }>(
      'SELECT id FROM product_matches WHERE product_id = $1 AND competitor_product_id = $2',
      [product.id, competitorProductId],
    );
    const done = await applyTransition(client, {
      matchId: rows[0]!.id,
      event,
      actor,
      source: 'search',
      idempotencyKey: key,
      batchId: batchIdOf(actor.userId, key),
    });
    if (!done.replayed) await releaseIfDone(client, product.id, actor.userId);
    return done;
  });
  return result(ctx, [applied], product.id);
}

async function matchingUndo(
  _: unknown,
  args: { input: { productId: string; idempotencyKey: string } },
  ctx: ApiContext,
) {
  const key = keyArg(args.input.idempotencyKey);
  await requireUpdate(ctx, 'productMatchingQueue:detail', 'decide in the product matching queue');
  const product = await findProduct(ctx.pool, ctx, args.input.productId, 'input.productId');
  const actor = await actorOf(ctx);
  const batchId = batchIdOf(actor.userId, key);
  const applied = await decisionTransaction(ctx.pool, async (client) => {
    const earlier = await earlierBatch(client, batchId);
    if (earlier) return earlier;
    await claimOrRefuse(client, product.id, product.organization_website_id, actor.userId);
    const latest = await client.query<{ batch_id: string }>(
      `SELECT batch_id FROM matching_decisions WHERE product_id = $1 AND actor_id = $2 AND caused_by IS NULL AND event <> 'revert' AND reverted_by IS NULL
        ORDER BY id DESC LIMIT 1`,
      [product.id, actor.userId],
    );
    if (!latest.rows[0]) throw conflict('NOT_ALLOWED_FROM_STATE', 'You have no decision on this product left to undo.');
    const { rows } = await client.query<{ id: string }>(
      `SELECT id::text AS id FROM matching_decisions WHERE batch_id = $1 AND product_id = $2 AND actor_id = $3 AND caused_by IS NULL AND event <> 'revert' AND reverted_by IS NULL
        ORDER BY matching_decisions.id DESC`,
      [latest.rows[0].batch_id, product.id, actor.userId],
    );
    const done: AppliedTransition[] = [];
    for (const row of rows)
      done.push(
        await revertDecision(client, {
          decisionId: row.id,
          actor,
          mode: 'undo',
          idempotencyKey: `${key}:${row.id}`,
          batchId,
        }),
      );
    return done;
  });
  return result(ctx, applied, product.id);
}

async function matchingRevert(
  _: unknown,
  args: { input: { decisionId: string; idempotencyKey: string } },
  ctx: ApiContext,
) {
  const key = keyArg(args.input.idempotencyKey);
  const decisionId = String(args.input.decisionId ?? '');
  if (!/^\d{1,18}$/.test(decisionId)) throw badUserInput('input.decisionId', 'must be a decision id');
  await requireUpdate(ctx, 'productMatchingQueue:log', 'revert decisions from the matching log');
  const { rows } = await ctx.pool.query<{ product_id: string }>(
    `SELECT d.product_id FROM matching_decisions d JOIN organization_websites ow ON ow.id = d.organization_website_id
      WHERE d.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)`,
    [decisionId, scopeOf(ctx)],
  );
  if (!rows[0]) throw notFound('Decision', decisionId);
  const actor = await actorOf(ctx);
  const applied = await decisionTransaction(ctx.pool, (client) =>
    revertDecision(client, {
      decisionId,
      actor,
      mode: 'log',
      idempotencyKey: key,
      batchId: batchIdOf(actor.userId, key),
    }),
  );
  return result(ctx, [applied], rows[0].product_id);
}

export const matchingDecisionResolvers = {
  Mutation: { matchingDecide, matchingSkipProduct, matchingPick, matchingUndo, matchingRevert },
};
