/**
 * The match confirmation queue: pairs waiting for confirmation (oldest first, 100 per page by
 * default) and their confirmation or rejection, one pair or a selection, each pair decided and
 * logged on its own (a stale or already decided pair is reported, the others applied). The
 * queue's SQL is the store's (confirmation-store.ts); decisions go through the state machine.
 */
import type { ApiContext } from '../../graphql/context.ts';
import { badUserInput } from '../../graphql/errors.ts';
import { uuidArg, websitePageArgs } from '../../graphql/validate.ts';
import { applyTransition, type AppliedTransition } from '../state/apply.ts';
import { TransitionError } from '../state/errors.ts';
import { findOrganizationWebsite, scopeOf } from '../../catalogue/catalogue-scope.ts';
import {
  actorOf,
  batchIdOf,
  decisionTransaction,
  findCompetitorOf,
  keyArg,
  requireRead,
  requireUpdate,
  versionArg,
} from './shared.ts';
import { listConfirmationPairs, pairsInScope, TOTAL_EXACT_UP_TO } from './confirmation-store.ts';
import { loadDecisions } from './log-store.ts';
import type {
  MutationMatchingConfirmArgs,
  QueryMatchingConfirmationQueueArgs,
  Resolvers,
} from '../../graphql/generated/resolvers.ts';

export const CONFIRM_MAX_ITEMS = 500;

async function matchingConfirmationQueue(_: unknown, args: QueryMatchingConfirmationQueueArgs, ctx: ApiContext) {
  const { websiteId, limit, offset } = websitePageArgs(args, { max: 500, fallback: 100 });
  await requireRead(ctx, 'matchingConfirmation');
  await findOrganizationWebsite(ctx.pool, ctx, websiteId);
  const competitorId = args.filter?.competitorId
    ? await findCompetitorOf(ctx.pool, websiteId, args.filter.competitorId, 'filter.competitorId')
    : null;
  const text = (field: 'brand' | 'category') => {
    const value = args.filter?.[field]?.trim();
    if (value && value.length > 200) throw badUserInput(`filter.${field}`, 'must be at most 200 characters');
    return value || null;
  };
  const filter = { competitorId, brand: text('brand'), category: text('category') };
  const { pairs, total } = await listConfirmationPairs(ctx.pool, websiteId, filter, limit, offset);
  return { data: pairs, meta: { pagination: { total, totalIsEstimate: total > TOTAL_EXACT_UP_TO } } };
}

async function matchingConfirm(_: unknown, args: MutationMatchingConfirmArgs, ctx: ApiContext) {
  const { input } = args;
  const key = keyArg(input.idempotencyKey);
  if (input.action !== 'CONFIRM' && input.action !== 'REJECT')
    throw badUserInput('input.action', 'must be CONFIRM or REJECT');
  const event = input.action === 'CONFIRM' ? 'confirm' : 'reject';
  if (!Array.isArray(input.items) || input.items.length < 1 || input.items.length > CONFIRM_MAX_ITEMS) {
    throw badUserInput('input.items', `must list 1 to ${CONFIRM_MAX_ITEMS} pairs`);
  }
  const items = input.items.map((item, i) => ({
    matchId: uuidArg(`input.items.${i}.matchId`, item.matchId),
    expectedVersion: versionArg(item.expectedVersion, `input.items.${i}.expectedVersion`),
  }));
  if (new Set(items.map((i) => i.matchId)).size !== items.length)
    throw badUserInput('input.items', 'must not list a pair twice');
  await requireUpdate(ctx, 'matchingConfirmation', 'confirm or reject matches');
  const actor = await actorOf(ctx);
  const batchId = batchIdOf(actor.userId, key);
  // The pairs within the caller's reach; any other is reported as NOT_FOUND (nothing about it leaks).
  const inReach = await pairsInScope(
    ctx.pool,
    items.map((i) => i.matchId),
    scopeOf(ctx),
  );
  const applied: AppliedTransition[] = [];
  const failed: Array<{ matchId: string; code: string; reason: string; message: string }> = [];
  for (const item of items) {
    if (!inReach.has(item.matchId)) {
      failed.push({
        matchId: item.matchId,
        code: 'NOT_FOUND',
        reason: 'NOT_FOUND',
        message: `Match ${item.matchId} was not found.`,
      });
      continue;
    }
    try {
      applied.push(
        await decisionTransaction(ctx.pool, (client) =>
          applyTransition(client, {
            matchId: item.matchId,
            event,
            actor,
            source: 'confirmation',
            expectedVersion: item.expectedVersion,
            idempotencyKey: `${key}:${item.matchId}`,
            batchId,
          }),
        ),
      );
    } catch (error) {
      const extensions = (error as { extensions?: { code?: string; reason?: string } }).extensions;
      if (!extensions?.code || error instanceof TransitionError) throw error;
      failed.push({
        matchId: item.matchId,
        code: extensions.code,
        reason: extensions.reason ?? extensions.code,
        message: (error as Error).message,
      });
    }
  }
  const canRevert = await ctx.can('productMatchingQueue:log', 'Update');
  const ids = [...applied.map((a) => a.decisionId), ...applied.flatMap((a) => a.consequences.map((c) => c.decisionId))];
  return {
    decisions: await loadDecisions(ctx.pool, ids, canRevert),
    failed,
    replayed: applied.length > 0 && applied.every((a) => a.replayed),
  };
}

export const matchingConfirmationResolvers = {
  Query: { matchingConfirmationQueue },
  Mutation: { matchingConfirm },
} satisfies Resolvers;
