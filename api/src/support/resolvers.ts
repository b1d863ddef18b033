/**
 * Contact support: a signed-in member sends a request (Create on contactSupport), stored with
 * the sender and their organization; everyone reads their own requests, Admin everyone's, and
 * Admin marks them resolved (Update on contactSupport). Each resolver checks its arguments and
 * the caller, then calls the store (support-store.ts).
 */
import type { ApiContext } from '../graphql/context.ts';
import { forbidden, notFound } from '../graphql/errors.ts';
import type {
  MutationSupportRequestCreateArgs,
  MutationSupportRequestResolveArgs,
  QuerySupportRequestListArgs,
  Resolvers,
} from '../graphql/generated/resolvers.ts';
import { oneOf, textArg } from '../catalogue/catalogue-scope.ts';
import { pageArgs, uuidArg } from '../graphql/validate.ts';
import { insertSupportRequest, listSupportRequests, resolveSupportRequest } from './support-store.ts';

const STATUSES = ['open', 'resolved'] as const;

async function supportRequestCreate(_: unknown, args: MutationSupportRequestCreateArgs, ctx: ApiContext) {
  const topic = textArg('topic', args.input.topic, 200);
  const message = textArg('message', args.input.message, 10_000);
  if (!(await ctx.can('contactSupport', 'Create'))) throw forbidden('You may not contact support.');
  return insertSupportRequest(ctx.pool, {
    userId: ctx.viewer.id,
    userEmail: ctx.viewer.email,
    organizationId: ctx.viewer.organizationId,
    topic,
    message,
  });
}

async function supportRequestList(_: unknown, args: QuerySupportRequestListArgs, ctx: ApiContext) {
  const { limit, offset } = pageArgs(args);
  const status = args.status == null ? null : oneOf('status', args.status, STATUSES);
  if (!(await ctx.can('contactSupport', 'Read'))) throw forbidden('You may not read support requests.');
  // Only those who may resolve requests (Admin) read everyone's; the rest their own.
  const everyone = await ctx.can('contactSupport', 'Update');
  const { rows, total } = await listSupportRequests(ctx.pool, {
    status,
    userId: everyone ? null : ctx.viewer.id,
    limit,
    offset,
  });
  return { data: rows, meta: { pagination: { total } } };
}

async function supportRequestResolve(_: unknown, args: MutationSupportRequestResolveArgs, ctx: ApiContext) {
  const id = uuidArg('supportRequestId', args.supportRequestId);
  if (!(await ctx.can('contactSupport', 'Update'))) throw forbidden('You may not resolve support requests.');
  const request = await resolveSupportRequest(ctx.pool, id, ctx.viewer.id);
  if (!request) throw notFound('Support request', id);
  return request;
}

export const supportResolvers = {
  Query: { supportRequestList },
  Mutation: { supportRequestCreate, supportRequestResolve },
} satisfies Resolvers;
