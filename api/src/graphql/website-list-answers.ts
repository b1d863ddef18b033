/**
 * OrganizationWebsiteList answered with kept responses. Every console page asks for the same
 * few picker pages, so a request whose operation selects nothing but `organizationWebsiteList`
 * is answered, in front of yoga (no GraphQL parsing, execution or serialization), with the
 * response the normal path sent an earlier request when all of these are the same:
 *   - the data version of the list (migration 003: bumped by triggers on every write it shows),
 *     read in the same statement as the caller's record, on every request (migration 031);
 *   - the caller's effective role and organization, read from the database on every request
 *     (what the list shows depends on nothing else about the caller: tenant scoping, the Read
 *     on `home` and on `websites:detail` are decided by the role and organization alone, and
 *     the policy is loaded once per process);
 *   - the request's body bytes, content type and accepted types.
 * A caller who is unknown, disabled or whose organization is suspended never gets a kept
 * answer (the normal path answers them with its error). Only answers with status 200, no other
 * header than the content type and length, and no errors are kept, their body captured from
 * the normal path's own serializer: a kept answer is byte for byte what the normal path sends.
 * LIST_CACHE=off turns this off with the other list caches.
 *
 * On a miss of an operation yoga has answered before, the operation is executed here through
 * yoga's own parser, validation and execution, and its answer sent and kept only when it has no
 * errors; any other miss goes to yoga with the context authenticated here (no second lookup).
 * Either way the resolver reuses the version read with the caller (organization-websites.ts).
 */
import {
  Kind,
  parse,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { Plugin, YogaServerInstance } from 'graphql-yoga';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Pool } from 'pg';
import type { AccessControl } from '@console/policies';
import type { TokenVerifier, VerifiedToken } from '@console/firebase-token';
import type { IdentityAdmin } from '../auth/identity-admin.ts';
import { authenticate, type ApiContext, type ServerContext } from './context.ts';
import { VersionedCache } from '../websites/versioned-cache.ts';

export const listCacheEnabled = () => process.env.LIST_CACHE !== 'off';

/** Kept answers per database (pool), bounded by the total size of their bodies. */
const ANSWER_CACHE_BYTES = 32 * 1024 * 1024;

/** Operations that select only the list (and __typename), by operation text and name. */
const MAX_OPERATION_TEXT = 10_000;
const MAX_KNOWN_OPERATIONS = 200;
const listOnlyOperations = new Map<string, boolean>();

/** Does the operation select nothing but `organizationWebsiteList` (through fragments too)? */
export function selectsOnlyWebsiteList(query: string, operationName: string | null): boolean {
  if (query.length > MAX_OPERATION_TEXT) return false;
  const key = `${operationName ?? ''}\u0000${query}`;
  let known = listOnlyOperations.get(key);
  if (known === undefined) {
    known = analyse(query, operationName);
    if (listOnlyOperations.size >= MAX_KNOWN_OPERATIONS)
      listOnlyOperations.delete(listOnlyOperations.keys().next().value!);
    listOnlyOperations.set(key, known);
  }
  return known;
}

function analyse(query: string, operationName: string | null): boolean {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch {
    return false; // the normal path reports it
  }
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  if (operation?.operation !== 'query') return false;
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((f) => [f.name.value, f]),
  );
  const seen = new Set<string>();
  let lists = 0;
  const only = (set: SelectionSetNode): boolean =>
    set.selections.every((selection) => {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value === 'organizationWebsiteList') lists += 1;
        return selection.name.value === 'organizationWebsiteList' || selection.name.value === '__typename';
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) return only(selection.selectionSet);
      if (seen.has(selection.name.value)) return true;
      seen.add(selection.name.value);
      const fragment = fragments.get(selection.name.value);
      return fragment ? only(fragment.selectionSet) : false;
    });
  return only(operation.selectionSet) && lists > 0;
}

