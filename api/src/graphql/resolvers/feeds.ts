/**
 * Product feeds: list, detail with run history, create / update / delete, and starting a URL
 * import (uploads go through POST /feeds/{id}/upload, feeds/upload-route.ts). Reading needs
 * productFeeds (list) or productFeeds:detail; writing Create / Update / Delete on productFeeds.
 * A non-admin reaches only its own organization's feeds: any other is NOT_FOUND.
 */
import type { ApiContext } from '../context.ts';
import { badUserInput, forbidden, notFound } from '../errors.ts';
import { limitArg, offsetArg, uuidArg } from '../validate.ts';
import { inTransaction } from '../../db/transaction.ts';
import { nameArg } from '../../organizations/organizations.ts';
import { REQUIRED_FIELDS } from '../../feeds/fields.ts';
import { fetchFeed } from '../../feeds/source.ts';
import { ImportAlreadyRunning, runImport, startRun, track } from '../../feeds/import.ts';
import { feedLimits } from '../../feeds/limits.ts';
import {
  findFeed,
  findRun,
  runErrors,
  scopeOf,
  SELECT_FEED,
  SELECT_RUN,
  toFeed,
  toRun,
  type FeedRow,
  type RunRow,
} from '../../feeds/feed-rows.ts';

type Feed = ReturnType<typeof toFeed>;
type Run = ReturnType<typeof toRun>;

interface FeedInput {
  organizationWebsiteId?: string;
  name?: string | null;
  source?: 'URL' | 'UPLOAD' | null;
  url?: string | null;
  format?: 'CSV' | 'GOOGLE_XML' | 'HEUREKA_XML' | null;
  columnMapping?: Array<{ field: string; column: string }> | null;
  csvDelimiter?: string | null;
  schedule?: 'MANUAL' | 'DAILY' | null;
}

const DELIMITERS = [',', ';', '\t', '|'];

/** The feed's settings as stored, from the input over what is there; throws BAD_USER_INPUT naming the field. */
function feedSettings(input: FeedInput, current: FeedRow | null) {
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

async function productFeedList(
  _: unknown,
  args: { organizationWebsiteId: string; limit: number; offset: number },
  ctx: ApiContext,
) {
  const websiteId = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  const limit = limitArg('limit', args.limit);
  const offset = offsetArg('offset', args.offset);
  if (!(await ctx.can('productFeeds', 'Read'))) throw forbidden('You may not list product feeds.');
  const scope = scopeOf(ctx);
  const website = await ctx.pool.query(
    'SELECT 1 FROM organization_websites WHERE id = $1 AND ($2::uuid IS NULL OR organization_id = $2::uuid)',
    [websiteId, scope],
  );
  if (!website.rowCount) throw notFound('Organization website', websiteId);
  const [page, count] = await Promise.all([
    ctx.pool.query<FeedRow>(
      `${SELECT_FEED} WHERE f.organization_website_id = $1 ORDER BY f.name, f.id LIMIT $2 OFFSET $3`,
      [websiteId, limit, offset],
    ),
    ctx.pool.query<{ total: number }>(
      'SELECT count(*)::int AS total FROM product_feeds WHERE organization_website_id = $1',
      [websiteId],
    ),
  ]);
  return { data: page.rows.map(toFeed), meta: { pagination: { total: count.rows[0]!.total } } };
}

async function productFeed(_: unknown, args: { productFeedId: string }, ctx: ApiContext) {
  const id = uuidArg('productFeedId', args.productFeedId);
  if (!(await ctx.can('productFeeds:detail', 'Read'))) throw forbidden('You may not read product feeds.');
  return toFeed(await findFeed(ctx.pool, ctx, id));
}

async function feedImportRun(_: unknown, args: { runId: string }, ctx: ApiContext) {
  const id = uuidArg('runId', args.runId);
  if (!(await ctx.can('productFeeds:detail', 'Read'))) throw forbidden('You may not read product feeds.');
  return toRun(await findRun(ctx.pool, ctx, id));
}

async function feedImportErrors(_: unknown, args: { runId: string; limit: number; offset: number }, ctx: ApiContext) {
  const id = uuidArg('runId', args.runId);
  const limit = limitArg('limit', args.limit);
  const offset = offsetArg('offset', args.offset);
  if (!(await ctx.can('productFeeds:detail', 'Read'))) throw forbidden('You may not read product feeds.');
  await findRun(ctx.pool, ctx, id);
  return runErrors(ctx.pool, id, limit, offset);
}

async function productFeedCreate(_: unknown, args: { input: FeedInput }, ctx: ApiContext) {
  const websiteId = uuidArg('organizationWebsiteId', args.input.organizationWebsiteId ?? '');
  const settings = feedSettings(args.input, null);
  if (!(await ctx.can('productFeeds', 'Create'))) throw forbidden('You may not create product feeds.');
  return inTransaction(ctx.pool, async (client) => {
    const website = await client.query(
      'SELECT 1 FROM organization_websites WHERE id = $1 AND ($2::uuid IS NULL OR organization_id = $2::uuid)',
      [websiteId, scopeOf(ctx)],
    );
    if (!website.rowCount) throw notFound('Organization website', websiteId);
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO product_feeds (organization_website_id, name, source, url, format, column_mapping, csv_delimiter, schedule)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        websiteId,
        settings.name,
        settings.source,
        settings.url,
        settings.format,
        settings.mapping,
        settings.delimiter,
        settings.schedule,
      ],
    );
    return toFeed(await findFeed(client, ctx, rows[0]!.id));
  });
}

