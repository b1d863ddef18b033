/**
 * The match confirmation queue: pairs waiting for confirmation (oldest first, 100 per page by
 * default) and their confirmation or rejection, one pair or a selection, each pair decided and
 * logged on its own (a stale or already decided pair is reported, the others applied).
 */
import type { ApiContext } from '../context.ts';
import { badUserInput } from '../errors.ts';
import { offsetArg, uuidArg } from '../validate.ts';
import { applyTransition, type AppliedTransition } from '../../matching/state/apply.ts';
import { TransitionError } from '../../matching/state/errors.ts';
import { findOrganizationWebsite, scopeOf, toIso } from './catalogue-scope.ts';
import {
  actorOf,
  batchIdOf,
  boundedLimit,
  COMPETITOR_PRODUCT_COLUMNS,
  decisionTransaction,
  findCompetitorOf,
  keyArg,
  PAIR_COLUMNS,
  PRODUCT_SUMMARY_COLUMNS,
  requireRead,
  requireUpdate,
  toPair,
  toProductSummary,
  versionArg,
} from './matching-shared.ts';
import { loadDecisions } from './matching-log.ts';
import type { QueueFilter } from './matching-queue.ts';

export const CONFIRM_MAX_ITEMS = 500;
const TOTAL_EXACT_UP_TO = 10_000;

async function matchingConfirmationQueue(
  _: unknown,
  args: { organizationWebsiteId: string; filter?: QueueFilter | null; limit?: number | null; offset: number },
  ctx: ApiContext,
) {
  const websiteId = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  const limit = boundedLimit('limit', args.limit, 500, 100);
  const offset = offsetArg('offset', args.offset);
  await requireRead(ctx, 'matchingConfirmation');
  await findOrganizationWebsite(ctx.pool, ctx, websiteId);
  const params: unknown[] = [websiteId];
  const add = (value: unknown) => `$${params.push(value)}`;
  const where = [`m.status = 'WAITING'`, `m.stage = 'confirmation'`];
  if (args.filter?.competitorId)
    where.push(
      `m.competitor_id = ${add(await findCompetitorOf(ctx.pool, websiteId, args.filter.competitorId, 'filter.competitorId'))}`,
    );
  else where.push('m.competitor_id IN (SELECT id FROM competitors WHERE organization_website_id = $1)');
  for (const field of ['brand', 'category'] as const) {
    const value = args.filter?.[field]?.trim();
    if (value && value.length > 200) throw badUserInput(`filter.${field}`, 'must be at most 200 characters');
    if (value) where.push(`p.${field} = ${add(value)}`);
  }
  const n = params.length;
  const from = `product_matches m JOIN products p ON p.id = m.product_id AND p.organization_website_id = $1`;
  const [page, count] = await Promise.all([
    ctx.pool.query(
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
    ctx.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${from} WHERE ${where.join(' AND ')} LIMIT ${TOTAL_EXACT_UP_TO + 1}) t`,
      params,
    ),
  ]);
  const total = count.rows[0]!.n;
  return {
    data: page.rows.map((row) => ({
      pair: toPair(row),
      product: toProductSummary(row),
      competitor: { id: row.c_id, name: row.c_name },
      requestedBy: row.r_actor_id || row.r_actor_email ? { id: row.r_actor_id, email: row.r_actor_email } : null,
      requestedAt: toIso(row.m_waiting_since)!,
    })),
    meta: { pagination: { total, totalIsEstimate: total > TOTAL_EXACT_UP_TO } },
  };
}

async function matchingConfirm(
  _: unknown,
  args: {
    input: { action: string; items: Array<{ matchId: string; expectedVersion: number }>; idempotencyKey: string };
  },
  ctx: ApiContext,
) {
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
  const { rows: reachable } = await ctx.pool.query<{ id: string }>(
    `SELECT m.id FROM product_matches m JOIN products p ON p.id = m.product_id JOIN organization_websites ow ON ow.id = p.organization_website_id
      WHERE m.id = ANY($1::uuid[]) AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)`,
    [items.map((i) => i.matchId), scopeOf(ctx)],
  );
  const inReach = new Set(reachable.map((r) => r.id));
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
};
