/**
 * Decisions in the product matching queue (STATE.md): match, never match, skip, reopen on a
 * pair; skip a whole product; pick a competitor product found by search; undo the caller's
 * latest batch; revert from the log. Each runs in one transaction that takes (or renews) the
 * caller's lease of the product first, carries an idempotency key (a retry returns the first
 * result) and, for a pair, the version the caller saw (a stale one is CONFLICT).
 */
import type { ApiContext } from '../../graphql/context.ts';
import { badUserInput, notFound } from '../../graphql/errors.ts';
import type {
  MutationMatchingDecideArgs,
  MutationMatchingPickArgs,
  MutationMatchingRevertArgs,
  MutationMatchingSkipProductArgs,
  MutationMatchingUndoArgs,
  Resolvers,
} from '../../graphql/generated/resolvers.ts';
import { uuidArg } from '../../graphql/validate.ts';
import { applyTransition, revertDecision, type AppliedTransition } from '../state/apply.ts';
import { conflict } from '../state/errors.ts';
import type { MatchEvent } from '../state/machine.ts';
import { claimOrRefuse, releaseIfDone } from '../state/leases.ts';
import type { PoolClient } from 'pg';
import { scopeOf } from '../../catalogue/catalogue-scope.ts';
import {
  actorOf,
  batchIdOf,
  decisionTransaction,
  findPair,
  findProduct,
  keyArg,
  requireUpdate,
  type UserActor,
  versionArg,
} from './shared.ts';
import { loadDecisions } from './log-store.ts';
import { loadMatchingProducts } from './queue-store.ts';
import {
  candidatePairs,
  competitorOfProduct,
  decisionProduct,
  earlierBatch,
  keyTaken,
  lastDecisionsToUndo,
  pickedPair,
} from './decisions-store.ts';

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

/** The product a decision is taken on: its id and website (for the lease). */
interface LeasedProduct {
  id: string;
  organization_website_id: string;
}

/** What decides the one pair of `decideOne`. */
interface OneDecision {
  event: Exclude<MatchEvent, 'revert'>;
  source: 'queue' | 'search';
  /** The pair's version the caller saw, when it saw one. */
  expectedVersion?: number;
  /** The pair (found, or created for a pick) within the transaction. */
  pairOf: (client: PoolClient) => Promise<string>;
}

/**
 * One decision on one pair of `product`, in one transaction: the caller's lease first (unless the
 * key was used: a replay answers the first result), the pair decided, the lease released when
 * the product has nothing left to match.
 */
async function decideOne(ctx: ApiContext, product: LeasedProduct, key: string, decision: OneDecision) {
  const actor = await actorOf(ctx);
  const applied = await decisionTransaction(ctx.pool, async (client) => {
    if (!(await keyTaken(client, key)))
      await claimOrRefuse(client, product.id, product.organization_website_id, actor.userId);
    const done = await applyTransition(client, {
      matchId: await decision.pairOf(client),
      event: decision.event,
      actor,
      source: decision.source,
      expectedVersion: decision.expectedVersion,
      idempotencyKey: key,
      batchId: batchIdOf(actor.userId, key),
    });
    if (!done.replayed) await releaseIfDone(client, product.id, actor.userId);
    return done;
  });
  return result(ctx, [applied], product.id);
}

/**
 * A batch of decisions on `product` under one key, in one transaction: a batch already applied
 * with the key is answered as it was; else the caller's lease, then `steps` (each step its own
 * decision, keyed `<key>:<id>`, in the batch `batchId`).
 */
async function decideBatch(
  ctx: ApiContext,
  product: LeasedProduct,
  key: string,
  steps: (client: PoolClient, actor: UserActor, batchId: string) => Promise<AppliedTransition[]>,
) {
  const actor = await actorOf(ctx);
  const batchId = batchIdOf(actor.userId, key);
  const applied = await decisionTransaction(ctx.pool, async (client) => {
    const earlier = await earlierBatch(client, batchId);
    if (earlier) return earlier;
    await claimOrRefuse(client, product.id, product.organization_website_id, actor.userId);
    return steps(client, actor, batchId);
  });
  return result(ctx, applied, product.id);
}

