/**
 * What the matching areas share: the caller as a state-machine actor, access checks, scoping of
 * products, pairs and competitors to the caller's organization, argument checks, the mapping of
 * rows to GraphQL objects and of state-machine refusals to GraphQL errors.
 */
import { createHash } from 'node:crypto';
import { GraphQLError } from 'graphql';
import type { Pool, PoolClient } from 'pg';
import type { Resource } from '@console/policies';
import type { ApiContext } from '../../graphql/context.ts';
import type { MatchingRelatedModelNumber, MatchingStage, MatchingStatus } from '../../graphql/generated/resolvers.ts';
import { badUserInput, forbidden, notFound } from '../../graphql/errors.ts';
import { uuidArg } from '../../graphql/validate.ts';
import { TransitionError } from '../state/errors.ts';
import type { Actor } from '../state/machine.ts';
import { inTransaction, type Queryable } from '../../db/transaction.ts';
import { eanOf, scopeOf, toIso, toNumber } from '../../catalogue/catalogue-scope.ts';
import { toCompetitorProduct } from '../../catalogue/competitor-products-store.ts';

export type UserActor = Extract<Actor, { kind: 'user' }>;

/** The caller with the capabilities its role has (policy.csv). */
export async function actorOf(ctx: ApiContext): Promise<UserActor> {
  const [decide, confirm, revert] = await Promise.all([
    ctx.can('productMatchingQueue:detail', 'Update'),
    ctx.can('matchingConfirmation', 'Update'),
    ctx.can('productMatchingQueue:log', 'Update'),
  ]);
  return { kind: 'user', userId: ctx.viewer.id, email: ctx.viewer.email, decide, confirm, revert };
}

const WHAT: Partial<Record<Resource, string>> = {
  productMatchingQueue: 'the product matching queue',
  'productMatchingQueue:detail': 'the product matching queue',
  'productMatchingQueue:log': 'the matching log',
  matchingConfirmation: 'the match confirmation queue',
};

export async function requireRead(ctx: ApiContext, resource: Resource): Promise<void> {
  if (!(await ctx.can(resource, 'Read'))) throw forbidden(`You may not read ${WHAT[resource] ?? resource}.`);
}

export async function requireUpdate(ctx: ApiContext, resource: Resource, what: string): Promise<void> {
  if (!(await ctx.can(resource, 'Update'))) throw forbidden(`You may not ${what}.`);
}

/** A state-machine refusal as a GraphQL error (code, reason and details in extensions). */
export function toGraphQLError(error: unknown): unknown {
  if (!(error instanceof TransitionError)) return error;
  const extensions: Record<string, unknown> = { code: error.code, ...error.details };
  if (error.code === 'CONFLICT') extensions.reason = error.reason;
  return new GraphQLError(error.message, { extensions });
}

/**
 * `work` in one transaction, retried (up to 3 times in all) when the database chose it as a
 * deadlock or serialization victim; refusals of the state machine become GraphQL errors.
 */
export async function decisionTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(pool, work, { attempts: 3 });
  } catch (error) {
    throw toGraphQLError(error);
  }
}

/** An idempotency key: 1..200 characters without control characters. */
export function keyArg(value: unknown, field = 'input.idempotencyKey'): string {
  if (typeof value !== 'string' || value.length < 1 || value.length > 200 || /[\u0000-\u001f\u007f]/.test(value)) {
    throw badUserInput(field, 'must be 1 to 200 characters without control characters');
  }
  return value;
}

export function versionArg(value: unknown, field = 'input.expectedVersion'): number {
  if (!Number.isInteger(value) || (value as number) < 1)
    throw badUserInput(field, 'must be a positive integer (the version of the pair you saw)');
  return value as number;
}

export function boundedLimit(field: string, value: number | null | undefined, max: number, fallback: number): number {
  const limit = value ?? fallback;
  if (!Number.isInteger(limit) || limit < 1 || limit > max)
    throw badUserInput(field, `must be an integer from 1 to ${max}`);
  return limit;
}

