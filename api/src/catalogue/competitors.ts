/**
 * Competitors of an organization website: list, detail (Admin: competitors:detail), the
 * monitored-competitor view (Owner: monitoredCompetitor:detail), create within the plan's
 * competitors limit, update, delete, and importing their products from CSV. Admin reaches every
 * organization's competitors, everyone else only its own organization's: another is NOT_FOUND.
 * Each resolver checks its arguments and the caller, then calls the store (competitors-store.ts).
 */
import type { ApiContext } from '../graphql/context.ts';
import { badUserInput, forbidden } from '../graphql/errors.ts';
import type {
  CompetitorInput,
  CompetitorUpdateInput,
  MutationCompetitorCreateArgs,
  MutationCompetitorDeleteArgs,
  MutationCompetitorProductsImportArgs,
  MutationCompetitorUpdateArgs,
  QueryCompetitorArgs,
  QueryCompetitorListArgs,
  QueryMonitoredCompetitorArgs,
} from '../graphql/generated/resolvers.ts';
import { searchArg, uuidArg, websitePageArgs } from '../graphql/validate.ts';
import { inTransaction } from '../db/transaction.ts';
import { assertWithinLimit } from './plan-limits.ts';
import { findOrganizationWebsite, oneOf, scopeOf, textArg, urlArg } from './catalogue-scope.ts';
import { CsvFileError, parseCompetitorProductsCsv } from './competitor-products-csv.ts';
import { matchingAfterCompetitorImport } from '../matching/runs/hooks.ts';
import {
  assertCompetitorUrlFree,
  type CompetitorFields,
  type CompetitorObject,
  competitorMonitoring,
  competitorWebsite,
  deleteCompetitor,
  findCompetitor,
  importCompetitorProducts,
  insertCompetitor,
  listCompetitors,
  toCompetitor,
  updateCompetitor,
} from './competitors-store.ts';

const MATCHING_MODES = ['automatic', 'confirmation'] as const;
const FREQUENCIES = ['hourly', 'daily', 'weekly'] as const;

async function competitorList(_: unknown, args: QueryCompetitorListArgs, ctx: ApiContext) {
  const { websiteId, limit, offset } = websitePageArgs(args);
  const search = searchArg('search', args.search);
  const matchingMode = args.matchingMode == null ? null : oneOf('matchingMode', args.matchingMode, MATCHING_MODES);
  if (!(await ctx.can('competitors', 'Read'))) throw forbidden('You may not list competitors.');
  await findOrganizationWebsite(ctx.pool, ctx, websiteId);
  const { rows, total } = await listCompetitors(ctx.pool, {
    websiteId,
    search: search || null,
    active: args.active ?? null,
    matchingMode,
    sort: args.sort ?? 'NAME_ASC',
    limit,
    offset,
  });
  return { data: rows.map(toCompetitor), meta: { pagination: { total } } };
}

async function competitor(_: unknown, args: QueryCompetitorArgs, ctx: ApiContext) {
  const id = uuidArg('competitorId', args.competitorId);
  if (!(await ctx.can('competitors:detail', 'Read'))) throw forbidden('You may not read competitor details.');
  return toCompetitor(await findCompetitor(ctx.pool, scopeOf(ctx), id));
}

async function monitoredCompetitor(_: unknown, args: QueryMonitoredCompetitorArgs, ctx: ApiContext) {
  const id = uuidArg('competitorId', args.competitorId);
  if (!(await ctx.can('monitoredCompetitor:detail', 'Read')))
    throw forbidden('You may not read monitored competitors.');
  return toCompetitor(await findCompetitor(ctx.pool, scopeOf(ctx), id));
}

/** The checked fields of an input; absent ones are undefined (create fills the defaults). */
function checkInput(input: CompetitorInput | CompetitorUpdateInput, creating: boolean): CompetitorFields {
  if (creating || input.name != null) textArg('name', input.name, 200);
  return {
    name: input.name == null ? undefined : textArg('name', input.name, 200),
    url: creating || input.url != null ? urlArg('url', input.url) : undefined,
    matchingMode: input.matchingMode == null ? undefined : oneOf('matchingMode', input.matchingMode, MATCHING_MODES),
    active: input.active == null ? undefined : Boolean(input.active),
    scrapingFrequency:
      input.scrapingFrequency == null ? undefined : oneOf('scrapingFrequency', input.scrapingFrequency, FREQUENCIES),
  };
}

