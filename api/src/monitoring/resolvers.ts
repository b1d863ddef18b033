/**
 * The scrapers' GraphQL resolvers (schema.graphql): arguments checked, access decided by the
 * policy (scrappers, scrappers:detail: Admin only) with tenant scoping, then the store.
 */
import type { ApiContext } from '../graphql/context.ts';
import { badUserInput, forbidden, notFound } from '../graphql/errors.ts';
import type {
  MutationScraperCreateArgs,
  MutationScraperDeleteArgs,
  MutationScraperHeldPriceDecideArgs,
  MutationScraperRunCancelArgs,
  MutationScraperRunNowArgs,
  MutationScraperUpdateArgs,
  QueryScraperArgs,
  QueryScraperHeldPriceListArgs,
  QueryScraperListArgs,
  QueryScraperRunArgs,
  QueryScraperRunListArgs,
  QueryScraperTestExtractionArgs,
  ScraperRunFailuresArgs,
} from '../graphql/generated/resolvers.ts';
import { pageArgs, searchArg, uuidArg } from '../graphql/validate.ts';
import { likePattern, oneOf, scopeOf, textArg, toIso, urlArg } from '../catalogue/catalogue-scope.ts';
import { privateHostsAllowed } from '../feeds/url-guard.ts';
import { inTransaction } from '../db/transaction.ts';
import { DEFAULT_SCRAPER_SETTINGS, PRODUCT_FIELDS, type ScraperSettings } from './scrape-types.ts';
import { validateScraperSettings } from './extract/settings.ts';
import { DEFAULT_TOOLS } from './scrape-tools.ts';
import { cancelRun, requestRun, type ScraperRunRow } from './run-store.ts';
import { dispatchRun } from './jobs.ts';
import { namedValues } from './reasons.ts';
import {
  decideHeldPrice,
  HELD_STATUSES,
  HeldPriceDecisionError,
  listHeldPrices,
  pendingHeldPrices,
  type HeldPriceRow,
  type HeldStatus,
} from './held-prices.ts';
import { findCompetitor } from '../catalogue/competitors-store.ts';
import {
  competitorProductUrl,
  deleteScraper,
  findRunInScope,
  findScraper,
  insertScraper,
  lastCollectedAt,
  listFailures,
  listRuns,
  listScrapers,
  SCRAPER_SORTS,
  scrapersOfCompetitor,
  updateScraper,
  type ScraperRow,
} from './scraper-store.ts';

const HEALTHS = ['unknown', 'healthy', 'degraded', 'failing'] as const;

const mix = (counts: Record<string, number> | null | undefined) =>
  Object.entries(counts ?? {})
    .map(([kind, count]) => ({ kind, count }))
    .sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));

function toScraper(row: ScraperRow) {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    settings: row.settings === undefined ? null : JSON.stringify(row.settings, null, 2),
    competitorId: row.competitor_id,
    competitorName: row.competitor_name,
    competitorUrl: row.competitor_url,
    scrapingFrequency: row.scraping_frequency,
    organizationName: row.organization_name,
    websiteName: row.website_name,
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
    nextRunAt: toIso(row.next_run_at)!,
    health: {
      status: row.health,
      lastRunAt: toIso(row.last_run_at),
      lastRunStatus: row.last_run_status,
      lastSuccessAt: toIso(row.last_success_at),
      successRate: row.recent_runs > 0 ? row.recent_successes / row.recent_runs : null,
      recentRuns: row.recent_runs,
      productsSeen: row.products_seen,
      productsExpected: row.products_expected,
      errorMix: mix(row.error_mix),
    },
    activeRun: row.active_run_id ? { id: row.active_run_id, status: row.active_run_status } : null,
  };
}

function toRun(row: ScraperRunRow) {
  return {
    id: row.id,
    scraperId: row.scraper_id,
    trigger: row.trigger,
    startedBy: row.started_by,
    status: row.status,
    cancelRequested: row.cancel_requested,
    createdAt: toIso(row.created_at)!,
    startedAt: toIso(row.started_at),
    endedAt: toIso(row.ended_at),
    pagesTotal: row.pages_total,
    pagesFetched: row.pages_fetched,
    pagesNotModified: row.pages_not_modified,
    productsSeen: row.products_seen,
    productsNew: row.products_new,
    productsChanged: row.products_changed,
    productsUnchanged: row.products_unchanged,
    productsFailed: row.products_failed,
    heldForReview: row.held_for_review,
    historyRows: row.history_rows,
    failuresByKind: mix(row.failures_by_kind),
    bytes: Number(row.bytes),
    durationMs: row.duration_ms,
    errorMessage: row.error_message,
    errorCode: row.error_code,
    errorValues: namedValues(row.error_values),
  };
}
type RunObject = ReturnType<typeof toRun>;

