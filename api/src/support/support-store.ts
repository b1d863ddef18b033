/**
 * The SQL of support requests (the support area, README.md): storing a request with its sender
 * and organization, listing them newest first (everyone's or one sender's), marking one resolved.
 * No access checks here: the resolvers (resolvers.ts) check the caller before calling.
 */
import type { Queryable } from '../db/transaction.ts';
import type { SupportRequestStatus } from '../graphql/generated/resolvers.ts';
import { toIso } from '../catalogue/catalogue-scope.ts';

interface SupportRow {
  id: string;
  topic: string;
  message: string;
  status: SupportRequestStatus;
  user_email: string;
  user_id: string | null;
  organization_id: string | null;
  organization_name: string | null;
  created_at: Date;
  resolved_at: Date | null;
}

const REQUEST_COLUMNS = `r.id, r.topic, r.message, r.status, r.user_email, r.user_id, r.organization_id,
       o.name AS organization_name, r.created_at, r.resolved_at`;

const SELECT_REQUEST = `SELECT ${REQUEST_COLUMNS} FROM support_requests r LEFT JOIN organizations o ON o.id = r.organization_id`;

const toRequest = (row: SupportRow) => ({
  id: row.id,
  topic: row.topic,
  message: row.message,
  status: row.status,
  userEmail: row.user_email,
  userId: row.user_id,
  organization: row.organization_id ? { id: row.organization_id, name: row.organization_name ?? '' } : null,
  createdAt: toIso(row.created_at)!,
  resolvedAt: toIso(row.resolved_at),
});

export type SupportRequestObject = ReturnType<typeof toRequest>;

export interface NewSupportRequest {
  userId: string;
  userEmail: string;
  organizationId: string | null;
  topic: string;
  message: string;
}

export async function insertSupportRequest(db: Queryable, request: NewSupportRequest): Promise<SupportRequestObject> {
  const { rows } = await db.query<SupportRow>(
    `WITH r AS (
       INSERT INTO support_requests (user_id, user_email, organization_id, topic, message) VALUES ($1, $2, $3, $4, $5) RETURNING *
     )
     SELECT ${REQUEST_COLUMNS} FROM r LEFT JOIN organizations o ON o.id = r.organization_id`,
    [request.userId, request.userEmail, request.organizationId, request.topic, request.message],
  );
  return toRequest(rows[0]!);
}

/** One page, newest first; `userId` null lists everyone's. */
export async function listSupportRequests(
  db: Queryable,
  filter: { status: SupportRequestStatus | null; userId: string | null; limit: number; offset: number },
): Promise<{ rows: SupportRequestObject[]; total: number }> {
  const where = 'WHERE ($1::text IS NULL OR r.status = $1) AND ($2::text IS NULL OR r.user_id = $2)';
  const params = [filter.status, filter.userId];
  const [page, count] = await Promise.all([
    db.query<SupportRow>(`${SELECT_REQUEST} ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT $3 OFFSET $4`, [
      ...params,
      filter.limit,
      filter.offset,
    ]),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM support_requests r ${where}`, params),
  ]);
  return { rows: page.rows.map(toRequest), total: count.rows[0]!.total };
}

/** Marks a request resolved (the first resolver and time stay); null when there is no such request. */
export async function resolveSupportRequest(
  db: Queryable,
  id: string,
  resolvedBy: string,
): Promise<SupportRequestObject | null> {
  const { rowCount } = await db.query(
    `UPDATE support_requests SET status = 'resolved', resolved_at = coalesce(resolved_at, now()), resolved_by = coalesce(resolved_by, $2) WHERE id = $1`,
    [id, resolvedBy],
  );
  if (!rowCount) return null;
  const { rows } = await db.query<SupportRow>(`${SELECT_REQUEST} WHERE r.id = $1`, [id]);
  return toRequest(rows[0]!);
}
