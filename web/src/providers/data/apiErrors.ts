import type { Client, CombinedError, OperationResult } from '@urql/core';

/**
 * The API's own error codes (`extensions.code`) kept on the error Refine sees, so pages can show a
 * translated sentence and put a BAD_USER_INPUT message at its form field.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly code?: string,
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** The locale key of each API error code the console explains in its own words. */
export const API_ERROR_KEYS: Record<string, string> = {
  ORGANIZATION_SUSPENDED: 'apiErrors.organizationSuspended',
  PLAN_LIMIT_EXCEEDED: 'apiErrors.planLimitExceeded',
  IDENTITY_PROVIDER_ERROR: 'apiErrors.identityProviderError',
  SERVICE_UNAVAILABLE: 'apiErrors.serviceUnavailable',
  FORBIDDEN: 'apiErrors.forbidden',
  NOT_FOUND: 'apiErrors.notFound',
};

/** A GraphQL answer's errors as one ApiError; a network failure keeps urql's message (and its status). */
export function apiErrorOf(error: CombinedError): Error {
  const [first] = error.graphQLErrors;
  if (!first) return new Error(error.message);
  const message = error.graphQLErrors.map((graphQLError) => graphQLError.message).join(', ');
  const extensions = (first.extensions ?? {}) as Record<string, unknown>;
  return new ApiError(message, typeof extensions.code === 'string' ? extensions.code : undefined, extensions);
}

/** Looks up a locale key with values; '' when the key is missing. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * A refusal the API words for the console (`extensions.reason` and `extensions.values`, docs/graphql.md
 * "Refusals in the user's language") in the user's language (locales: `<keys>.<reason>`,
 * apiErrors.refusals by default), or null for an error without a reason this console knows.
 */
export function refusalText(
  extensions: Record<string, unknown> | undefined,
  translate: Translate,
  keys = 'apiErrors.refusals',
): string | null {
  const reason = extensions?.reason;
  if (typeof reason !== 'string' || !/^[A-Z_]+$/.test(reason)) return null;
  const values =
    extensions?.values && typeof extensions.values === 'object' ? (extensions.values as Record<string, unknown>) : {};
  return translate(`${keys}.${reason}`, values) || null;
}

/**
 * What an ApiError adds to Refine's HttpError: its code and extensions, and a field's message (in
 * the user's language when the API gave a refusal's reason: `translate`).
 */
export function apiErrorFields(
  error: unknown,
  translate?: Translate,
): {
  code?: string;
  extensions?: Record<string, unknown>;
  errors?: Record<string, string>;
  message?: string;
} {
  if (!(error instanceof ApiError)) return {};
  const field = error.code === 'BAD_USER_INPUT' ? error.extensions.field : undefined;
  const refusal = translate ? refusalText(error.extensions, translate) : null;
  const message = refusal ?? error.message;
  return {
    code: error.code,
    extensions: error.extensions,
    ...(refusal ? { message: refusal } : {}),
    ...(typeof field === 'string' ? { errors: { [field]: message } } : {}),
  };
}

type Operation = { toPromise(): Promise<OperationResult> };

const rejecting = (operation: Operation): Operation => ({
  toPromise: () =>
    operation.toPromise().then((result) => {
      if (result.error) throw apiErrorOf(result.error);
      return result;
    }),
});

/** The client Refine's GraphQL provider uses: a failed answer rejects with the API's code kept. */
export function withApiErrors(client: Client): Client {
  return {
    query: (...args: Parameters<Client['query']>) => rejecting(client.query(...args)),
    mutation: (...args: Parameters<Client['mutation']>) => rejecting(client.mutation(...args)),
  } as unknown as Client;
}
