/** The API's error codes (`extensions.code`) and the HTTP status of request-level failures. */
import { GraphQLError } from 'graphql';

export type ErrorCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_USER_INPUT';

/** No token, or a token that fails verification: HTTP 401. */
export const unauthenticated = (
  message = 'Sign in first: a valid Firebase ID token is required (Authorization: Bearer <token>).',
) => new GraphQLError(message, { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });

/** A verified caller who may not use the API at all (HTTP 403), or may not do this (in the result). */
export const forbidden = (message: string, httpStatus?: number) =>
  new GraphQLError(message, {
    extensions: { code: 'FORBIDDEN', ...(httpStatus ? { http: { status: httpStatus } } : {}) },
  });

export const notFound = (what: string, id: string) =>
  new GraphQLError(`${what} ${id} was not found.`, { extensions: { code: 'NOT_FOUND' } });

/**
 * Refusals a person meets in the console's ordinary use (a taken address, a run that ended
 * meanwhile): the console words them in the user's language from `extensions.reason` and
 * `extensions.values` (docs/graphql.md, "Refusals in the user's language"). Checks that the
 * console's own forms make first need none: their English message is for other callers.
 */
export type InputRefusal =
  | 'EMAIL_TAKEN'
  | 'EMAIL_TAKEN_AT_PROVIDER'
  | 'WEBSITE_MONITORED'
  | 'COMPETITOR_URL_TAKEN'
  | 'NOT_COMPETITOR_OF_WEBSITE'
  | 'COMPETITOR_INACTIVE'
  | 'RUN_ENDED'
  | 'HELD_PRICE_DECIDED'
  | 'HELD_PRICE_OUT_OF_DATE'
  | 'IMPORT_RUNNING'
  | 'FEED_IS_UPLOAD';

export interface Refusal {
  reason: InputRefusal;
  values?: Record<string, string | number>;
}

export const badUserInput = (field: string, message: string, refusal?: Refusal) =>
  new GraphQLError(`Invalid ${field}: ${message}`, {
    extensions: {
      code: 'BAD_USER_INPUT',
      field,
      ...(refusal ? { reason: refusal.reason, values: refusal.values ?? {} } : {}),
    },
  });
