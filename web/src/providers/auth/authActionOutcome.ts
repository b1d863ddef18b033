import type { AuthActionResponse } from '@refinedev/core';
import { sameOriginPath } from './safeRedirect.ts';

export type AuthActionName = 'login' | 'forgotPassword' | 'updatePassword';

/** The notification keys Refine's own auth hooks use, so one message replaces the previous. */
const KEY_PREFIX: Record<AuthActionName, string> = {
  login: 'login',
  forgotPassword: 'forgot-password',
  updatePassword: 'update-password',
};

export interface ActionNotification {
  key: string;
  type: 'success' | 'error';
  message: string;
  description?: string;
}

export interface AuthActionOutcome {
  /** Notification keys to close. */
  close: string[];
  open: ActionNotification[];
  /** Where to go next (replacing the current history entry), if anywhere. */
  goTo: string | null;
}

/**
 * What an auth action's answer leads to, as Refine's useLogin / useForgotPassword /
 * useUpdatePassword do it: the error or success notification, and the redirect. After signing in,
 * the page asked for in `?to=` wins over the provider's redirect.
 */
export function authActionOutcome(
  action: AuthActionName,
  response: AuthActionResponse,
  askedFor: string | null,
  fallbackError: { name: string; message: string },
): AuthActionOutcome {
  const prefix = KEY_PREFIX[action];
  const outcome: AuthActionOutcome = { close: [], open: [], goTo: null };
  const { success, error, redirectTo, successNotification } = response;
  if (success) {
    outcome.close.push(`${prefix}-error`);
    if (successNotification) {
      outcome.open.push({ key: `${prefix}-success`, type: 'success', ...successNotification });
    }
  }
  if (error || !success) {
    outcome.open.push({
      key: `${prefix}-error`,
      type: 'error',
      message: error?.name || fallbackError.name,
      description: error?.message || fallbackError.message,
    });
  }
  // `?to=` only as a path of this site (safeRedirect.ts); anything else falls back to the provider's redirect.
  if (action === 'login') outcome.goTo = success ? sameOriginPath(askedFor) || redirectTo || null : null;
  else outcome.goTo = redirectTo ?? null;
  return outcome;
}