/**
 * A verified token is kept until it expires (bounded), so repeated requests with one token skip
 * the signature check; anything about the caller is still read from the database each time.
 */
const MAX_KEPT_TOKENS = 10_000;
export function keepVerifiedTokens(verifyToken: TokenVerifier): TokenVerifier {
  const kept = new Map<string, { verified: VerifiedToken; expiresAt: number }>();
  return async (token) => {
    const entry = kept.get(token);
    if (entry && Date.now() < entry.expiresAt) return entry.verified;
    if (entry) kept.delete(token);
    const verified = await verifyToken(token);
    const exp = verified.claims.exp;
    if (typeof exp === 'number' && exp * 1000 > Date.now()) {
      if (kept.size >= MAX_KEPT_TOKENS) kept.delete(kept.keys().next().value!);
      kept.set(token, { verified, expiresAt: exp * 1000 });
    }
    return verified;
  };
}

/**
 * Access decisions kept per role, resource and action: the policy is loaded once per process
 * and never changes while it runs, so a decision once made is the decision.
 */
export function keepDecisions(access: AccessControl): AccessControl {
  const decisions = new Map<string, Promise<boolean>>();
  return {
    ...access,
    can(role, resource, action = 'Read') {
      const key = `${role}\u0000${resource}\u0000${action}`;
      let decision = decisions.get(key);
      if (!decision) {
        decision = access.can(role, resource, action);
        decisions.set(key, decision);
        decision.catch(() => decisions.delete(key));
      }
      return decision;
    },
  };
}

interface Deps {
  pool: Pool;
  verifyToken: TokenVerifier;
  access: AccessControl;
  identity?: IdentityAdmin;
}

/** A kept answer: the response the normal path sent (status 200, its content type, the body's bytes). */
interface KeptAnswer {
  contentType: string;
  body: Buffer;
}
const answerCaches = new WeakMap<object, VersionedCache<KeptAnswer>>();
function answerCache(pool: object): VersionedCache<KeptAnswer> {
  let cache = answerCaches.get(pool);
  if (!cache) answerCaches.set(pool, (cache = new VersionedCache<KeptAnswer>(ANSWER_CACHE_BYTES)));
  return cache;
}

/** How many requests were answered from kept answers, per database (for tests and diagnostics). */
const served = new WeakMap<object, number>();
export const keptAnswersServed = (pool: object) => served.get(pool) ?? 0;

/** How many requests were answered by executing the operation here (for tests and diagnostics). */
const executedHere = new WeakMap<object, number>();
export const answersExecutedHere = (pool: object) => executedHere.get(pool) ?? 0;

/**
 * Operations the normal path has answered without errors (so their text passed its validation,
 * which does not depend on the variables), and the content type it answered with for each pair
 * of request headers (accepted types, content type), per database.
 */
interface Learned {
  operations: Set<string>;
  contentTypes: Map<string, string>;
}
const learnedByPool = new WeakMap<object, Learned>();
const MAX_LEARNED = 200;
function learned(pool: object): Learned {
  let state = learnedByPool.get(pool);
  if (!state) learnedByPool.set(pool, (state = { operations: new Set(), contentTypes: new Map() }));
  return state;
}
const operationKey = (operationName: string | null, query: string) => `${operationName ?? ''}\u0000${query}`;
const headersKey = (req: IncomingMessage) =>
  JSON.stringify([req.headers.accept ?? null, req.headers['content-type'] ?? null]);

/** A request that missed: what its answer is kept under once the normal path has sent it. */
interface Pending {
  version: string;
  key: string;
  operation: string;
  headers: string;
  body?: Buffer;
}
/** Contexts authenticated here for a request the normal path then executes, by its node request. */
const preparedContexts = new WeakMap<IncomingMessage, ApiContext>();
const pendingByRequest = new WeakMap<IncomingMessage, Pending>();

