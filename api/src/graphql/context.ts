/**
 * Who is calling: the Firebase ID token is verified, then the caller's record is loaded from
 * app_users. Roles and organization come from the database, never from the token or the client.
 */
import { escapeLiteral, type Pool } from 'pg';
import { effectiveRole, type AccessControl, type Action, type Resource, type Role } from '@console/policies';
import { bearerToken, InvalidTokenError, type TokenVerifier } from '@console/firebase-token';
import { forbidden, unauthenticated } from './errors.ts';
import type { IdentityAdmin } from '../auth/identity-admin.ts';

export interface Viewer {
  id: string;
  email: string;
  roles: string[];
  role: Role;
  /** null for the provider's own staff. */
  organizationId: string | null;
  /** The caller's organization is suspended: only AppUser answers (suspension.ts). */
  organizationSuspended: boolean;
}

/**
 * What the HTTP server adds to yoga's own context: nothing the resolvers read (node:http serves
 * the API; the request is yoga's). The operation's context is ApiContext.
 */
export type ServerContext = Record<never, never>;

export interface ApiContext {
  pool: Pool;
  viewer: Viewer;
  /** May the caller do `action` on `resource`? (Casbin policy, memoized per request) */
  can(resource: Resource, action?: Action): Promise<boolean>;
  /** Admins see every organization; everyone else only their own (tenant scoping). */
  isAdmin: boolean;
  /** The identity provider's admin API (user invitations); absent when not configured. */
  identity?: IdentityAdmin;
  /** The website list's data version, read with the caller's record (website-list-answers.ts). */
  listVersion?: string;
}

const VIEWER_SQL = `SELECT u.id, u.email, u.roles, u.organization_id, u.disabled, coalesce(o.suspended, false) AS organization_suspended
       FROM app_users u LEFT JOIN organizations o ON o.id = u.organization_id WHERE u.id = $1`;
/** What the caller's record with the website list's data version answers (migration 044). */
interface CallerRow {
  id: string;
  email: string;
  roles: string[];
  organization_id: string | null;
  disabled: boolean;
  organization_suspended: boolean;
  /** Only in the reads of CallerReads. */
  list_version?: string | null;
}

/** Requests waiting for a read of their caller. */
type CallerWaiter = { resolve: (row: CallerRow | undefined) => void; reject: (error: unknown) => void };

/** At most this many callers are read in one statement. */
const MAX_CALLERS_PER_READ = 100;

/**
 * The callers' records with the website list's data version, read in batches (every
 * OrganizationWebsiteList request reads both; see website-list-answers.ts): one read at a time
 * per database, and the callers who arrive while it is under way wait for the next read, which
 * takes all of them in one statement. A caller's read therefore always starts after its request
 * arrived, so it sees every write committed before that (a read already under way is never
 * shared). Under load this sends one statement for several requests: on PGlite a statement's
 * round trip to its process costs more than the lookups themselves. A plain query with the uids
 * as literals: the function keeps its own plan, and PGlite serves such a query at about half
 * the cost of one with parameters.
 */
class CallerReads {
  private waiting = new Map<string, CallerWaiter[]>();
  private reading = false;

  constructor(private readonly pool: Pool) {}

  read(uid: string): Promise<CallerRow | undefined> {
    return new Promise((resolve, reject) => {
      let waiters = this.waiting.get(uid);
      if (!waiters) this.waiting.set(uid, (waiters = []));
      waiters.push({ resolve, reject });
      if (!this.reading) void this.next();
    });
  }

  private async next(): Promise<void> {
    if (this.reading || this.waiting.size === 0) return;
    const batch = new Map<string, CallerWaiter[]>();
    for (const [uid, waiters] of this.waiting) {
      if (batch.size === MAX_CALLERS_PER_READ) break;
      batch.set(uid, waiters);
      this.waiting.delete(uid);
    }
    this.reading = true;
    try {
      const uids = [...batch.keys()].map((uid) => escapeLiteral(uid)).join(', ');
      const { rows } = await this.pool.query<CallerRow>({
        text: `SELECT * FROM website_list_callers(ARRAY[${uids}]::text[])`,
      });
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const [uid, waiters] of batch) for (const waiter of waiters) waiter.resolve(byId.get(uid));
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    } finally {
      this.reading = false;
      void this.next();
    }
  }
}
const callerReads = new WeakMap<Pool, CallerReads>();
function readCallerWithListVersion(pool: Pool, uid: string): Promise<CallerRow | undefined> {
  let reads = callerReads.get(pool);
  if (!reads) callerReads.set(pool, (reads = new CallerReads(pool)));
  return reads.read(uid);
}

export async function authenticate(
  authorization: string | null,
  deps: { pool: Pool; verifyToken: TokenVerifier; access: AccessControl; identity?: IdentityAdmin },
  options: { listVersion?: boolean } = {},
): Promise<ApiContext> {
  const token = bearerToken(authorization);
  if (!token) throw unauthenticated();
  let uid: string;
  try {
    uid = (await deps.verifyToken(token)).uid;
  } catch (error) {
    if (error instanceof InvalidTokenError) throw unauthenticated(`Sign in again: ${error.message}.`);
    throw error;
  }
  const row: CallerRow | undefined = options.listVersion
    ? await readCallerWithListVersion(deps.pool, uid)
    : (await deps.pool.query<CallerRow>({ text: VIEWER_SQL, values: [uid] })).rows[0];
  if (!row) throw forbidden('This account has no access to the console yet; ask an administrator to add it.', 403);
  if (row.disabled) throw forbidden('This account is disabled; ask an administrator to enable it.', 403);
  const role = effectiveRole(row.roles);
  const viewer: Viewer = {
    id: row.id,
    email: row.email,
    roles: row.roles,
    role,
    organizationId: row.organization_id,
    organizationSuspended: row.organization_suspended,
  };
  const decisions = new Map<string, Promise<boolean>>();
  return {
    pool: deps.pool,
    viewer,
    isAdmin: role === 'Admin',
    ...(options.listVersion && row.list_version != null ? { listVersion: row.list_version } : {}),
    ...(deps.identity ? { identity: deps.identity } : {}),
    can(resource, action = 'Read') {
      const key = `${resource}\u0000${action}`;
      let decision = decisions.get(key);
      if (!decision) decisions.set(key, (decision = deps.access.can(role, resource, action)));
      return decision;
    },
  };
}
