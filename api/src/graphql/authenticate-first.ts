/**
 * Every GraphQL request is authenticated before its query is parsed or validated. yoga builds
 * the context after validation, so a context factory that authenticates would let a caller
 * without a token learn the schema from validation errors ("Cannot query field …", "Did you
 * mean …"). Here the caller is decided when yoga starts reading the request; a request whose
 * caller is refused (no or a bad token: 401 UNAUTHENTICATED; an unknown or disabled user: 403
 * FORBIDDEN) gets that one answer whatever its body says: a wrong field, a query that does not
 * parse, a body that is not JSON, a batch or an unsupported content type. The GraphQL API has no
 * operation for callers without a token; the routes that do not need one (the price feed, by API
 * key, and the health answers) are answered before this (pricing/feed/route.ts, http/listener.ts).
 *
 * The context decided here is the one the operation runs with (no second lookup); a request
 * the website-list front has already authenticated (website-list-answers.ts) uses that context.
 */
import type { Plugin } from 'graphql-yoga';
import type { ApiContext } from './context.ts';
import { unauthenticated } from './errors.ts';

/** Authenticates one request (its Authorization header; a context prepared in front of yoga first). */
export type RequestAuthenticator = (request: Request, serverContext: unknown) => Promise<ApiContext>;

type OnRequestParse = NonNullable<Plugin<ApiContext>['onRequestParse']>;
type RequestParser = Parameters<Parameters<OnRequestParse>[0]['setRequestParser']>[0];

type Decision = { ok: true; context: ApiContext } | { ok: false; error: unknown };
const decisions = new WeakMap<Request, Decision>();

/** The operation name and query text of a refused request, for the request log only (never executed). */
function namesOnly(params: unknown): { query?: string; operationName?: string } {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return {};
  const { query, operationName } = params as { query?: unknown; operationName?: unknown };
  return {
    ...(typeof query === 'string' ? { query } : {}),
    ...(typeof operationName === 'string' ? { operationName } : {}),
  };
}

export function useAuthenticationFirst(authenticateRequest: RequestAuthenticator): Plugin<ApiContext> {
  return {
    async onRequestParse({ request, serverContext, requestParser, setRequestParser }) {
      let decision: Decision;
      try {
        decision = { ok: true, context: await authenticateRequest(request, serverContext) };
      } catch (error) {
        decision = { ok: false, error };
      }
      decisions.set(request, decision);
      if (decision.ok) return;
      // The body of a refused request is read only for the log's operation name; whatever it holds
      // (or fails to be), the answer is the refusal, given in onParams below.
      const parser = requestParser;
      setRequestParser((async (req: Request) => {
        try {
          return parser ? namesOnly(await parser(req)) : {};
        } catch {
          return {};
        }
      }) as RequestParser);
    },
    onParams({ request }) {
      const decision = decisions.get(request);
      if (decision && !decision.ok) throw decision.error;
    },
  };
}

/** The context this request was authenticated with (the context factory's answer). */
export function authenticatedContext(serverContext: unknown): ApiContext {
  const request = (serverContext as { request?: Request } | null)?.request;
  const decision = request && decisions.get(request);
  // Never reached without a decision; if it were, no caller is assumed.
  if (!decision) throw unauthenticated();
  if (!decision.ok) throw decision.error;
  return decision.context;
}