const nodeRequestOf = (serverContext: unknown) => (serverContext as { req?: IncomingMessage } | null)?.req;

/** The context already authenticated for this request (used once), if any; yoga's server context names the node request. */
export function takePreparedContext(serverContext: unknown): ApiContext | undefined {
  const req = nodeRequestOf(serverContext);
  const ctx = req && preparedContexts.get(req);
  if (!ctx) return undefined;
  preparedContexts.delete(req);
  return ctx;
}

const GRAPHQL_PATH = '/graphql';
const MAX_REQUEST_BYTES = 16 * 1024;
const PARAMS = new Set(['query', 'operationName', 'variables', 'extensions']);

/**
 * The API's node:http handler: yoga, with kept website-list answers in front. A request is a
 * candidate when it is a POST of JSON (at most 16 kB) to /graphql without an Origin header
 * (cross-origin answers carry CORS headers that yoga adds) whose operation selects only the
 * list; it is answered from what was kept when the same caller scope sent the same bytes (body,
 * content type, accepted types) at the same data version. Everything else, and every miss,
 * goes to yoga with the body already read (yoga takes a read body from `req.body`).
 */
export function withWebsiteListAnswers(
  yoga: RequestListener & Pick<YogaServerInstance<ServerContext, ApiContext>, 'getEnveloped'>,
  deps: Deps,
): RequestListener {
  const authDeps = { ...deps, verifyToken: keepVerifiedTokens(deps.verifyToken), access: keepDecisions(deps.access) };

  /**
   * A miss of an operation the normal path has answered before: executed here, through yoga's
   * own parser, validation and execution (graphql-jit) with the context authenticated above,
   * and serialized as yoga serializes it; its body kept. Only an answer without errors is sent
   * (anything else goes to yoga, which executes the read again and answers as it does).
   */
  async function execute(
    req: IncomingMessage,
    ctx: ApiContext,
    params: Record<string, unknown>,
  ): Promise<Buffer | null> {
    const { query, operationName, variables } = params as {
      query: string;
      operationName?: string | null;
      variables?: Record<string, unknown> | null;
    };
    if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) return null;
    const enveloped = yoga.getEnveloped({ req, params } as never);
    const document = enveloped.parse(query);
    if (enveloped.validate(enveloped.schema, document).length) return null;
    const result = (await enveloped.execute({
      schema: enveloped.schema,
      document,
      contextValue: ctx,
      variableValues: variables ?? undefined,
      operationName: operationName ?? undefined,
    })) as {
      errors?: readonly unknown[];
      extensions?: unknown;
      stringify?: (value: unknown) => string;
    };
    if (!result || Symbol.asyncIterator in result || result.errors?.length || result.extensions !== undefined)
      return null;
    return Buffer.from((result.stringify ?? JSON.stringify)(result), 'utf8');
  }

  /** Answers from what was kept (true), or prepares the normal path's run (false). */
  async function answer(req: IncomingMessage, res: ServerResponse, raw: Buffer): Promise<boolean> {
    let params: Record<string, unknown>;
    try {
      params = JSON.parse(raw.toString('utf8'));
    } catch {
      return false;
    }
    if (
      !params ||
      typeof params !== 'object' ||
      Array.isArray(params) ||
      !Object.keys(params).every((name) => PARAMS.has(name))
    )
      return false;
    const { query, operationName, extensions } = params;
    if (typeof query !== 'string' || (operationName != null && typeof operationName !== 'string') || extensions != null)
      return false;
    if (!selectsOnlyWebsiteList(query, (operationName as string | null | undefined) ?? null)) return false;
    let ctx: ApiContext;
    try {
      ctx = await authenticate(req.headers.authorization ?? null, authDeps, { listVersion: true });
    } catch {
      return false; // yoga authenticates again and answers with the error
    }
    preparedContexts.set(req, ctx);
    const version = ctx.listVersion;
    if (version === undefined || ctx.viewer.organizationSuspended) return false;
    const key = JSON.stringify([
      ctx.viewer.role,
      ctx.viewer.organizationId,
      req.headers.accept ?? null,
      req.headers['content-type'],
      raw.toString('latin1'),
    ]);
    let kept = answerCache(deps.pool).get(version, key);
    const operation = operationKey((operationName as string | null | undefined) ?? null, query);
    const headers = headersKey(req);
    if (!kept) {
      const state = learned(deps.pool);
      const contentType = state.contentTypes.get(headers);
      const body = contentType && state.operations.has(operation) ? await execute(req, ctx, params) : null;
      if (!body || !contentType) {
        pendingByRequest.set(req, { version, key, operation, headers });
        return false;
      }
      kept = { contentType, body };
      answerCache(deps.pool).set(version, key, kept, body.length);
      executedHere.set(deps.pool, answersExecutedHere(deps.pool) + 1);
    } else served.set(deps.pool, keptAnswersServed(deps.pool) + 1);
    preparedContexts.delete(req);
    // The headers yoga sends for such an answer, in its order and spelling.
    res.writeHead(200, { 'Content-Type': kept.contentType, 'content-length': String(kept.body.length) });
    res.end(kept.body);
    return true;
  }

  return (req, res) => {
    const length = Number(req.headers['content-length']);
    if (
      !listCacheEnabled() ||
      req.method !== 'POST' ||
      req.url !== GRAPHQL_PATH ||
      req.headers.origin !== undefined ||
      !/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '') ||
      !(length > 0 && length <= MAX_REQUEST_BYTES)
    ) {
      yoga(req, res);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', () => res.destroy());
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const toYoga = () => {
        (req as IncomingMessage & { body?: Buffer }).body = raw;
        yoga(req, res);
      };
      answer(req, res, raw).then((answered) => answered || toYoga(), toYoga);
    });
  };
}

