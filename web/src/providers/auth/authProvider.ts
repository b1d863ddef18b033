import type { AuthProvider } from '@refinedev/core';
import { type Auth, signInWithEmailAndPassword, signOut } from 'firebase/auth';
import { statusCodeOf } from '../data/graphqlErrors.ts';
import type { AppUserStore } from './appUser.ts';
import { identityErrorKey } from './identityErrors.ts';

export const LOGIN_PATH = '/auth/login';
export const HOME_PATH = '/';

export interface LoginVariables {
  email: string;
  password: string;
}

export interface AuthProviderOptions {
  /** Null when the Firebase configuration is missing: nobody can sign in. */
  auth: Auth | null;
  appUsers: AppUserStore;
  translate: (key: string) => string;
  /** Drops every cache that may hold the previous user's data. */
  onSignedOut: () => void;
}

export function createAuthProvider({ auth, appUsers, translate, onSignedOut }: AuthProviderOptions): AuthProvider {
  const failure = (messageKey: string) => ({
    success: false,
    error: { name: translate('auth.login.failed'), message: translate(messageKey) },
  });

  const currentUser = async () => {
    if (!auth) return null;
    await auth.authStateReady();
    return auth.currentUser;
  };

  return {
    login: async ({ email, password }: LoginVariables) => {
      if (!auth) return failure('config.firebaseMissing');
      try {
        await signInWithEmailAndPassword(auth, email, password);
        return { success: true, redirectTo: HOME_PATH };
      } catch (error) {
        return failure(identityErrorKey(error));
      }
    },

    logout: async () => {
      if (auth) await signOut(auth);
      appUsers.clear();
      onSignedOut();
      return { success: true, redirectTo: LOGIN_PATH };
    },

    check: async () => {
      const user = await currentUser();
      return user ? { authenticated: true } : { authenticated: false, logout: true, redirectTo: LOGIN_PATH };
    },

    getIdentity: async () => {
      const user = await currentUser();
      if (!user) return null;
      const appUser = await appUsers.load(user.uid).catch(() => null);
      return { id: user.uid, email: appUser?.email ?? user.email, roles: appUser?.roles ?? [], appUser };
    },

    getPermissions: async () => {
      const user = await currentUser();
      if (!user) return null;
      return (await appUsers.load(user.uid).catch(() => null))?.roles ?? [];
    },

    onError: async (error) => {
      if (statusCodeOf(error) === 401) return { logout: true, redirectTo: LOGIN_PATH, error };
      return {};
    },
  };
}
