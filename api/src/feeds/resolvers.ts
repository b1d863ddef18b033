/**
 * Product feeds: list, detail with run history, create / update / delete, and starting a URL
 * import (uploads go through POST /feeds/{id}/upload, feeds/upload-route.ts). Reading needs
 * productFeeds (list) or productFeeds:detail; writing Create / Update / Delete on productFeeds.
 * A non-admin reaches only its own organization's feeds: any other is NOT_FOUND.
 * Each resolver checks its arguments and the caller, then calls the store (feeds-store.ts).
 */
import { inTransaction } from '../db/transaction.ts';
import type { ApiContext } from '../graphql/context.ts';
import type {
  FeedImportRunErrorsArgs,
  MutationProductFeedCreateArgs,
  MutationProductFeedDeleteArgs,
  MutationProductFeedImportArgs,
  MutationProductFeedUpdateArgs,
  ProductFeedCreateInput,
  ProductFeedRunsArgs,
  ProductFeedUpdateInput,
  QueryFeedImportErrorsArgs,
  QueryFeedImportRunArgs,
  QueryProductFeedArgs,
  QueryProductFeedListArgs,
  Resolvers,
} from '../graphql/generated/resolvers.ts';
import { badUserInput, forbidden, notFound } from '../graphql/errors.ts';
import { pageArgs, uuidArg, websitePageArgs } from '../graphql/validate.ts';
import { nameArg } from '../organizations/organizations.ts';
import { REQUIRED_FIELDS } from './fields.ts';
import {
  deleteFeed,
  type FeedObject,
  type FeedRow,
  type FeedSettings,
  findFeed,
  findRun,
  insertFeed,
  listFeeds,
  listRuns,
  loadRun,
  type RunObject,
  runErrors,
  scopeOf,
  toFeed,
  toRun,
  updateFeed,
  websiteInScope,
} from './feeds-store.ts';
import { ImportAlreadyRunning, runImport, startRun, track } from './import.ts';
import { feedLimits } from './limits.ts';
import { fetchFeed } from './source.ts';

/** A new feed's settings, or the changed ones of a feed (what is not given stays). */
type FeedInput = ProductFeedCreateInput | ProductFeedUpdateInput;

const DELIMITERS = [',', ';', '\t', '|'];

