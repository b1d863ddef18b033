/**
 * createApi: the GraphQL API as a yoga instance (a fetch handler and a node:http listener).
 * Tests call `yoga.fetch(...)`; main.ts serves it on a port.
 */
import { useGraphQlJit } from '@envelop/graphql-jit';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { NoSchemaIntrospectionCustomRule } from 'graphql';
import { createSchema, createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import type { Pool } from 'pg';
import type { AccessControl } from '@console/policies';
import type { Environment, TokenVerifier } from '@console/firebase-token';
import { authenticate, type ApiContext, type ServerContext } from './graphql/context.ts';
import { authenticatedContext, useAuthenticationFirst } from './graphql/authenticate-first.ts';
import { useOrganizationSuspension } from './graphql/suspension.ts';
import { takePreparedContext, useWebsiteListAnswers } from './graphql/website-list-answers.ts';
import type { IdentityAdmin } from './auth/identity-admin.ts';
import { SCHEMA_SDL } from './schema/index.ts';
import { resolvers } from './graphql/resolvers/index.ts';
import { useFeedUploads } from './feeds/upload-route.ts';
import { usePriceFeed } from './pricing/feed/route.ts';
import type { Logger } from './http/logger.ts';
import { useOperationNotes } from './http/operation-log.ts';
import { useListCostLimit } from './graphql/list-cost.ts';

export interface ApiOptions {
  pool: Pool;
  verifyToken: TokenVerifier;
  access: AccessControl;
  environment?: Environment;
  /** The identity provider's admin API, for user administration (absent: invitations are refused). */
  identity?: IdentityAdmin;
  /** Log unexpected errors (default true); to this structured logger when given. */
  logging?: boolean;
  logger?: Logger;
  /** Unexpected errors also go here (http/error-reports.ts; production with a DSN only). */
  reportError?: (error: unknown) => void;
}

export type Api = YogaServerInstance<ServerContext, ApiContext>;

/** Outside local, the schema is not offered to strangers. */
const disableIntrospection: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(NoSchemaIntrospectionCustomRule);
  },
};

export function createApi({
  pool,
  verifyToken,
  access,
  environment = 'local',
  logging = true,
  logger,
  reportError,
  identity,
}: ApiOptions): Api {
  const local = environment === 'local';
  return createYoga<ServerContext, ApiContext>({
    schema: createSchema<ApiContext>({ typeDefs: SCHEMA_SDL, resolvers }),
    graphqlEndpoint: '/graphql',
    graphiql: local,
    landingPage: false,
    logging: logging && logger ? yogaLogging(logger, reportError) : logging,
    // Only the edge worker calls the API outside local (http/edge-only.ts): no browser origin is granted.
    ...(local ? {} : { cors: false }),
    // Every request is authenticated before its query is parsed or validated
    // (graphql/authenticate-first.ts): no or a bad token is 401 UNAUTHENTICATED, an unknown or
    // disabled user 403 FORBIDDEN, whatever the query says. The operation runs with that context.
    context: (serverContext) => authenticatedContext(serverContext),
    plugins: [
      EnvelopArmorPlugin({
        // Fragments are counted by their fields, not as a level of their own: the console spreads real
        // fragments (docs/graphql.md), which must weigh what the same fields written inline weigh.
        maxDepth: { n: 8, flattenFragments: true },
        maxAliases: { n: 10 },
        maxTokens: { n: 1000 },
        maxDirectives: { n: 20 },
        costLimit: { maxCost: 5000, flattenFragments: true },
        blockFieldSuggestion: { enabled: !local },
      }),
      ...(local ? [] : [disableIntrospection]),
      // Nested lists multiply by their `limit` (graphql/list-cost.ts).
      useListCostLimit(),
      // POST /feeds/{productFeedId}/upload: a feed file, streamed into an import (feeds/upload-route.ts).
      useFeedUploads({ pool, verifyToken, access }),
      // GET /price-feed/{organizationWebsiteId}: suggested prices for the shop, by API key (pricing/feed/route.ts).
      usePriceFeed({ pool }),
      // A suspended organization's users get AppUser and nothing else.
      useOrganizationSuspension(),
      // Keeps OrganizationWebsiteList answers for withWebsiteListAnswers (website-list-answers.ts).
      useWebsiteListAnswers({ pool }),
      // Compiled execution: a picker page of 500 websites is ~5,000 fields to resolve.
      useGraphQlJit(),
      // What the request log line says about the operation (http/operation-log.ts).
      useOperationNotes(),
      // After the notes, so a refused request's log line still names its operation.
      // A request the website-list front authenticated uses that context (website-list-answers.ts).
      useAuthenticationFirst(
        async (request, serverContext) =>
          takePreparedContext(serverContext) ??
          authenticate(request.headers.get('authorization'), {
            pool,
            verifyToken,
            access,
            ...(identity ? { identity } : {}),
          }),
      ),
    ],
  });
}

/** yoga's log calls on the structured logger (its unexpected errors arrive as error()). */
function yogaLogging(logger: Logger, reportError?: (error: unknown) => void) {
  const write =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (...args: unknown[]) => {
      const [first, ...rest] = args;
      if (level === 'error' && reportError)
        reportError(args.find((arg) => arg instanceof Error) ?? new Error(String(first)));
      if (first instanceof Error) logger[level]({ err: first }, first.message);
      else logger[level]({ details: rest.length ? rest.map(String) : undefined }, String(first));
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
