/**
 * The SQL of users (the users area, README.md): a user's own profile, and the administration's
 * reads and writes of `app_users` within a caller's scope (an organization, or null for every one).
 * No access checks here: the resolvers (profile.ts, user-admin.ts) check the caller before calling.
 */
import type { Queryable } from '../db/transaction.ts';
import { likePattern } from '../catalogue/catalogue-scope.ts';

interface UserRow {
  id: string;
  email: string;
  roles: string[];
  language: string;
  locale: string;
  disabled: boolean;
  created_at: Date;
  organization_id: string | null;
  organization_name: string | null;
}

const SELECT_USER = `
  SELECT u.id, u.email, u.roles, u.language, u.locale, u.disabled, u.created_at, u.organization_id, o.name AS organization_name
    FROM app_users u LEFT JOIN organizations o ON o.id = u.organization_id`;

const toUser = (row: UserRow) => ({
  id: row.id,
  email: row.email,
  roles: row.roles,
  language: row.language,
  locale: row.locale,
  disabled: row.disabled,
  createdAt: row.created_at.toISOString(),
  organizationId: row.organization_id,
  organization: row.organization_id ? { id: row.organization_id, name: row.organization_name ?? '' } : null,
});

export type UserObject = ReturnType<typeof toUser>;

/** What a user's own profile shows (AppUser). */
export interface ProfileRow {
  id: string;
  email: string;
  roles: string[];
  language: string;
  locale: string;
}

export async function findProfile(db: Queryable, id: string): Promise<ProfileRow | null> {
  const { rows } = await db.query<ProfileRow>(
    'SELECT id, email, roles, language, locale FROM app_users WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/** Sets the language and/or locale (null keeps the current one); null when there is no such user. */
export async function updateProfile(
  db: Queryable,
  id: string,
  changes: { language: string | null; locale: string | null },
): Promise<ProfileRow | null> {
  const { rows } = await db.query<ProfileRow>(
    `UPDATE app_users SET language = COALESCE($2, language), locale = COALESCE($3, locale)
      WHERE id = $1
      RETURNING id, email, roles, language, locale`,
    [id, changes.language, changes.locale],
  );
  return rows[0] ?? null;
}

/** The user if within `scope` (an organization; null: any), else null. `lock` locks its row. */
export async function findUser(
  db: Queryable,
  scope: string | null,
  id: string,
  lock = false,
): Promise<UserObject | null> {
  const { rows } = await db.query<UserRow>(
    `${SELECT_USER} WHERE u.id = $1 AND ($2::uuid IS NULL OR u.organization_id = $2::uuid)${lock ? ' FOR UPDATE OF u' : ''}`,
    [id, scope],
  );
  return rows[0] ? toUser(rows[0]) : null;
}

export interface UserFilter {
  organizationId: string | null;
  role: string | null;
  disabled: boolean | null;
  /** A case-insensitive substring of the e-mail. */
  email: string | null;
  limit: number;
  offset: number;
}

/** One page ordered by e-mail, and the total. */
export async function listUsers(db: Queryable, filter: UserFilter): Promise<{ rows: UserObject[]; total: number }> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (n: number) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(params.length));
  };
  if (filter.organizationId) add((n) => `u.organization_id = $${n}::uuid`, filter.organizationId);
  if (filter.role) add((n) => `$${n}::text = ANY (u.roles)`, filter.role);
  if (filter.disabled != null) add((n) => `u.disabled = $${n}::boolean`, filter.disabled);
  if (filter.email) add((n) => `lower(u.email) LIKE lower($${n}::text)`, likePattern(filter.email));
  const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
  const n = params.length;
  const [page, count] = await Promise.all([
    db.query<UserRow>(`${SELECT_USER} ${where} ORDER BY lower(u.email), u.id LIMIT $${n + 1} OFFSET $${n + 2}`, [
      ...params,
      filter.limit,
      filter.offset,
    ]),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM app_users u ${where}`, params),
  ]);
  return { rows: page.rows.map(toUser), total: count.rows[0]?.total ?? 0 };
}

export async function organizationExists(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM organizations WHERE id = $1', [id]);
  return Boolean(rowCount);
}

/** Whether a user has this e-mail (lowercase), whatever its case. */
export async function emailTaken(db: Queryable, email: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM app_users WHERE lower(email) = $1', [email]);
  return Boolean(rowCount);
}

export interface NewUser {
  id: string;
  email: string;
  roles: string[];
  language: string;
  locale: string;
  organizationId: string | null;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<void> {
  await db.query(
    'INSERT INTO app_users (id, email, roles, language, locale, organization_id) VALUES ($1, $2, $3, $4, $5, $6)',
    [user.id, user.email, user.roles, user.language, user.locale, user.organizationId],
  );
}

export async function setUserRoles(
  db: Queryable,
  id: string,
  roles: string[],
  organizationId: string | null,
): Promise<void> {
  await db.query('UPDATE app_users SET roles = $2, organization_id = $3 WHERE id = $1', [id, roles, organizationId]);
}

export async function setUserDisabled(db: Queryable, id: string, disabled: boolean): Promise<void> {
  await db.query('UPDATE app_users SET disabled = $2 WHERE id = $1', [id, disabled]);
}

export async function deleteUser(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM app_users WHERE id = $1', [id]);
}