/** Settings JSON text, checked whole; every problem named with its path. */
function settingsArg(text: string | null | undefined): ScraperSettings {
  if (text == null) return DEFAULT_SCRAPER_SETTINGS;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw badUserInput('settings', `not valid JSON (${(error as Error).message})`);
  }
  // An export carries the settings under `settings` beside the scraper's name.
  if (json && typeof json === 'object' && 'settings' in json && !('sources' in json))
    json = (json as { settings: unknown }).settings;
  const checked = validateScraperSettings(json);
  if (!checked.ok) throw badUserInput('settings', checked.errors.map((e) => `${e.path}: ${e.message}`).join('; '));
  return checked.settings;
}

async function requireCan(
  ctx: ApiContext,
  resource: 'scrappers' | 'scrappers:detail',
  action: 'Read' | 'Create' | 'Update' | 'Delete',
  message: string,
) {
  if (!(await ctx.can(resource, action))) throw forbidden(message);
}

async function scraperOrNotFound(ctx: ApiContext, id: string, withSettings = true): Promise<ScraperRow> {
  const row = await findScraper(ctx.pool, id, scopeOf(ctx), withSettings);
  if (!row) throw notFound('Scraper', id);
  return row;
}

async function scraperList(_: unknown, args: QueryScraperListArgs, ctx: ApiContext) {
  const search = searchArg('search', args.search);
  const filter = {
    scope: scopeOf(ctx),
    search: search ? likePattern(search) : null,
    health: args.health?.map((h) => oneOf('health', h, HEALTHS)) ?? null,
    competitorId: args.competitorId ? uuidArg('competitorId', args.competitorId) : null,
    enabled: args.enabled ?? null,
    sort: (args.sort && args.sort in SCRAPER_SORTS ? args.sort : 'NAME_ASC') as keyof typeof SCRAPER_SORTS,
    ...pageArgs(args),
  };
  await requireCan(ctx, 'scrappers', 'Read', 'You may not list scrapers.');
  const { rows, total } = await listScrapers(ctx.pool, filter);
  return { data: rows.map(toScraper), meta: { pagination: { total } } };
}

async function scraper(_: unknown, args: QueryScraperArgs, ctx: ApiContext) {
  const id = uuidArg('scraperId', args.scraperId);
  await requireCan(ctx, 'scrappers:detail', 'Read', 'You may not read scraper details.');
  return toScraper(await scraperOrNotFound(ctx, id));
}

async function scraperDefaultSettings(_: unknown, __: unknown, ctx: ApiContext) {
  await requireCan(ctx, 'scrappers', 'Read', 'You may not read scrapers.');
  return JSON.stringify(DEFAULT_SCRAPER_SETTINGS, null, 2);
}

async function scraperRunList(_: unknown, args: QueryScraperRunListArgs, ctx: ApiContext) {
  const id = uuidArg('scraperId', args.scraperId);
  const { limit, offset } = pageArgs(args);
  await requireCan(ctx, 'scrappers:detail', 'Read', 'You may not read scraper runs.');
  await scraperOrNotFound(ctx, id, false);
  const { rows, total } = await listRuns(ctx.pool, id, limit, offset);
  return { data: rows.map(toRun), meta: { pagination: { total } } };
}

async function scraperRun(_: unknown, args: QueryScraperRunArgs, ctx: ApiContext) {
  const id = uuidArg('runId', args.runId);
  await requireCan(ctx, 'scrappers:detail', 'Read', 'You may not read scraper runs.');
  const row = await findRunInScope(ctx.pool, id, scopeOf(ctx));
  if (!row) throw notFound('Scraper run', id);
  return toRun(row);
}

async function failures(parent: RunObject, args: ScraperRunFailuresArgs, ctx: ApiContext) {
  const { limit, offset } = pageArgs(args);
  const { rows, total } = await listFailures(ctx.pool, parent.id, limit, offset);
  return {
    data: rows.map((r) => ({
      id: r.id,
      url: r.url,
      kind: r.kind,
      reason: r.reason,
      code: r.code,
      values: namedValues(r.params),
      createdAt: toIso(r.created_at)!,
    })),
    meta: { pagination: { total } },
  };
}

