import type { AuthActionResponse } from '@refinedev/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useNotifications } from '../notification/NotificationsProvider.tsx';
import { type AuthActionName, authActionOutcome } from './authActionOutcome.ts';
import { useAuthProvider } from './AuthProviderContext.tsx';
import { identityErrorKey } from './identityErrors.ts';

export interface AuthAction<V> {
  mutate: (variables: V, options?: { onSuccess?: (response: AuthActionResponse) => void }) => void;
  isPending: boolean;
  data: AuthActionResponse | undefined;
}

/** The failed-action title of each action, for an answer that carries no error of its own. */
const FAILED_KEY: Record<AuthActionName, string> = {
  login: 'auth.login.failed',
  forgotPassword: 'auth.forgot.failed',
  updatePassword: 'auth.password.failed',
};

/**
 * Runs one of the auth provider's actions outside Refine (the public pages do not load it), with
 * the same notifications and redirects as Refine's useLogin, useForgotPassword and useUpdatePassword.
 */
export function useAuthAction<V>(action: AuthActionName): AuthAction<V> {
  const authProvider = useAuthProvider();
  const notifications = useNotifications();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { t } = useTranslation();
  const [state, setState] = useState<{ isPending: boolean; data?: AuthActionResponse }>({ isPending: false });
  const askedFor = searchParams.get('to');

  const mutate = useCallback<AuthAction<V>['mutate']>(
    (variables, options) => {
      const run = authProvider[action] as ((variables: V) => Promise<AuthActionResponse>) | undefined;
      setState((previous) => ({ ...previous, isPending: true }));
      void Promise.resolve()
        .then(() => run!(variables))
        .catch(
          (error: unknown): AuthActionResponse => ({
            success: false,
            error: { name: t(FAILED_KEY[action]), message: t(identityErrorKey(error)) },
          }),
        )
        .then((response) => {
          const outcome = authActionOutcome(action, response, askedFor, {
            name: t(FAILED_KEY[action]),
            message: t(identityErrorKey(null)),
          });
          for (const key of outcome.close) notifications.destroy(key);
          for (const { key, type, message, description } of outcome.open)
            notifications.open({ key, type, message, description });
          setState({ isPending: false, data: response });
          options?.onSuccess?.(response);
          if (outcome.goTo) void navigate(outcome.goTo, { replace: true });
        });
    },
    [action, askedFor, authProvider, navigate, notifications, t],
  );

  return { mutate, isPending: state.isPending, data: state.data };
}
