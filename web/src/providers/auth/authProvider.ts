import type { AuthProvider } from '@refinedev/core';
import {
  type Auth,
  confirmPasswordReset,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
} from 'firebase/auth';
import { withCarriedParams } from '../../routes/paths.ts';
import { PUBLIC_ROUTES, ROUTES } from '../../routes/routeTable.ts';
import { statusCodeOf } from '../data/graphqlErrors.ts';
import type { Account } from './account.ts';
import type { AppUserStore } from './appUser.ts';
import { identityErrorKey } from './identityErrors.ts';

export const LOGIN_PATH = PUBLIC_ROUTES.login;
export const HOME_PATH = ROUTES.home.path;

/** Sign in with e-mail and password, or finish a pending sign-in with the SMS code. */
export type LoginVariables = { email: string; password: string } | { verificationCode: string };

/** Reset with the e-mailed code (then sign in), or change one's own password. */
export type UpdatePasswordVariables =
  | { oobCode: string; email: string; password: string }
  | { currentPassword: string; password: string };

export interface AuthProviderOptions {
  /** Null when the Firebase configuration is missing: nobody can sign in. */
  auth: Auth | null;
  account: Account;
  appUsers: AppUserStore;
  translate: (key: string) => string;
  /** Where the reset e-mail's link leads back to (docs/graphql.md sendOobCode continue URL). */
  continueUrl: () => string;
  /** Drops every cache that may hold the previous user's data. */
  onSignedOut: () => void;
  /** The current address's query string, whose `owid` and `locale` redirects carry along. */
  currentSearch: () => string;
}

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

export function createAuthProvider(options: AuthProviderOptions): AuthProvider {
  const { auth, account, appUsers, translate, continueUrl, onSignedOut, currentSearch } = options;
  /** Redirects carry `owid` and `locale` along (web/README.md). */
  const carried = (path: string) => withCarriedParams(path, currentSearch());
  const failure = (title: string, error: unknown) => ({
    success: false,
    error: { name: translate(title), message: translate(identityErrorKey(error)) },
  });
  const noAuth = { code: 'auth/invalid-api-key' };

  const currentUser = async () => {
    if (!auth) return null;
    await auth.authStateReady();
    return auth.currentUser;
  };

  return {
    login: async (variables: LoginVariables) => {
      if (!auth) return failure('auth.login.failed', noAuth);
      try {
        if ('verificationCode' in variables) await account.finishSignIn(variables.verificationCode);
        else await signInWithEmailAndPassword(auth, variables.email, variables.password);
        return { success: true, redirectTo: carried(HOME_PATH) };
      } catch (error) {
        if (codeOf(error) === 'auth/multi-factor-auth-required') {
          account.requireSecondFactor(error);
          return { ...failure('auth.mfa.title', error), multiFactorRequired: true };
        }
        return failure('auth.login.failed', error);
      }
    },

    logout: async () => {
      if (auth) await signOut(auth);
      appUsers.clear();
      onSignedOut();
      return { success: true, redirectTo: carried(LOGIN_PATH) };
    },

    forgotPassword: async ({ email }: { email: string }) => {
      if (!auth) return failure('auth.forgot.failed', noAuth);
      try {
        await sendPasswordResetEmail(auth, email, { url: continueUrl() });
        return {
          success: true,
          successNotification: {
            message: translate('auth.forgot.sentTitle'),
            description: translate('auth.forgot.sent'),
          },
        };
      } catch (error) {
        return failure('auth.forgot.failed', error);
      }
    },

    updatePassword: async (variables: UpdatePasswordVariables) => {
      if (!auth) return failure('auth.password.failed', noAuth);
      try {
        if ('oobCode' in variables) {
          await confirmPasswordReset(auth, variables.oobCode, variables.password);
          await signInWithEmailAndPassword(auth, variables.email, variables.password);
          return {
            success: true,
            redirectTo: carried(HOME_PATH),
            successNotification: { message: translate('auth.password.changed'), description: '' },
          };
        }
        await account.changePassword(variables.currentPassword, variables.password);
        return { success: true, successNotification: { message: translate('auth.password.changed'), description: '' } };
      } catch (error) {
        // api/src/graphql/validate.ts: a rejected password makes the policy refresh.
        if (codeOf(error) === 'auth/password-does-not-meet-requirements') void account.passwordRules(true);
        return failure('auth.password.failed', error);
      }
    },

    check: async () => {
      const user = await currentUser();
      return user ? { authenticated: true } : { authenticated: false, logout: true, redirectTo: carried(LOGIN_PATH) };
    },

    getIdentity: async () => {
      const user = await currentUser();
      if (!user) return null;
      let appUserError: { message: string; statusCode?: number } | null = null;
      const appUser = await appUsers.load(user.uid).catch((error: unknown) => {
        appUserError = {
          message: error instanceof Error ? error.message : String(error),
          statusCode: statusCodeOf(error),
        };
        return null;
      });
      return { id: user.uid, email: appUser?.email ?? user.email, roles: appUser?.roles ?? [], appUser, appUserError };
    },

    getPermissions: async () => {
      const user = await currentUser();
      if (!user) return null;
      return (await appUsers.load(user.uid).catch(() => null))?.roles ?? [];
    },

    onError: async (error) => {
      if (statusCodeOf(error) === 401) return { logout: true, redirectTo: carried(LOGIN_PATH), error };
      return {};
    },
  };
}