async function productFeedUpdate(_: unknown, args: { productFeedId: string; input: FeedInput }, ctx: ApiContext) {
  const id = uuidArg('productFeedId', args.productFeedId);
  if (!(await ctx.can('productFeeds', 'Update'))) throw forbidden('You may not change product feeds.');
  return inTransaction(ctx.pool, async (client) => {
    const current = await findFeed(client, ctx, id, true);
    const s = feedSettings(args.input, current);
    await client.query(
      `UPDATE product_feeds SET name = $2, source = $3, url = $4, format = $5, column_mapping = $6, csv_delimiter = $7, schedule = $8, updated_at = now()
        WHERE id = $1 AND (name, source, url, format, column_mapping, csv_delimiter, schedule) IS DISTINCT FROM ($2, $3, $4, $5, $6::jsonb, $7, $8)`,
      [id, s.name, s.source, s.url, s.format, s.mapping, s.delimiter, s.schedule],
    );
    return toFeed(await findFeed(client, ctx, id));
  });
}

async function productFeedDelete(_: unknown, args: { productFeedId: string }, ctx: ApiContext) {
  const id = uuidArg('productFeedId', args.productFeedId);
  if (!(await ctx.can('productFeeds', 'Delete'))) throw forbidden('You may not delete product feeds.');
  return inTransaction(ctx.pool, async (client) => {
    const feed = await findFeed(client, ctx, id, true);
    await client.query('DELETE FROM product_feeds WHERE id = $1', [id]);
    return toFeed(feed);
  });
}

async function productFeedImport(_: unknown, args: { productFeedId: string }, ctx: ApiContext) {
  const id = uuidArg('productFeedId', args.productFeedId);
  if (!(await ctx.can('productFeeds', 'Update'))) throw forbidden('You may not import product feeds.');
  const feed = await findFeed(ctx.pool, ctx, id);
  if (feed.source !== 'url' || !feed.url)
    throw badUserInput('productFeedId', 'the feed is an upload feed: upload its file instead');
  let runId: string;
  try {
    runId = await startRun(ctx.pool, id, { startedBy: ctx.viewer.id, source: 'url' });
  } catch (error) {
    if (error instanceof ImportAlreadyRunning) throw badUserInput('productFeedId', error.message);
    throw error;
  }
  // The mutation answers at once; the import goes on and the client polls the run.
  const url = feed.url;
  void track(runImport(ctx.pool, runId, feed, () => fetchFeed(url, feedLimits())));
  return toRun(await findRun(ctx.pool, ctx, runId));
}

async function lastRun(parent: Feed, _: unknown, ctx: ApiContext) {
  if (!parent.lastRunId) return null;
  const { rows } = await ctx.pool.query<RunRow>(`${SELECT_RUN} WHERE r.id = $1`, [parent.lastRunId]);
  return rows[0] ? toRun(rows[0]) : null;
}

async function runs(parent: Feed, args: { limit?: number | null; offset?: number | null }, ctx: ApiContext) {
  const limit = args.limit ?? 20;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw badUserInput('limit', 'must be an integer from 1 to 100');
  const offset = offsetArg('offset', args.offset ?? 0);
  const { rows } = await ctx.pool.query<RunRow>(
    `${SELECT_RUN} WHERE r.product_feed_id = $1 ORDER BY r.created_at DESC, r.id LIMIT $2 OFFSET $3`,
    [parent.id, limit, offset],
  );
  return rows.map(toRun);
}

async function errors(parent: Run, args: { limit?: number | null; offset?: number | null }, ctx: ApiContext) {
  return runErrors(ctx.pool, parent.id, limitArg('limit', args.limit ?? 100), offsetArg('offset', args.offset ?? 0));
}

export const feedResolvers = {
  Query: { productFeedList, productFeed, feedImportRun, feedImportErrors },
  Mutation: { productFeedCreate, productFeedUpdate, productFeedDelete, productFeedImport },
  ProductFeed: { lastRun, runs },
  FeedImportRun: { errors },
};