async function scraperTestExtraction(_: unknown, args: QueryScraperTestExtractionArgs, ctx: ApiContext) {
  const input = args.input;
  const competitorId = uuidArg('competitorId', input.competitorId);
  const productId = input.competitorProductId ? uuidArg('competitorProductId', input.competitorProductId) : null;
  if (!input.url && !productId) throw badUserInput('url', 'give a page address or pick a known competitor product');
  const url = input.url ? urlArg('url', input.url) : null;
  let settings = input.settings != null ? settingsArg(input.settings) : null;
  await requireCan(ctx, 'scrappers:detail', 'Read', 'You may not test scrapers.');
  await findCompetitor(ctx.pool, scopeOf(ctx), competitorId);
  if (!settings && input.scraperId) {
    const row = await scraperOrNotFound(ctx, uuidArg('scraperId', input.scraperId));
    settings = settingsArg(JSON.stringify(row.settings));
  }
  settings ??= DEFAULT_SCRAPER_SETTINGS;
  const pageUrl = url ?? (await competitorProductUrl(ctx.pool, competitorId, productId!));
  if (!pageUrl) throw badUserInput('competitorProductId', 'the competitor has no such product with an address');
  // One page, asked for by a person: no politeness wait, no retries.
  const testSettings: ScraperSettings = { ...settings, fetch: { ...settings.fetch, minDelayMs: 0, retries: 0 } };
  const fetcher = DEFAULT_TOOLS.createFetcher(testSettings, { allowPrivateAddresses: privateHostsAllowed() });
  try {
    const result = await DEFAULT_TOOLS.scrapePage(pageUrl, testSettings, fetcher);
    const product = 'product' in result ? result.product : null;
    return {
      url: pageUrl,
      finalUrl: 'finalUrl' in result ? result.finalUrl : null,
      outcome: result.outcome,
      failureKind: 'failure' in result ? result.failure : null,
      reason: 'reason' in result ? result.reason : null,
      reasonCode: 'why' in result ? result.why.code : null,
      reasonValues: 'why' in result ? namedValues(result.why.values) : [],
      fields: PRODUCT_FIELDS.map((field) => {
        const value = product ? product[field] : null;
        return { field, value: value == null ? null : String(value), source: product?.sources[field] ?? null };
      }),
      warnings: (product?.warnings ?? []).map((warning) => ({ ...warning, values: namedValues(warning.values) })),
    };
  } finally {
    await fetcher.close().catch(() => undefined);
  }
}

async function scraperCreate(_: unknown, args: MutationScraperCreateArgs, ctx: ApiContext) {
  const competitorId = uuidArg('competitorId', args.competitorId);
  const name = textArg('name', args.input.name, 200);
  const settings = settingsArg(args.input.settings);
  await requireCan(ctx, 'scrappers', 'Create', 'You may not add scrapers.');
  await findCompetitor(ctx.pool, scopeOf(ctx), competitorId);
  const id = await insertScraper(ctx.pool, competitorId, { name, enabled: args.input.enabled ?? true, settings });
  return toScraper((await findScraper(ctx.pool, id, null))!);
}

async function scraperUpdate(_: unknown, args: MutationScraperUpdateArgs, ctx: ApiContext) {
  const id = uuidArg('scraperId', args.scraperId);
  const input = args.input;
  const values = {
    name: input.name == null ? undefined : textArg('name', input.name, 200),
    enabled: input.enabled == null ? undefined : Boolean(input.enabled),
    settings: input.settings == null ? undefined : settingsArg(input.settings),
  };
  if (Object.values(values).every((v) => v === undefined))
    throw badUserInput('input', 'give at least one field to change');
  await requireCan(ctx, 'scrappers', 'Update', 'You may not change scrapers.');
  await scraperOrNotFound(ctx, id, false);
  await updateScraper(ctx.pool, id, values);
  return toScraper((await findScraper(ctx.pool, id, null))!);
}

async function scraperDelete(_: unknown, args: MutationScraperDeleteArgs, ctx: ApiContext) {
  const id = uuidArg('scraperId', args.scraperId);
  await requireCan(ctx, 'scrappers', 'Delete', 'You may not delete scrapers.');
  const row = await scraperOrNotFound(ctx, id);
  await deleteScraper(ctx.pool, id);
  return toScraper(row);
}