async function competitorCreate(_: unknown, args: MutationCompetitorCreateArgs, ctx: ApiContext) {
  const websiteId = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  const input = checkInput(args.input, true);
  if (!(await ctx.can('competitors', 'Create'))) throw forbidden('You may not add competitors.');
  return inTransaction(ctx.pool, async (client) => {
    const website = await findOrganizationWebsite(client, ctx, websiteId, true);
    await assertWithinLimit(client, website.organization_id, 'competitors');
    await assertCompetitorUrlFree(client, websiteId, input.url!, null);
    const id = await insertCompetitor(client, websiteId, input);
    return toCompetitor(await findCompetitor(client, scopeOf(ctx), id));
  });
}

async function competitorUpdate(_: unknown, args: MutationCompetitorUpdateArgs, ctx: ApiContext) {
  const id = uuidArg('competitorId', args.competitorId);
  const input = checkInput(args.input, false);
  if (Object.values(input).every((value) => value === undefined))
    throw badUserInput('input', 'give at least one field to change');
  if (!(await ctx.can('competitors', 'Update'))) throw forbidden('You may not change competitors.');
  return inTransaction(ctx.pool, async (client) => {
    const current = await findCompetitor(client, scopeOf(ctx), id, true);
    if (input.url !== undefined) await assertCompetitorUrlFree(client, current.organization_website_id, input.url, id);
    await updateCompetitor(client, id, input);
    return toCompetitor(await findCompetitor(client, scopeOf(ctx), id));
  });
}

async function competitorDelete(_: unknown, args: MutationCompetitorDeleteArgs, ctx: ApiContext) {
  const id = uuidArg('competitorId', args.competitorId);
  if (!(await ctx.can('competitors', 'Delete'))) throw forbidden('You may not delete competitors.');
  return inTransaction(ctx.pool, async (client) => {
    const row = await findCompetitor(client, scopeOf(ctx), id, true);
    await deleteCompetitor(client, id);
    return toCompetitor(row);
  });
}

async function competitorProductsImport(_: unknown, args: MutationCompetitorProductsImportArgs, ctx: ApiContext) {
  const id = uuidArg('competitorId', args.competitorId);
  let parsed: ReturnType<typeof parseCompetitorProductsCsv>;
  try {
    parsed = parseCompetitorProductsCsv(args.csv ?? '');
  } catch (error) {
    if (error instanceof CsvFileError) throw badUserInput('csv', error.reason);
    throw error;
  }
  if (!(await ctx.can('competitors', 'Update'))) throw forbidden('You may not import competitor products.');
  const { rows, errors, total } = parsed;
  return inTransaction(ctx.pool, async (client) => {
    await findCompetitor(client, scopeOf(ctx), id, true);
    const empty = { inserted: 0, updated: 0, unchanged: 0, refreshedProducts: 0 };
    const written = rows.length ? await importCompetitorProducts(client, id, rows) : empty;
    // Matching: an incremental run for the products this import changed (matching/runs/hooks.ts).
    if (rows.length) await matchingAfterCompetitorImport(client, ctx.pool, id);
    return { rows: total, skipped: total - rows.length, errors, ...written };
  });
}

/** How our matched products compare with this competitor's (on request). */
function monitoring(parent: CompetitorObject, _: unknown, ctx: ApiContext) {
  return competitorMonitoring(ctx.pool, parent.id);
}

function organizationWebsite(parent: CompetitorObject, _: unknown, ctx: ApiContext) {
  return competitorWebsite(ctx.pool, parent.organizationWebsiteId);
}

export const competitorResolvers = {
  Query: { competitorList, competitor, monitoredCompetitor },
  Mutation: { competitorCreate, competitorUpdate, competitorDelete, competitorProductsImport },
  Competitor: { monitoring, organizationWebsite },
};
