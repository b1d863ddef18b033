/**
 * Why a transition was refused, independent of the transport. The GraphQL resolvers turn it into
 * an error with `extensions.code` = code and `extensions.reason` = reason (see STATE.md).
 */
export type TransitionErrorCode = 'CONFLICT' | 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_USER_INPUT';

export type TransitionErrorReason =
  /** The pair changed since the caller read it (expectedVersion differs). */
  | 'STALE_VERSION'
  /** The event is not allowed from the pair's current state (or the decision was reverted already). */
  | 'NOT_ALLOWED_FROM_STATE'
  /** Another reviewer holds the product's lease. */
  | 'LEASED'
  /** The idempotency key was used for a different request. */
  | 'IDEMPOTENCY_KEY_REUSED'
  /** The actor may not trigger this event. */
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT';

export class TransitionError extends Error {
  constructor(
    readonly code: TransitionErrorCode,
    readonly reason: TransitionErrorReason,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'TransitionError';
  }
}

export const conflict = (reason: TransitionErrorReason, message: string, details: Record<string, unknown> = {}) =>
  new TransitionError('CONFLICT', reason, message, details);