async function scraperRunNow(_: unknown, args: MutationScraperRunNowArgs, ctx: ApiContext) {
  const id = uuidArg('scraperId', args.scraperId);
  await requireCan(ctx, 'scrappers', 'Update', 'You may not run scrapers.');
  await scraperOrNotFound(ctx, id, false);
  const { run, created } = await requestRun(ctx.pool, id, 'manual', ctx.viewer.id);
  if (created) await dispatchRun(ctx.pool, run.id);
  return toRun(run);
}

async function scraperRunCancel(_: unknown, args: MutationScraperRunCancelArgs, ctx: ApiContext) {
  const id = uuidArg('runId', args.runId);
  await requireCan(ctx, 'scrappers', 'Update', 'You may not cancel scraper runs.');
  const found = await findRunInScope(ctx.pool, id, scopeOf(ctx));
  if (!found) throw notFound('Scraper run', id);
  const run = await inTransaction(ctx.pool, (client) => cancelRun(client, id));
  if (!run)
    throw badUserInput('runId', `the run has ended already (${found.status})`, {
      reason: 'RUN_ENDED',
      values: { status: found.status },
    });
  return toRun(run);
}

function toHeldPrice(row: HeldPriceRow) {
  return {
    id: row.id,
    scraperId: row.scraper_id,
    runId: row.run_id,
    competitorProductId: row.competitor_product_id,
    competitorProductName: row.competitor_product_name,
    url: row.url,
    previousPrice: row.previous_price == null ? null : Number(row.previous_price),
    previousCurrency: row.previous_currency,
    price: Number(row.price),
    currency: row.currency,
    availability: row.availability,
    status: row.status,
    createdAt: toIso(row.created_at)!,
    decidedAt: toIso(row.decided_at),
    decidedBy: row.decided_by,
  };
}

async function scraperHeldPriceList(_: unknown, args: QueryScraperHeldPriceListArgs, ctx: ApiContext) {
  const id = uuidArg('scraperId', args.scraperId);
  const status = args.status == null ? null : (oneOf('status', args.status, HELD_STATUSES) as HeldStatus);
  const { limit, offset } = pageArgs(args);
  await requireCan(ctx, 'scrappers:detail', 'Read', 'You may not read held prices.');
  await scraperOrNotFound(ctx, id, false);
  const { rows, total } = await listHeldPrices(ctx.pool, id, status, limit, offset);
  return { data: rows.map(toHeldPrice), meta: { pagination: { total } } };
}

async function scraperHeldPriceDecide(_: unknown, args: MutationScraperHeldPriceDecideArgs, ctx: ApiContext) {
  const id = uuidArg('heldPriceId', args.heldPriceId);
  const decision = oneOf('decision', args.decision, ['accept', 'reject'] as const);
  await requireCan(ctx, 'scrappers', 'Update', 'You may not decide held prices.');
  try {
    const row = await decideHeldPrice(ctx.pool, id, scopeOf(ctx), decision, ctx.viewer.id);
    if (!row) throw notFound('Held price', id);
    return toHeldPrice(row);
  } catch (error) {
    if (error instanceof HeldPriceDecisionError) throw badUserInput('heldPriceId', error.message, error.refusal);
    throw error;
  }
}

/** Read on request (the detail page), one indexed count: the list does not ask for it. */
function heldPricesPending(parent: { id: string }, _: unknown, ctx: ApiContext) {
  return pendingHeldPrices(ctx.pool, parent.id);
}

async function competitorLastCollectedAt(parent: { id: string }, _: unknown, ctx: ApiContext) {
  return toIso(await lastCollectedAt(ctx.pool, parent.id));
}

async function competitorScrapers(parent: { id: string }, _: unknown, ctx: ApiContext) {
  if (!(await ctx.can('scrappers', 'Read'))) return [];
  return (await scrapersOfCompetitor(ctx.pool, parent.id)).map(toScraper);
}

export const monitoringResolvers = {
  Query: {
    scraperList,
    scraper,
    scraperDefaultSettings,
    scraperRunList,
    scraperRun,
    scraperTestExtraction,
    scraperHeldPriceList,
  },
  Mutation: { scraperCreate, scraperUpdate, scraperDelete, scraperRunNow, scraperRunCancel, scraperHeldPriceDecide },
  ScraperRun: { failures },
  Scraper: { heldPricesPending },
  Competitor: { lastCollectedAt: competitorLastCollectedAt, scrapers: competitorScrapers },
};
