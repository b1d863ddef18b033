/** Argument checks shared by the resolvers; each throws BAD_USER_INPUT naming the field. */
import { badUserInput } from './errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Firebase Authentication uids: 1-128 characters; ours are letters, digits, '-' and '_'. */
const UID = /^[A-Za-z0-9_-]{1,128}$/;

export const MAX_LIMIT = 1000;
export const MAX_SEARCH_LENGTH = 200;

export function uuidArg(field: string, value: string): string {
  if (!UUID.test(value)) throw badUserInput(field, 'must be a UUID');
  return value.toLowerCase();
}

export function uidArg(field: string, value: string): string {
  if (!UID.test(value)) throw badUserInput(field, 'must be a user id (1-128 letters, digits, "-" or "_")');
  return value;
}

export function limitArg(field: string, value: number): number {
  if (!Number.isInteger(value) || value < 1 || value > MAX_LIMIT)
    throw badUserInput(field, `must be an integer from 1 to ${MAX_LIMIT}`);
  return value;
}

export function offsetArg(field: string, value: number): number {
  if (!Number.isInteger(value) || value < 0) throw badUserInput(field, 'must be an integer of 0 or more');
  return value;
}

/** A search text: trimmed; empty means no filter. */
export function searchArg(field: string, value: string | null | undefined): string | null {
  if (value == null) return null;
  const text = value.trim();
  if (text.length > MAX_SEARCH_LENGTH) throw badUserInput(field, `must be at most ${MAX_SEARCH_LENGTH} characters`);
  return text || null;
}

/** The page a list asks for: `limit` (1..`max`, `fallback` when absent) and `offset` (0 or more, 0 when absent). */
export function pageArgs(
  args: { limit?: number | null; offset?: number | null },
  { max = MAX_LIMIT, fallback }: { max?: number; fallback?: number } = {},
): { limit: number; offset: number } {
  const limit = args.limit ?? fallback;
  if (limit == null || !Number.isInteger(limit) || limit < 1 || limit > max)
    throw badUserInput('limit', `must be an integer from 1 to ${max}`);
  return { limit, offset: offsetArg('offset', args.offset ?? 0) };
}

/** A page of one organization website's list: its id (a UUID) and the page (`pageArgs`). */
export function websitePageArgs(
  args: { organizationWebsiteId: string; limit?: number | null; offset?: number | null },
  bounds?: { max?: number; fallback?: number },
): { websiteId: string; limit: number; offset: number } {
  return { websiteId: uuidArg('organizationWebsiteId', args.organizationWebsiteId), ...pageArgs(args, bounds) };
}
