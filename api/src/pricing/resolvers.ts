/**
 * Price suggestions' GraphQL resolvers (./schema.graphql): read the arguments, check access
 * (Casbin policy on priceSuggestionRules + tenant scoping: a non-admin reaches only its own
 * organization's websites, rules and products, others are NOT_FOUND) and call the store.
 */
import type { ApiContext } from '../graphql/context.ts';
import { badUserInput, forbidden } from '../graphql/errors.ts';
import { findOrganizationWebsite, oneOf, scopeOf, toIso, toNumber } from '../catalogue/catalogue-scope.ts';
import { pageArgs, searchArg, uuidArg } from '../graphql/validate.ts';
import type {
  MutationPriceRuleCreateArgs,
  MutationPriceRuleDeleteArgs,
  MutationPriceRuleDuplicateArgs,
  MutationPriceRuleReorderArgs,
  MutationPriceRuleStatusSetArgs,
  MutationPriceRuleUpdateArgs,
  MutationPriceSuggestionRecomputeArgs,
  MutationPriceSuggestionReviewArgs,
  MutationPriceSuggestionReviewFilteredArgs,
  QueryPriceRuleAffectedCountArgs,
  QueryPriceRuleArgs,
  QueryPriceRuleListArgs,
  QueryPriceRulePreviewArgs,
  QueryPriceRuleSimulationArgs,
  QueryPriceSuggestionArgs,
  QueryPriceSuggestionExportArgs,
  QueryPriceSuggestionListArgs,
  QueryPriceSuggestionLogArgs,
  QueryPriceSuggestionRecomputeStatusArgs,
} from '../graphql/generated/resolvers.ts';
import { inTransaction } from '../db/transaction.ts';
import { notFound } from '../graphql/errors.ts';
import type { Resource, Action } from '@console/policies';
import { productSelectionOf, ruleSettingsOf, STATUSES, type RuleSettings } from './rules/validate.ts';
import {
  checkRuleAgainstWebsite,
  deleteRule,
  duplicateRule,
  findRule,
  insertRule,
  listRules,
  reorderRules,
  RULE_SORTS,
  setRuleStatus,
  updateRule,
} from './store/rules.ts';
import { settingsOf, toRule, type RuleObject } from './store/rule-row.ts';
import { countSelected } from './store/selection-sql.ts';
import {
  competitorNames,
  previewProducts,
  previewProductsById,
  productInScope,
  productMoneyById,
  recomputeOf,
  suggestionCountOfRule,
} from './store/reads.ts';
import { queueRecompute } from './store/recompute-queue.ts';
import {
  DECISIONS,
  listSuggestions,
  reviewSuggestions,
  suggestionLog,
  suggestionsOf,
  suggestionWhere,
  SUGGESTION_SORTS,
  toPreviewProduct,
  toSuggestion,
  type Decision,
  type SuggestionRow,
} from './store/suggestions.ts';
import { simulate } from './simulation.ts';
import { suggestionCsv } from './export.ts';
import { PRICE_FEED_PATH } from './feed/route.ts';
import { requestBatch } from '../graphql/batch.ts';

async function allow(ctx: ApiContext, resource: Resource, action: Action, what: string): Promise<void> {
  if (!(await ctx.can(resource, action))) throw forbidden(`You may not ${what}.`);
}
const read = (ctx: ApiContext) => allow(ctx, 'priceSuggestionRules', 'Read', 'read price suggestion rules');
const actorOf = (ctx: ApiContext) => ({ id: ctx.viewer.id, email: ctx.viewer.email });

async function websiteArg(ctx: ApiContext, id: string): Promise<string> {
  return (await findOrganizationWebsite(ctx.pool, ctx, uuidArg('organizationWebsiteId', id))).id;
}

/** A rule as GraphQL answers it, with what needs the database resolved lazily (PriceRule fields below). */
type RuleParent = RuleObject;

async function ruleById(ctx: ApiContext, id: string): Promise<RuleParent> {
  return toRule(await findRule(ctx.pool, ctx, id));
}

function productIdsArg(value: string[]): string[] {
  if (!Array.isArray(value) || value.length < 1 || value.length > 1000)
    throw badUserInput('productIds', 'must name 1 to 1000 products');
  return [...new Set(value.map((id) => uuidArg('productIds', id)))];
}

