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

export const badUserInput = (field: string, message: string) =>
  new GraphQLError(`Invalid ${field}: ${message}`, { extensions: { code: 'BAD_USER_INPUT', field } });
