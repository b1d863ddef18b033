/**
 * What the catalogue areas (websites administration, competitors, products, aggregators) share:
 * finding a record within the caller's reach (tenant scoping: a non-admin only its own
 * organization's; anything else is NOT_FOUND, exactly as if it did not exist) and the argument
 * checks of their inputs.
 */
import type { ApiContext } from '../graphql/context.ts';
import { badUserInput, notFound } from '../graphql/errors.ts';
import type { Queryable } from '../db/transaction.ts';

/** The organization a non-admin is confined to; null for an Admin (every organization). */
export function scopeOf(ctx: ApiContext): string | null {
  if (ctx.isAdmin) return null;
  // A non-admin without an organization reaches nothing: a UUID no row has.
  return ctx.viewer.organizationId ?? '00000000-0000-0000-0000-000000000000';
}

export interface WebsiteScope {
  id: string;
  organization_id: string;
}

/** The organization website if the caller may reach it, else NOT_FOUND. `lock` locks its row. */
export async function findOrganizationWebsite(
  db: Queryable,
  ctx: ApiContext,
  id: string,
  lock = false,
): Promise<WebsiteScope> {
  const { rows } = await db.query<WebsiteScope>(
    `SELECT id, organization_id FROM organization_websites WHERE id = $1 AND ($2::uuid IS NULL OR organization_id = $2::uuid)${lock ? ' FOR UPDATE' : ''}`,
    [id, scopeOf(ctx)],
  );
  if (!rows[0]) throw notFound('Organization website', id);
  return rows[0];
}

/** A LIKE pattern matching `text` as a literal substring. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An http(s) address of at most 2000 characters, trimmed. */
export function urlArg(field: string, value: unknown): string {
  const url = typeof value === 'string' ? value.trim() : '';
  let parsed: URL | null = null;
  try {
    parsed = new URL(url);
  } catch {
    /* reported below */
  }
  if (
    !parsed ||
    !/^https?:$/.test(parsed.protocol) ||
    !/^https?:\/\//i.test(url) ||
    url.length > 2000 ||
    /\s/.test(url)
  ) {
    throw badUserInput(field, 'must be an http:// or https:// address of at most 2000 characters');
  }
  return url;
}

/** A text of 1..max characters after trimming (stored as text: HTML is never interpreted). */
export function textArg(field: string, value: unknown, max: number): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) throw badUserInput(field, 'must not be empty');
  if (text.length > max) throw badUserInput(field, `must be at most ${max} characters`);
  return text;
}

/** One of the allowed values (GraphQL enums check this already; inputs from elsewhere too). */
export function oneOf<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw badUserInput(field, `must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

/** numeric columns arrive as strings from `pg`. */
export const toNumber = (value: string | number | null | undefined): number | null =>
  value == null ? null : Number(value);

export const toIso = (value: Date | string | null | undefined): string | null =>
  value == null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

/** The EAN-13 of a 14-digit GTIN that starts with 0, else the GTIN itself. */
export const eanOf = (gtin: string | null | undefined): string | null =>
  gtin == null ? null : gtin.startsWith('0') ? gtin.slice(1) : gtin;