/**
 * The yoga side: a request that missed keeps its answer when the normal path sent exactly
 * status 200, a content type and a body without errors (the bytes its serializer produced).
 */
export function useWebsiteListAnswers(deps: { pool: Pool }): Plugin<ApiContext> {
  return {
    onExecutionResult({ result, context }) {
      // The execution's context carries yoga's server context, and so the node request.
      const req = nodeRequestOf(context);
      const pending = req && pendingByRequest.get(req);
      if (!pending) return;
      if (Symbol.asyncIterator in (result as object)) return;
      const single = result as {
        errors?: readonly unknown[];
        extensions?: unknown;
        stringify?: (value: unknown) => string;
      };
      if (single.errors?.length || single.extensions !== undefined) return;
      // yoga serializes a result with its own `stringify` when it has one (graphql-jit's do).
      const stringify = single.stringify ?? JSON.stringify;
      single.stringify = (value: unknown) => {
        const body = stringify(value);
        pending.body = Buffer.from(body, 'utf8');
        return body;
      };
    },
    onResponse({ response, serverContext }) {
      const req = nodeRequestOf(serverContext);
      const pending = req && pendingByRequest.get(req);
      if (!pending) return;
      pendingByRequest.delete(req);
      if (!pending.body || response.status !== 200) return;
      const names: string[] = [];
      response.headers.forEach((_value, name) => {
        names.push(name.toLowerCase());
      });
      const contentType = response.headers.get('content-type');
      if (!contentType || names.some((name) => name !== 'content-type' && name !== 'content-length')) return;
      if (response.headers.get('content-length') !== String(pending.body.length)) return;
      answerCache(deps.pool).set(
        pending.version,
        pending.key,
        { contentType, body: pending.body },
        pending.body.length,
      );
      const state = learned(deps.pool);
      if (state.operations.size < MAX_LEARNED) state.operations.add(pending.operation);
      if (state.contentTypes.size < MAX_LEARNED) state.contentTypes.set(pending.headers, contentType);
    },
  };
}
