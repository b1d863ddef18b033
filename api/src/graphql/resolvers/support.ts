/**
 * Contact support: a signed-in member sends a request (Create on contactSupport), stored with
 * the sender and their organization; everyone reads their own requests, Admin everyone's, and
 * Admin marks them resolved (Update on contactSupport).
 */
import type { ApiContext } from '../context.ts';
import { forbidden, notFound } from '../errors.ts';
import { limitArg, offsetArg, uuidArg } from '../validate.ts';
import { oneOf, textArg, toIso } from './catalogue-scope.ts';

interface SupportRow {
  id: string;
  topic: string;
  message: string;
  status: string;
  user_email: string;
  user_id: string | null;
  organization_id: string | null;
  organization_name: string | null;
  created_at: Date;
  resolved_at: Date | null;
}

const SELECT_REQUEST = `
  SELECT r.id, r.topic, r.message, r.status, r.user_email, r.user_id, r.organization_id, o.name AS organization_name,
         r.created_at, r.resolved_at
    FROM support_requests r LEFT JOIN organizations o ON o.id = r.organization_id`;

const toRequest = (row: SupportRow) => ({
  id: row.id,
  topic: row.topic,
  message: row.message,
  status: row.status,
  userEmail: row.user_email,
  userId: row.user_id,
  organization: row.organization_id ? { id: row.organization_id, name: row.organization_name } : null,
  createdAt: toIso(row.created_at)!,
  resolvedAt: toIso(row.resolved_at),
});

async function supportRequestCreate(_: unknown, args: { input: { topic: string; message: string } }, ctx: ApiContext) {
  const topic = textArg('topic', args.input.topic, 200);
  const message = textArg('message', args.input.message, 10_000);
  if (!(await ctx.can('contactSupport', 'Create'))) throw forbidden('You may not contact support.');
  const { rows } = await ctx.pool.query<SupportRow>(
    `WITH r AS (
       INSERT INTO support_requests (user_id, user_email, organization_id, topic, message) VALUES ($1, $2, $3, $4, $5) RETURNING *
     )
     SELECT r.id, r.topic, r.message, r.status, r.user_email, r.user_id, r.organization_id, o.name AS organization_name, r.created_at, r.resolved_at
       FROM r LEFT JOIN organizations o ON o.id = r.organization_id`,
    [ctx.viewer.id, ctx.viewer.email, ctx.viewer.organizationId, topic, message],
  );
  return toRequest(rows[0]!);
}

async function supportRequestList(
  _: unknown,
  args: { status?: string | null; limit: number; offset: number },
  ctx: ApiContext,
) {
  const limit = limitArg('limit', args.limit);
  const offset = offsetArg('offset', args.offset);
  const status = args.status == null ? null : oneOf('status', args.status, ['open', 'resolved'] as const);
  if (!(await ctx.can('contactSupport', 'Read'))) throw forbidden('You may not read support requests.');
  // Only those who may resolve requests (Admin) read everyone's; the rest their own.
  const everyone = await ctx.can('contactSupport', 'Update');
  const where = 'WHERE ($1::text IS NULL OR r.status = $1) AND ($2::text IS NULL OR r.user_id = $2)';
  const params = [status, everyone ? null : ctx.viewer.id];
  const [page, count] = await Promise.all([
    ctx.pool.query<SupportRow>(`${SELECT_REQUEST} ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT $3 OFFSET $4`, [
      ...params,
      limit,
      offset,
    ]),
    ctx.pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM support_requests r ${where}`, params),
  ]);
  return { data: page.rows.map(toRequest), meta: { pagination: { total: count.rows[0]!.total } } };
}

async function supportRequestResolve(_: unknown, args: { supportRequestId: string }, ctx: ApiContext) {
  const id = uuidArg('supportRequestId', args.supportRequestId);
  if (!(await ctx.can('contactSupport', 'Update'))) throw forbidden('You may not resolve support requests.');
  const { rowCount } = await ctx.pool.query(
    `UPDATE support_requests SET status = 'resolved', resolved_at = coalesce(resolved_at, now()), resolved_by = coalesce(resolved_by, $2) WHERE id = $1`,
    [id, ctx.viewer.id],
  );
  if (!rowCount) throw notFound('Support request', id);
  const { rows } = await ctx.pool.query<SupportRow>(`${SELECT_REQUEST} WHERE r.id = $1`, [id]);
  return toRequest(rows[0]!);
}

export const supportResolvers = {
  Query: { supportRequestList },
  Mutation: { supportRequestCreate, supportRequestResolve },
};