/** A request's batch id, the same for every retry of it (derived from caller and key). */
export function batchIdOf(userId: string, key: string): string {
  const hex = createHash('sha256').update(`${userId}\u0000${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface ScopedProduct {
  id: string;
  organization_website_id: string;
}

/** The product if the caller may reach it (its organization, or Admin), else NOT_FOUND. */
export async function findProduct(
  db: Queryable,
  ctx: ApiContext,
  productId: string,
  field = 'productId',
): Promise<ScopedProduct> {
  const id = uuidArg(field, productId);
  const { rows } = await db.query<ScopedProduct>(
    `SELECT p.id, p.organization_website_id FROM products p JOIN organization_websites ow ON ow.id = p.organization_website_id
      WHERE p.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)`,
    [id, scopeOf(ctx)],
  );
  if (!rows[0]) throw notFound('Product', id);
  return rows[0];
}

export interface ScopedPair {
  id: string;
  product_id: string;
  competitor_id: string;
  organization_website_id: string;
}

/** The pair if the caller may reach it, else NOT_FOUND. */
export async function findPair(
  db: Queryable,
  ctx: ApiContext,
  matchId: string,
  field = 'input.matchId',
): Promise<ScopedPair> {
  const id = uuidArg(field, matchId);
  const { rows } = await db.query<ScopedPair>(
    `SELECT m.id, m.product_id, m.competitor_id, p.organization_website_id
       FROM product_matches m JOIN products p ON p.id = m.product_id JOIN organization_websites ow ON ow.id = p.organization_website_id
      WHERE m.id = $1 AND ($2::uuid IS NULL OR ow.organization_id = $2::uuid)`,
    [id, scopeOf(ctx)],
  );
  if (!rows[0]) throw notFound('Match', id);
  return rows[0];
}

/** A competitor of the given website, else NOT_FOUND. */
export async function findCompetitorOf(
  db: Queryable,
  websiteId: string,
  competitorId: string,
  field: string,
): Promise<string> {
  const id = uuidArg(field, competitorId);
  const { rows } = await db.query('SELECT id FROM competitors WHERE id = $1 AND organization_website_id = $2', [
    id,
    websiteId,
  ]);
  if (!rows[0]) throw notFound('Competitor', id);
  return id;
}

// ---- rows to objects ---------------------------------------------------------------------

export const PRODUCT_SUMMARY_COLUMNS = `p.id AS p_id, p.item_id AS p_item_id, p.name AS p_name, p.brand AS p_brand, p.gtin AS p_gtin, p.mpn AS p_mpn,
  p.category AS p_category, p.price AS p_price, p.currency AS p_currency, p.image_url AS p_image_url, p.url AS p_url`;

export function toProductSummary(row: Record<string, any>) {
  return {
    id: row.p_id,
    itemId: row.p_item_id,
    name: row.p_name,
    brand: row.p_brand,
    ean: eanOf(row.p_gtin),
    mpn: row.p_mpn,
    category: row.p_category,
    price: toNumber(row.p_price),
    currency: row.p_currency,
    imageUrl: row.p_image_url,
    url: row.p_url,
  };
}

export const PAIR_COLUMNS = `m.id AS m_id, m.status AS m_status, m.stage AS m_stage, m.version AS m_version, m.score AS m_score,
  m.evidence AS m_evidence, m.updated_at AS m_updated_at, p.price AS m_our_price`;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const bool = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

const RELATIONS = { exact: 'EXACT', partial: 'PARTIAL', similar: 'SIMILAR' } as const;
const SIDES = { left: 'OURS', right: 'THEIRS' } as const;
const PLACES = { name: 'NAME', description: 'DESCRIPTION' } as const;

const keyOf = <T extends object>(map: T, value: unknown): keyof T | null =>
  typeof value === 'string' && Object.hasOwn(map, value) ? (value as keyof T) : null;

/**
 * The engine's related model numbers (model-numbers.ts RelatedModelNumbers: left is our product,
 * right the competitor's) in the API's words; an entry missing a code or its relation is left out.
 */
export function toRelatedModelNumbers(value: unknown): MatchingRelatedModelNumber[] {
  if (!Array.isArray(value)) return [];
  const result: MatchingRelatedModelNumber[] = [];
  for (const item of value) {
    if (!item || typeof item !== 'object') continue;
    const r = item as Record<string, unknown>;
    const relation = keyOf(RELATIONS, r.relation);
    if (typeof r.left !== 'string' || typeof r.right !== 'string' || !relation) continue;
    const apart = keyOf(SIDES, r.apart);
    result.push({
      ours: r.left,
      theirs: r.right,
      relation: RELATIONS[relation],
      apart: apart ? SIDES[apart] : null,
      oursIn: PLACES[keyOf(PLACES, r.leftIn) ?? 'name'],
      theirsIn: PLACES[keyOf(PLACES, r.rightIn) ?? 'name'],
    });
  }
  return result;
}

/** The engine's evidence (score.ts MatchEvidence), tolerant of older or partial objects. */
export function toEvidence(raw: unknown) {
  const e = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const identifiers = strings(e.matchedIdentifiers);
  const related = Array.isArray(e.relatedModelNumbers)
    ? (e.relatedModelNumbers as Array<{ left?: unknown }>)
        .map((r) => r?.left)
        .filter((v): v is string => typeof v === 'string')
    : [];
  return {
    gtinEqual: identifiers.includes('gtin') ? true : bool(e.gtinEqual ?? e.gtin),
    mpnEqual: identifiers.includes('mpn') ? true : bool(e.mpnEqual ?? e.mpn),
    brandEqual: bool(e.brandEqual),
    nameSimilarity: num(e.nameSimilarity),
    sharedWords: strings(e.sharedWords),
    sharedModelNumbers: [...new Set([...strings(e.sharedModelNumbers), ...related])],
    relatedModelNumbers: toRelatedModelNumbers(e.relatedModelNumbers),
    modelNumbersConflict: bool(e.modelNumbersConflict),
    raw: JSON.stringify(e),
  };
}

/** Our price minus the competitor's, and in percent of the competitor's. */
export function priceDifference(
  ours: number | null,
  theirs: number | null,
): { amount: number | null; percent: number | null } {
  if (ours === null || theirs === null) return { amount: null, percent: null };
  const amount = Math.round((ours - theirs) * 100) / 100;
  return { amount, percent: theirs > 0 ? Math.round(((ours - theirs) * 10000) / theirs) / 100 : null };
}

export function toPair(row: Record<string, any>) {
  const competitorProduct = toCompetitorProduct(row);
  const difference = priceDifference(toNumber(row.m_our_price), competitorProduct.price);
  return {
    id: row.m_id,
    status: row.m_status as MatchingStatus,
    stage: String(row.m_stage).toUpperCase() as MatchingStage,
    version: row.m_version,
    score: row.m_score === null ? null : Number(row.m_score),
    evidence: toEvidence(row.m_evidence),
    competitorProduct,
    priceDifference: difference.amount,
    priceDifferencePercent: difference.percent,
    updatedAt: toIso(row.m_updated_at)!,
  };
}

export function toLease(
  row: { product_id: string; user_id: string; user_email: string | null; expires_at: Date | string } | null,
  viewerId: string,
) {
  if (!row) return null;
  return {
    productId: row.product_id,
    userId: row.user_id,
    userEmail: row.user_email,
    mine: row.user_id === viewerId,
    expiresAt: toIso(row.expires_at)!,
  };
}