async function matchingDecide(_: unknown, args: MutationMatchingDecideArgs, ctx: ApiContext) {
  const input = args.input;
  const event = eventArg(input.decision);
  const expectedVersion = versionArg(input.expectedVersion);
  const key = keyArg(input.idempotencyKey);
  await requireUpdate(ctx, 'productMatchingQueue:detail', 'decide in the product matching queue');
  const pair = await findPair(ctx.pool, ctx, input.matchId);
  const product = { id: pair.product_id, organization_website_id: pair.organization_website_id };
  return decideOne(ctx, product, key, { event, source: 'queue', expectedVersion, pairOf: async () => pair.id });
}

async function matchingSkipProduct(_: unknown, args: MutationMatchingSkipProductArgs, ctx: ApiContext) {
  const key = keyArg(args.input.idempotencyKey);
  await requireUpdate(ctx, 'productMatchingQueue:detail', 'decide in the product matching queue');
  const product = await findProduct(ctx.pool, ctx, args.input.productId, 'input.productId');
  const competitorId = args.input.competitorId ? uuidArg('input.competitorId', args.input.competitorId) : null;
  return decideBatch(ctx, product, key, async (client, actor, batchId) => {
    const done: AppliedTransition[] = [];
    for (const matchId of await candidatePairs(client, product.id, competitorId))
      done.push(
        await applyTransition(client, {
          matchId,
          event: 'skip',
          actor,
          source: 'queue',
          idempotencyKey: `${key}:${matchId}`,
          batchId,
        }),
      );
    await releaseIfDone(client, product.id, actor.userId);
    return done;
  });
}

async function matchingPick(_: unknown, args: MutationMatchingPickArgs, ctx: ApiContext) {
  const input = args.input;
  const event = eventArg(input.decision, ['MATCH', 'NEVER_MATCH']);
  const key = keyArg(input.idempotencyKey);
  await requireUpdate(ctx, 'productMatchingQueue:detail', 'decide in the product matching queue');
  const product = await findProduct(ctx.pool, ctx, input.productId, 'input.productId');
  const competitorProductId = uuidArg('input.competitorProductId', input.competitorProductId);
  const competitorId = await competitorOfProduct(ctx.pool, competitorProductId, product.organization_website_id);
  if (!competitorId) throw notFound('Competitor product', competitorProductId);
  return decideOne(ctx, product, key, {
    event,
    source: 'search',
    pairOf: (client) => pickedPair(client, product.id, competitorProductId, competitorId),
  });
}

async function matchingUndo(_: unknown, args: MutationMatchingUndoArgs, ctx: ApiContext) {
  const key = keyArg(args.input.idempotencyKey);
  await requireUpdate(ctx, 'productMatchingQueue:detail', 'decide in the product matching queue');
  const product = await findProduct(ctx.pool, ctx, args.input.productId, 'input.productId');
  return decideBatch(ctx, product, key, async (client, actor, batchId) => {
    const ids = await lastDecisionsToUndo(client, product.id, actor.userId);
    if (!ids) throw conflict('NOT_ALLOWED_FROM_STATE', 'You have no decision on this product left to undo.');
    const done: AppliedTransition[] = [];
    for (const id of ids)
      done.push(
        await revertDecision(client, {
          decisionId: id,
          actor,
          mode: 'undo',
          idempotencyKey: `${key}:${id}`,
          batchId,
        }),
      );
    return done;
  });
}

async function matchingRevert(_: unknown, args: MutationMatchingRevertArgs, ctx: ApiContext) {
  const key = keyArg(args.input.idempotencyKey);
  const decisionId = String(args.input.decisionId ?? '');
  if (!/^\d{1,18}$/.test(decisionId)) throw badUserInput('input.decisionId', 'must be a decision id');
  await requireUpdate(ctx, 'productMatchingQueue:log', 'revert decisions from the matching log');
  const productId = await decisionProduct(ctx.pool, decisionId, scopeOf(ctx));
  if (!productId) throw notFound('Decision', decisionId);
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
  return result(ctx, [applied], productId);
}

export const matchingDecisionResolvers = {
  Mutation: { matchingDecide, matchingSkipProduct, matchingPick, matchingUndo, matchingRevert },
} satisfies Resolvers;