/** The feed's settings as stored, from the input over what is there; throws BAD_USER_INPUT naming the field. */
function feedSettings(input: FeedInput, current: FeedRow | null): FeedSettings {
  const name = input.name != null || !current ? nameArg('name', input.name) : current.name;
  const source = input.source ? input.source.toLowerCase() : (current?.source ?? null);
  if (!source) throw badUserInput('source', 'must be URL or UPLOAD');
  const format = input.format ? input.format.toLowerCase() : (current?.format ?? null);
  if (!format) throw badUserInput('format', 'must be CSV, GOOGLE_XML or HEUREKA_XML');
  let url: string | null = input.url !== undefined ? input.url?.trim() || null : (current?.url ?? null);
  if (source === 'url') {
    if (!url) throw badUserInput('url', 'is required for a URL feed');
    if (url.length > 2000 || !/^https?:\/\/[^\s/?#]+[^\s]*$/i.test(url))
      throw badUserInput('url', 'must be an http(s) URL');
    try {
      new URL(url);
    } catch {
      throw badUserInput('url', 'must be an http(s) URL');
    }
  } else url = null;
  const delimiter = input.csvDelimiter ?? current?.csv_delimiter ?? ',';
  if (!DELIMITERS.includes(delimiter)) throw badUserInput('csvDelimiter', 'must be ",", ";", "|" or a tab');
  let mapping: Record<string, string> | null = null;
  if (format === 'csv') {
    if (input.columnMapping) {
      mapping = {};
      for (const { field, column } of input.columnMapping) {
        const key = field.toLowerCase();
        const header = column.trim();
        if (!header || header.length > 200)
          throw badUserInput('columnMapping', `the column of ${field} must be 1-200 characters`);
        if (mapping[key]) throw badUserInput('columnMapping', `${field} is mapped twice`);
        mapping[key] = header;
      }
    } else mapping = current?.column_mapping ?? null;
    const missing = REQUIRED_FIELDS.filter((field) => !mapping?.[field]);
    if (missing.length)
      throw badUserInput(
        'columnMapping',
        `a CSV feed must map the columns of ${missing.map((f) => f.toUpperCase()).join(', ')}`,
      );
  }
  const schedule = input.schedule ? input.schedule.toLowerCase() : (current?.schedule ?? 'manual');
  return { name, source, url, format, mapping, delimiter, schedule };
}

async function productFeedList(_: unknown, args: QueryProductFeedListArgs, ctx: ApiContext) {
  const { websiteId, limit, offset } = websitePageArgs(args);
  if (!(await ctx.can('productFeeds', 'Read'))) throw forbidden('You may not list product feeds.');
  if (!(await websiteInScope(ctx.pool, websiteId, scopeOf(ctx)))) throw notFound('Organization website', websiteId);
  const { rows, total } = await listFeeds(ctx.pool, websiteId, limit, offset);
  return { data: rows.map(toFeed), meta: { pagination: { total } } };
}

async function productFeed(_: unknown, args: QueryProductFeedArgs, ctx: ApiContext) {
  const id = uuidArg('productFeedId', args.productFeedId);
  if (!(await ctx.can('productFeeds:detail', 'Read'))) throw forbidden('You may not read product feeds.');
  return toFeed(await findFeed(ctx.pool, ctx, id));
}

async function feedImportRun(_: unknown, args: QueryFeedImportRunArgs, ctx: ApiContext) {
  const id = uuidArg('runId', args.runId);
  if (!(await ctx.can('productFeeds:detail', 'Read'))) throw forbidden('You may not read product feeds.');
  return toRun(await findRun(ctx.pool, ctx, id));
}

async function feedImportErrors(_: unknown, args: QueryFeedImportErrorsArgs, ctx: ApiContext) {
  const id = uuidArg('runId', args.runId);
  const { limit, offset } = pageArgs(args);
  if (!(await ctx.can('productFeeds:detail', 'Read'))) throw forbidden('You may not read product feeds.');
  await findRun(ctx.pool, ctx, id);
  return runErrors(ctx.pool, id, limit, offset);
}

async function productFeedCreate(_: unknown, args: MutationProductFeedCreateArgs, ctx: ApiContext) {
  const websiteId = uuidArg('organizationWebsiteId', args.input.organizationWebsiteId ?? '');
  const settings = feedSettings(args.input, null);
  if (!(await ctx.can('productFeeds', 'Create'))) throw forbidden('You may not create product feeds.');
  return inTransaction(ctx.pool, async (client) => {
    if (!(await websiteInScope(client, websiteId, scopeOf(ctx)))) throw notFound('Organization website', websiteId);
    const id = await insertFeed(client, websiteId, settings);
    return toFeed(await findFeed(client, ctx, id));
  });
}

async function productFeedUpdate(_: unknown, args: MutationProductFeedUpdateArgs, ctx: ApiContext) {
  const id = uuidArg('productFeedId', args.productFeedId);
  if (!(await ctx.can('productFeeds', 'Update'))) throw forbidden('You may not change product feeds.');
  return inTransaction(ctx.pool, async (client) => {
    const current = await findFeed(client, ctx, id, true);
    await updateFeed(client, id, feedSettings(args.input, current));
    return toFeed(await findFeed(client, ctx, id));
  });
}

async function productFeedDelete(_: unknown, args: MutationProductFeedDeleteArgs, ctx: ApiContext) {
  const id = uuidArg('productFeedId', args.productFeedId);
  if (!(await ctx.can('productFeeds', 'Delete'))) throw forbidden('You may not delete product feeds.');
  return inTransaction(ctx.pool, async (client) => {
    const feed = await findFeed(client, ctx, id, true);
    await deleteFeed(client, id);
    return toFeed(feed);
  });
}

async function productFeedImport(_: unknown, args: MutationProductFeedImportArgs, ctx: ApiContext) {
  const id = uuidArg('productFeedId', args.productFeedId);
  if (!(await ctx.can('productFeeds', 'Update'))) throw forbidden('You may not import product feeds.');
  const feed = await findFeed(ctx.pool, ctx, id);
  if (feed.source !== 'url' || !feed.url)
    throw badUserInput('productFeedId', 'the feed is an upload feed: upload its file instead', {
      reason: 'FEED_IS_UPLOAD',
    });
  let runId: string;
  try {
    runId = await startRun(ctx.pool, id, { startedBy: ctx.viewer.id, source: 'url' });
  } catch (error) {
    if (error instanceof ImportAlreadyRunning)
      throw badUserInput('productFeedId', error.message, { reason: 'IMPORT_RUNNING' });
    throw error;
  }
  // The mutation answers at once; the import goes on and the client polls the run.
  const url = feed.url;
  void track(runImport(ctx.pool, runId, feed, () => fetchFeed(url, feedLimits())));
  return toRun(await findRun(ctx.pool, ctx, runId));
}

async function lastRun(parent: FeedObject, _: unknown, ctx: ApiContext) {
  if (!parent.lastRunId) return null;
  const run = await loadRun(ctx.pool, parent.lastRunId);
  return run ? toRun(run) : null;
}

async function runs(parent: FeedObject, args: ProductFeedRunsArgs, ctx: ApiContext) {
  const { limit, offset } = pageArgs(args, { max: 100, fallback: 20 });
  return (await listRuns(ctx.pool, parent.id, limit, offset)).map(toRun);
}

async function errors(parent: RunObject, args: FeedImportRunErrorsArgs, ctx: ApiContext) {
  const { limit, offset } = pageArgs(args, { fallback: 100 });
  return runErrors(ctx.pool, parent.id, limit, offset);
}

export const feedResolvers = {
  Query: { productFeedList, productFeed, feedImportRun, feedImportErrors },
  Mutation: { productFeedCreate, productFeedUpdate, productFeedDelete, productFeedImport },
  ProductFeed: { lastRun, runs },
  FeedImportRun: { errors },
} satisfies Resolvers;