function bucketsArg(value: number | null | undefined, field: string, max: number, fallback: number): number {
  const n = value ?? fallback;
  if (!Number.isInteger(n) || n < 1 || n > max) throw badUserInput(field, `must be an integer from 1 to ${max}`);
  return n;
}

async function suggestionObjects(ctx: ApiContext, productIds: string[]) {
  const rows = await suggestionsOf(ctx.pool, productIds);
  const byId = new Map(rows.map((r) => [r.product_id, toSuggestion(r)]));
  return productIds.map((id) => byId.get(id)).filter((s) => s !== undefined);
}

/** The suggestions of the products a request lists, read together. */
function suggestionForProduct(ctx: ApiContext, productId: string): Promise<SuggestionRow | undefined> {
  return requestBatch(
    ctx,
    'suggestions',
    async (c, ids) => new Map((await suggestionsOf(c.pool, ids)).map((r) => [r.product_id, r])),
    productId,
  );
}

async function mayReadSuggestions(ctx: ApiContext): Promise<boolean> {
  return ctx.can('priceSuggestionRules', 'Read');
}

export const pricingResolvers = {
  Query: {
    async priceRuleList(_: unknown, args: QueryPriceRuleListArgs, ctx: ApiContext) {
      await read(ctx);
      const { limit, offset } = pageArgs(args);
      const websiteId = await websiteArg(ctx, args.organizationWebsiteId);
      const { rows, total } = await listRules(ctx.pool, websiteId, {
        status: args.status ? oneOf('status', args.status, STATUSES) : null,
        search: searchArg('search', args.search),
        sort: oneOf('sort', args.sort ?? 'PRIORITY_ASC', Object.keys(RULE_SORTS) as Array<keyof typeof RULE_SORTS>),
        limit,
        offset,
      });
      return { data: rows.map(toRule), meta: { pagination: { total } } };
    },
    async priceRule(_: unknown, args: QueryPriceRuleArgs, ctx: ApiContext) {
      await allow(ctx, 'priceSuggestionRules:detail', 'Read', 'read price suggestion rules');
      return ruleById(ctx, uuidArg('priceRuleId', args.priceRuleId));
    },
    async priceRuleAffectedCount(_: unknown, args: QueryPriceRuleAffectedCountArgs, ctx: ApiContext) {
      await read(ctx);
      const websiteId = await websiteArg(ctx, args.organizationWebsiteId);
      return countSelected(ctx.pool as never, websiteId, productSelectionOf(args.products));
    },
    async priceRulePreview(_: unknown, args: QueryPriceRulePreviewArgs, ctx: ApiContext) {
      await read(ctx);
      const { limit, offset } = pageArgs(args);
      const websiteId = await websiteArg(ctx, args.organizationWebsiteId);
      const { rows, total } = await previewProducts(
        ctx.pool,
        websiteId,
        productSelectionOf(args.products),
        limit,
        offset,
      );
      return { total, data: rows.map(toPreviewProduct) };
    },
    async priceRuleSimulation(_: unknown, args: QueryPriceRuleSimulationArgs, ctx: ApiContext) {
      await read(ctx);
      const websiteId = await websiteArg(ctx, args.organizationWebsiteId);
      if ((args.priceRuleId == null) === (args.input == null))
        throw badUserInput('priceRuleId', 'give either a saved rule (priceRuleId) or an unsaved one (input)');
      let settings: RuleSettings;
      let rule: { id: string; name: string } | null = null;
      if (args.priceRuleId) {
        const row = await findRule(ctx.pool, ctx, uuidArg('priceRuleId', args.priceRuleId));
        if (row.organization_website_id !== websiteId) throw notFound('Price rule', args.priceRuleId);
        settings = settingsOf(row);
        rule = { id: row.id, name: row.name };
      } else settings = ruleSettingsOf(args.input!);
      const summary = await simulate(ctx.pool, websiteId, settings, {
        buckets: bucketsArg(args.buckets, 'buckets', 100, 20),
        largest: bucketsArg(args.largest, 'largest', 100, 20),
      });
      const ids = summary.largest.map((item) => item.product.id);
      const rows = await previewProductsById(ctx.pool, ids);
      const products = new Map(rows.map((r) => [r.id as string, toPreviewProduct(r)]));
      const computedAt = new Date().toISOString();
      const { largest, ...counts } = summary;
      return {
        ...counts,
        largestChanges: largest.map(({ product, suggestion }) => ({
          id: product.id,
          product: products.get(product.id),
          currentPrice: suggestion.currentPrice,
          suggestedPrice: suggestion.suggestedPrice,
          change: suggestion.change,
          changePercent: suggestion.changePercent,
          currency: product.currency,
          outcome: suggestion.outcome,
          review: 'PENDING',
          reviewedBy: null,
          reviewedAt: null,
          rule,
          explanation: suggestion.steps,
          computedAt,
        })),
      };
    },
    async priceSuggestionList(_: unknown, args: QueryPriceSuggestionListArgs, ctx: ApiContext) {
      await read(ctx);
      const { limit, offset } = pageArgs(args);
      const websiteId = await websiteArg(ctx, args.organizationWebsiteId);
      const sort = oneOf(
        'sort',
        args.sort ?? 'CHANGE_PERCENT_DESC',
        Object.keys(SUGGESTION_SORTS) as Array<keyof typeof SUGGESTION_SORTS>,
      );
      const { rows, total } = await listSuggestions(ctx.pool, websiteId, args.filter, sort, limit, offset);
      return { data: rows.map(toSuggestion), meta: { pagination: { total } } };
    },
    async priceSuggestion(_: unknown, args: QueryPriceSuggestionArgs, ctx: ApiContext) {
      await read(ctx);
      const id = uuidArg('productId', args.productId);
      if (!(await productInScope(ctx.pool, id, scopeOf(ctx)))) throw notFound('Product', id);
      return (await suggestionObjects(ctx, [id]))[0] ?? null;
    },
    async priceSuggestionLog(_: unknown, args: QueryPriceSuggestionLogArgs, ctx: ApiContext) {
      await read(ctx);
      const { limit, offset } = pageArgs(args);
      const websiteId = await websiteArg(ctx, args.organizationWebsiteId);
      return suggestionLog(
        ctx.pool,
        websiteId,
        args.productId ? uuidArg('productId', args.productId) : null,
        limit,
        offset,
      );
    },
    async priceSuggestionExport(_: unknown, args: QueryPriceSuggestionExportArgs, ctx: ApiContext) {
      await read(ctx);
      const websiteId = await websiteArg(ctx, args.organizationWebsiteId);
      return suggestionCsv(ctx.pool, websiteId, args.filter);
    },
    async priceSuggestionRecomputeStatus(_: unknown, args: QueryPriceSuggestionRecomputeStatusArgs, ctx: ApiContext) {
      await read(ctx);
      const websiteId = await websiteArg(ctx, args.organizationWebsiteId);
      return recomputeStatus(ctx, websiteId);
    },
  },

  Mutation: {
    async priceRuleCreate(_: unknown, args: MutationPriceRuleCreateArgs, ctx: ApiContext) {
      await allow(ctx, 'priceSuggestionRules', 'Create', 'create price suggestion rules');
      const id = await inTransaction(ctx.pool, async (client) => {
        const website = await findOrganizationWebsite(
          client,
          ctx,
          uuidArg('organizationWebsiteId', args.organizationWebsiteId),
          true,
        );
        const settings = ruleSettingsOf(args.input);
        await checkRuleAgainstWebsite(client, website.id, settings, null);
        return insertRule(client, website.id, settings, actorOf(ctx));
      });
      return ruleById(ctx, id);
    },
    async priceRuleUpdate(_: unknown, args: MutationPriceRuleUpdateArgs, ctx: ApiContext) {
      await allow(ctx, 'priceSuggestionRules', 'Update', 'change price suggestion rules');
      const id = uuidArg('priceRuleId', args.priceRuleId);
      await inTransaction(ctx.pool, async (client) => {
        const rule = await findRule(client, ctx, id, true);
        await findOrganizationWebsite(client, ctx, rule.organization_website_id, true);
        const settings = ruleSettingsOf(args.input);
        await checkRuleAgainstWebsite(client, rule.organization_website_id, settings, rule.id);
        await updateRule(client, rule, settings, actorOf(ctx));
      });
      return ruleById(ctx, id);
    },
    async priceRuleDelete(_: unknown, args: MutationPriceRuleDeleteArgs, ctx: ApiContext) {
      await allow(ctx, 'priceSuggestionRules', 'Delete', 'delete price suggestion rules');
      const id = uuidArg('priceRuleId', args.priceRuleId);
      return inTransaction(ctx.pool, async (client) => {
        const rule = await findRule(client, ctx, id, true);
        await deleteRule(client, rule);
        return toRule(rule);
      });
    },
    async priceRuleDuplicate(_: unknown, args: MutationPriceRuleDuplicateArgs, ctx: ApiContext) {
      await allow(ctx, 'priceSuggestionRules', 'Create', 'create price suggestion rules');
      const id = uuidArg('priceRuleId', args.priceRuleId);
      const copy = await inTransaction(ctx.pool, async (client) => {
        const rule = await findRule(client, ctx, id);
        await findOrganizationWebsite(client, ctx, rule.organization_website_id, true);
        return duplicateRule(client, rule, actorOf(ctx));
      });
      return ruleById(ctx, copy);
    },
    async priceRuleStatusSet(_: unknown, args: MutationPriceRuleStatusSetArgs, ctx: ApiContext) {
      await allow(ctx, 'priceSuggestionRules', 'Update', 'change price suggestion rules');
      const id = uuidArg('priceRuleId', args.priceRuleId);
      const status = oneOf('status', args.status, STATUSES);
      await inTransaction(ctx.pool, async (client) => {
        const rule = await findRule(client, ctx, id, true);
        if (rule.status !== status) await setRuleStatus(client, rule, status, actorOf(ctx));
      });
      return ruleById(ctx, id);
    },
    async priceRuleReorder(_: unknown, args: MutationPriceRuleReorderArgs, ctx: ApiContext) {
      await allow(ctx, 'priceSuggestionRules', 'Update', 'change price suggestion rules');
      const ids = args.priceRuleIds.map((id) => uuidArg('priceRuleIds', id));
      const websiteId = await inTransaction(ctx.pool, async (client) => {
        const website = await findOrganizationWebsite(
          client,
          ctx,
          uuidArg('organizationWebsiteId', args.organizationWebsiteId),
          true,
        );
        await reorderRules(client, website.id, ids, actorOf(ctx));
        return website.id;
      });
      const { rows } = await listRules(ctx.pool, websiteId, {
        status: null,
        search: null,
        sort: 'PRIORITY_ASC',
        limit: 10_000,
        offset: 0,
      });
      return rows.map(toRule);
    },
    async priceSuggestionReview(_: unknown, args: MutationPriceSuggestionReviewArgs, ctx: ApiContext) {
      await allow(ctx, 'priceSuggestionRules', 'Update', 'review price suggestions');
      const websiteId = await websiteArg(ctx, args.organizationWebsiteId);
      const decision = oneOf('decision', args.decision, Object.keys(DECISIONS) as Decision[]);
      const ids = productIdsArg(args.productIds);
      const changed = await reviewSuggestions(
        ctx.pool,
        websiteId,
        { sql: 's.product_id = ANY($6::uuid[])', params: [ids] },
        decision,
        actorOf(ctx),
        1000,
      );
      return {
        changed: changed.length,
        skipped: ids.length - changed.length,
        data: await suggestionObjects(ctx, changed),
      };
    },
    async priceSuggestionReviewFiltered(_: unknown, args: MutationPriceSuggestionReviewFilteredArgs, ctx: ApiContext) {
      await allow(ctx, 'priceSuggestionRules', 'Update', 'review price suggestions');
      const websiteId = await websiteArg(ctx, args.organizationWebsiteId);
      const decision = oneOf('decision', args.decision, Object.keys(DECISIONS) as Decision[]);
      const where = suggestionWhere(args.filter, 6);
      const changed = await reviewSuggestions(ctx.pool, websiteId, where, decision, actorOf(ctx), 100_000);
      return { changed: changed.length, skipped: 0, data: await suggestionObjects(ctx, changed.slice(0, 1000)) };
    },
    async priceSuggestionRecompute(_: unknown, args: MutationPriceSuggestionRecomputeArgs, ctx: ApiContext) {
      await allow(ctx, 'priceSuggestionRules', 'Update', 'recompute price suggestions');
      const websiteId = await websiteArg(ctx, args.organizationWebsiteId);
      await queueRecompute(ctx.pool, websiteId);
      return recomputeStatus(ctx, websiteId);
    },
  },

  PriceRule: {
    async affectedCount(rule: RuleParent, _: unknown, ctx: ApiContext) {
      return countSelected(ctx.pool as never, rule.organizationWebsiteId, rule.products);
    },
    suggestionCount: (rule: RuleParent, _: unknown, ctx: ApiContext) => suggestionCountOfRule(ctx.pool, rule.id),
  },
  PriceRuleCompetitors: {
    competitorList: (competitors: { competitorIds: string[] }, _: unknown, ctx: ApiContext) =>
      competitorNames(ctx.pool, competitors.competitorIds),
  },
  PriceRuleStrategy: {
    async competitor(strategy: { competitorId: string | null }, _: unknown, ctx: ApiContext) {
      if (!strategy.competitorId) return null;
      return (await competitorNames(ctx.pool, [strategy.competitorId]))[0] ?? null;
    },
  },

  Product: {
    cost: (p: { id: string; cost?: unknown }, _: unknown, ctx: ApiContext) => productMoney(ctx, p, 'cost'),
    map: (p: { id: string }, _: unknown, ctx: ApiContext) => productMoney(ctx, p, 'map'),
    rrp: (p: { id: string }, _: unknown, ctx: ApiContext) => productMoney(ctx, p, 'rrp'),
    async suggestion(p: { id: string }, _: unknown, ctx: ApiContext) {
      if (!(await mayReadSuggestions(ctx))) return null;
      const row = await suggestionForProduct(ctx, p.id);
      return row ? toSuggestion(row) : null;
    },
    suggestedPrice: (p: { id: string }, _: unknown, ctx: ApiContext) =>
      suggestionField(ctx, p.id, (r) => toNumber(r.suggested_price)),
    suggestedChange: (p: { id: string }, _: unknown, ctx: ApiContext) =>
      suggestionField(ctx, p.id, (r) => toNumber(r.change)),
    suggestedChangePercent: (p: { id: string }, _: unknown, ctx: ApiContext) =>
      suggestionField(ctx, p.id, (r) => toNumber(r.change_percent)),
    suggestionOutcome: (p: { id: string }, _: unknown, ctx: ApiContext) => suggestionField(ctx, p.id, (r) => r.outcome),
    suggestionReview: (p: { id: string }, _: unknown, ctx: ApiContext) => suggestionField(ctx, p.id, (r) => r.review),
  },

  OrganizationWebsite: {
    priceFeedUrl: (website: { id: string }) => PRICE_FEED_PATH.replace(':organizationWebsiteId', website.id),
  },
};

async function suggestionField<T>(
  ctx: ApiContext,
  productId: string,
  pick: (row: SuggestionRow) => T,
): Promise<T | null> {
  if (!(await mayReadSuggestions(ctx))) return null;
  const row = await suggestionForProduct(ctx, productId);
  return row ? pick(row) : null;
}

/** cost, MAP and RRP of the products a request lists, read together (the list's rows do not carry them). */
async function productMoney(
  ctx: ApiContext,
  product: { id: string },
  column: 'cost' | 'map' | 'rrp',
): Promise<number | null> {
  const row = await requestBatch(ctx, 'product-money', (c, ids) => productMoneyById(c.pool, ids), product.id);
  return row ? toNumber(row[column]) : null;
}

async function recomputeStatus(ctx: ApiContext, websiteId: string) {
  const row = await recomputeOf(ctx.pool, websiteId);
  if (!row) return null;
  return {
    id: websiteId,
    state: row.state,
    products: row.products,
    startedAt: toIso(row.started_at),
    finishedAt: toIso(row.finished_at),
    error: row.error,
  };
}
