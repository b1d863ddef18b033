/**
 * The matching log: every transition of the website's pairs (matching_decisions), filtered and
 * paged, its CSV export, and one product's own timeline. Read on productMatchingQueue:log. Each
 * resolver checks its arguments and the caller, then calls the store (log-store.ts).
 */
import type { ApiContext } from '../../graphql/context.ts';
import type {
  QueryMatchingLogArgs,
  QueryMatchingLogExportArgs,
  QueryMatchingProductTimelineArgs,
} from '../../graphql/generated/resolvers.ts';
import { uuidArg, websitePageArgs } from '../../graphql/validate.ts';
import { formatCsv } from '../csv.ts';
import { findOrganizationWebsite } from '../../catalogue/catalogue-scope.ts';
import { textCell } from '../../catalogue/csv-cells.ts';
import { boundedLimit, findProduct, requireRead } from './shared.ts';
import { decisionConditions, exportDecisions, listDecisions, productDecisions } from './log-store.ts';

async function logScope(ctx: ApiContext, websiteId: string) {
  await requireRead(ctx, 'productMatchingQueue:log');
  await findOrganizationWebsite(ctx.pool, ctx, websiteId);
  return ctx.can('productMatchingQueue:log', 'Update');
}

async function matchingLog(_: unknown, args: QueryMatchingLogArgs, ctx: ApiContext) {
  const { websiteId, limit, offset } = websitePageArgs(args, { max: 500, fallback: 50 });
  const canRevert = await logScope(ctx, websiteId);
  const conditions = await decisionConditions(ctx.pool, websiteId, args.filter);
  const { decisions, total, totalIsEstimate } = await listDecisions(ctx.pool, conditions, limit, offset, canRevert);
  return { data: decisions, meta: { pagination: { total, totalIsEstimate } } };
}

export const LOG_EXPORT_HEADER = [
  'id',
  'decided_at',
  'actor',
  'event',
  'source',
  'product_item_id',
  'product_name',
  'competitor',
  'competitor_product_external_id',
  'competitor_product_name',
  'status_before',
  'stage_before',
  'status_after',
  'stage_after',
  'score',
  'reverted_by',
];

async function matchingLogExport(_: unknown, args: QueryMatchingLogExportArgs, ctx: ApiContext) {
  const websiteId = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  const canRevert = await logScope(ctx, websiteId);
  const conditions = await decisionConditions(ctx.pool, websiteId, args.filter);
  const { decisions, truncated } = await exportDecisions(ctx.pool, conditions, canRevert);
  const lines = decisions.map((d) => [
    d.id,
    d.decidedAt,
    textCell(d.actor ? (d.actor.email ?? d.actor.id) : 'automatic'),
    d.event,
    d.source,
    textCell(d.product.itemId),
    textCell(d.product.name),
    textCell(d.competitor.name),
    textCell(d.competitorProduct.externalId),
    textCell(d.competitorProduct.name),
    d.statusBefore,
    d.stageBefore,
    d.statusAfter,
    d.stageAfter,
    d.score ?? '',
    d.revertedBy ?? '',
  ]);
  return { csv: formatCsv(LOG_EXPORT_HEADER, lines), rows: decisions.length, truncated };
}

async function matchingProductTimeline(_: unknown, args: QueryMatchingProductTimelineArgs, ctx: ApiContext) {
  const limit = boundedLimit('limit', args.limit, 500, 100);
  await requireRead(ctx, 'productMatchingQueue:log');
  const product = await findProduct(ctx.pool, ctx, args.productId);
  const canRevert = await ctx.can('productMatchingQueue:log', 'Update');
  return productDecisions(ctx.pool, product.id, limit, canRevert);
}

export const matchingLogResolvers = {
  Query: { matchingLog, matchingLogExport, matchingProductTimeline },
};
