/**
 * Who is calling: the Firebase ID token is verified, then the caller's record is loaded from
 * app_users. Roles and organization come from the database, never from the token or the client.
 */
import { escapeLiteral, type Pool } from 'pg';
import { effectiveRole, type AccessControl, type Action, type Resource, type Role } from '@console/policies';
import { bearerToken, InvalidTokenError, type TokenVerifier } from '../auth/firebase-token.ts';
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
/**
 * The same record with the website list's data version, one round trip for both (see
 * website-list-answers.ts and migration 031). A plain query with the uid as a literal: the
 * function keeps its own plan, and PGlite serves such a query at about half the cost of one
 * with parameters.
 */
const viewerWithListVersionSql = (uid: string) => `SELECT * FROM website_list_caller(${escapeLiteral(uid)})`;

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
  const { rows } = await deps.pool.query(
    options.listVersion ? { text: viewerWithListVersionSql(uid) } : { text: VIEWER_SQL, values: [uid] },
  );
  const row = rows[0];
  if (!row) throw forbidden('This account has no access to the console yet; ask an administrator to add it.', 403);
  if (row.disabled) throw forbidden('This account is disabled; ask an administrator to enable it.', 403);
  const role = effectiveRole(row.roles);
  const viewer: Viewer = { id: row.id, email: row.email, roles: row.roles, role, organizationId: row.organization_id, organizationSuspended: row.organization_suspended };
  const decisions = new Map<string, Promise<boolean>>();
  return {
    pool: deps.pool,
    viewer,
    isAdmin: role === 'Admin',
    ...(options.listVersion && row.list_version != null ? { listVersion: row.list_version as string } : {}),
    ...(deps.identity ? { identity: deps.identity } : {}),
    can(resource, action = 'Read') {
      const key = `${resource}\u0000${action}`;
      let decision = decisions.get(key);
      if (!decision) decisions.set(key, (decision = deps.access.can(role, resource, action)));
      return decision;
    },
  };
}
