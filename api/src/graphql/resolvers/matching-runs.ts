/**
 * Matching runs (schema/matching-runs.graphql): a run's progress, the website's run history, and
 * starting a full run of the website or of one competitor. Reading: Read on productMatchingQueue;
 * starting: Create on productMatchingQueue (Owner, Admin). A non-admin reaches only its own
 * organization's websites, competitors and runs: anything else is NOT_FOUND.
 */
import type { ApiContext } from '../context.ts';
import { badUserInput, forbidden, notFound } from '../errors.ts';
import { limitArg, offsetArg, uuidArg } from '../validate.ts';
import { findOrganizationWebsite, scopeOf, toIso } from './catalogue-scope.ts';
import { requestRun, wakeIfServing, type MatchingRunRow } from '../../matching/runs/queue.ts';

type RunRow = MatchingRunRow & {
  started_by_email: string | null;
  competitor_name: string | null;
  competitor_mode: string | null;
};

const SELECT_RUN = `
  SELECT r.*, u.email AS started_by_email, c.name AS competitor_name, c.matching_mode AS competitor_mode
    FROM matching_runs r
    JOIN organization_websites ow ON ow.id = r.organization_website_id
    LEFT JOIN competitors c ON c.id = r.competitor_id
    LEFT JOIN app_users u ON u.id = r.started_by`;

function toRun(row: RunRow) {
  return {
    id: row.id,
    organizationWebsiteId: row.organization_website_id,
    competitor: row.competitor_id
      ? { id: row.competitor_id, name: row.competitor_name, matchingMode: row.competitor_mode }
      : null,
    kind: row.kind.toUpperCase(),
    trigger: row.trigger.toUpperCase(),
    status: row.status.toUpperCase(),
    startedBy: row.started_by_email,
    productsTotal: row.products_total,
    productsDone: row.products_done,
    keysRefreshed: row.keys_refreshed,
    candidatesCreated: row.candidates_created,
    candidatesUpdated: row.candidates_updated,
    matchedAutomatically: row.matched_automatically,
    sentToConfirmation: row.sent_to_confirmation,
    errorMessage: row.error_message,
    createdAt: toIso(row.created_at)!,
    startedAt: toIso(row.started_at),
    finishedAt: toIso(row.finished_at),
  };
}

async function readRun(ctx: ApiContext, id: string): Promise<RunRow | null> {
  const { rows } = await ctx.pool.query<RunRow>(
    `${SELECT_RUN} WHERE r.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)`,
    [id, scopeOf(ctx)],
  );
  return rows[0] ?? null;
}

async function matchingRun(_: unknown, args: { runId: string }, ctx: ApiContext) {
  const id = uuidArg('runId', args.runId);
  if (!(await ctx.can('productMatchingQueue', 'Read'))) throw forbidden('You may not read matching runs.');
  const row = await readRun(ctx, id);
  if (!row) throw notFound('Matching run', id);
  return toRun(row);
}

async function matchingRunList(
  _: unknown,
  args: { organizationWebsiteId: string; limit: number; offset: number },
  ctx: ApiContext,
) {
  const websiteId = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  const limit = limitArg('limit', args.limit);
  const offset = offsetArg('offset', args.offset);
  if (!(await ctx.can('productMatchingQueue', 'Read'))) throw forbidden('You may not read matching runs.');
  await findOrganizationWebsite(ctx.pool, ctx, websiteId);
  const [page, count] = await Promise.all([
    ctx.pool.query<RunRow>(
      `${SELECT_RUN} WHERE r.organization_website_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3`,
      [websiteId, limit, offset],
    ),
    ctx.pool.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM matching_runs WHERE organization_website_id = $1',
      [websiteId],
    ),
  ]);
  return { data: page.rows.map(toRun), meta: { pagination: { total: count.rows[0]!.total } } };
}

async function matchingRunStart(
  _: unknown,
  args: { organizationWebsiteId: string; competitorId?: string | null },
  ctx: ApiContext,
) {
  const websiteId = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  const competitorId = args.competitorId == null ? null : uuidArg('competitorId', args.competitorId);
  if (!(await ctx.can('productMatchingQueue', 'Create')))
    throw forbidden('Starting a matching run needs Create on productMatchingQueue (Owner or Admin).');
  await findOrganizationWebsite(ctx.pool, ctx, websiteId);
  if (competitorId) {
    const { rows } = await ctx.pool.query<{ organization_website_id: string; active: boolean }>(
      `SELECT c.organization_website_id, c.active FROM competitors c JOIN organization_websites ow ON ow.id = c.organization_website_id
        WHERE c.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)`,
      [competitorId, scopeOf(ctx)],
    );
    if (!rows[0]) throw notFound('Competitor', competitorId);
    if (rows[0].organization_website_id !== websiteId)
      throw badUserInput('competitorId', 'is not a competitor of this website');
    if (!rows[0].active)
      throw badUserInput('competitorId', 'the competitor is inactive: activate it before matching its products');
  }
  const { run, created } = await requestRun(ctx.pool, {
    websiteId,
    competitorId,
    trigger: 'manual',
    startedBy: ctx.viewer.id,
  });
  // A job worker takes it (matching/runs/jobs.ts); the API runs no matching itself.
  wakeIfServing(ctx.pool);
  return { run: toRun((await readRun(ctx, run.id))!), created };
}

export const matchingRunResolvers = {
  Query: { matchingRun, matchingRunList },
  Mutation: { matchingRunStart },
};
