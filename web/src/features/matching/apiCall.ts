import type { DataProvider } from '@refinedev/core';
import { type DocumentNode, Kind, type OperationDefinitionNode } from 'graphql';

/** An error as the data provider hands it on: the API's code and extensions kept (providers/data). */
export interface CallError {
  message?: string;
  statusCode?: number;
  code?: string;
  extensions?: Record<string, unknown>;
}

/** What a failed call means to the reviewer's screen. */
export type FailureKind =
  /** the pair or product changed meanwhile (stale version, no longer in that status): reload it */
  | 'stale'
  /** another reviewer holds the product */
  | 'leased'
  /** the request may not have arrived (network, server down): send it again with the same key */
  | 'retry'
  /** anything else (forbidden, not found, bad input): show it */
  | 'other';

export function failureKind(error: unknown): FailureKind {
  const { code, extensions, statusCode } = (error ?? {}) as CallError;
  if (code === 'CONFLICT') {
    const reason = extensions?.reason;
    if (reason === 'LEASED') return 'leased';
    if (reason === 'STALE_VERSION' || reason === 'NOT_ALLOWED_FROM_STATE') return 'stale';
    return 'other';
  }
  if (code && FINAL_CODES.has(code)) return 'other';
  // An unexpected server error may have come after the decision was applied: the same key makes
  // the retry answer the first result instead of applying it twice.
  if (statusCode === undefined || statusCode >= 500 || statusCode === 408 || statusCode === 429) return 'retry';
  return 'other';
}

/** The API's answers that a retry cannot change (the caller's rights, the input, the data). */
const FINAL_CODES = new Set([
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'ORGANIZATION_SUSPENDED',
  'PLAN_LIMIT_EXCEEDED',
  'CONFLICT',
]);

/** Delays between the attempts of a call that may not have arrived (the same idempotency key each time). */
export const RETRY_DELAYS_MS = [300, 1000, 3000] as const;

const operationOf = (document: DocumentNode) =>
  document.definitions.find(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );

/** The answer under the operation's first field ('matchingDecide' -> its result). */
export async function callOperation<T>(
  provider: DataProvider,
  document: DocumentNode,
  variables: Record<string, unknown>,
): Promise<T> {
  const operation = operationOf(document);
  const mutation = operation?.operation === 'mutation';
  const answer = await provider.custom!({
    url: '',
    method: mutation ? 'post' : 'get',
    meta: mutation
      ? { gqlMutation: document, gqlVariables: variables }
      : { gqlQuery: document, gqlVariables: variables },
  });
  return answer.data as T;
}

/**
 * Runs `attempt` until it succeeds, fails for a reason a retry cannot fix, or the delays are
 * used up; only failures of kind 'retry' are tried again. The caller keeps the same idempotency
 * key in every attempt, so the server applies the decision at most once.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  delays: readonly number[] = RETRY_DELAYS_MS,
  sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let tried = 0; ; tried += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (failureKind(error) !== 'retry' || tried >= delays.length) throw error;
      await sleep(delays[tried]!);
    }
  }
}

/** A new idempotency key for one decision (a retry of that decision reuses it). */
export function newIdempotencyKey(): string {
  return (
    globalThis.crypto?.randomUUID?.() ??
    `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`
  );
}
