import type { AccessControlProvider, AuthProvider, DataProvider, I18nProvider } from '@refinedev/core';
import type { i18n as I18n } from 'i18next';
import type { RuntimeConfig } from '../config/runtimeConfig.ts';
import { createAccessControlProvider } from './access/accessControlProvider.ts';
import { type Account, createAccount } from './auth/account.ts';
import { createAppUserStore } from './auth/appUser.ts';
import { createAuthProvider, LOGIN_PATH } from './auth/authProvider.ts';
import { createFirebaseAuth } from './auth/firebaseAuth.ts';
import { createProfileLanguage } from './auth/profileLanguage.ts';
import { createDataProvider } from './data/dataProvider.ts';
import { createGraphQLClientHolder } from './data/graphqlClient.ts';
import { createI18nProvider } from './i18n/i18nProvider.ts';

export interface Providers {
  authProvider: AuthProvider;
  dataProvider: DataProvider;
  accessControlProvider: AccessControlProvider;
  i18nProvider: I18nProvider;
  /**
   * Registers a cache to clear on sign-out (the signed-in app's query cache); answers the
   * unregistering function. Kept here so the public pages never load the query library.
   */
  clearOnSignOut(cache: { clear(): void }): () => void;
  /** Identity flows beyond Refine's auth provider (reset code, policy, second factor). */
  account: Account;
  /** False when /config.json gave no Firebase configuration: the login page says so. */
  signInAvailable: boolean;
}

/** Wires the providers once, from the runtime configuration. */
export function createProviders(config: RuntimeConfig, i18n: I18n): Providers {
  const auth = createFirebaseAuth(config);
  const currentUser = async () => {
    if (!auth) return null;
    await auth.authStateReady();
    return auth.currentUser;
  };
  const graphql = createGraphQLClientHolder(config.graphqlUrl, async () => (await currentUser())?.getIdToken() ?? null);
  const appUsers = createAppUserStore(graphql);
  const signedInCaches = new Set<{ clear(): void }>();
  const profileLanguage = createProfileLanguage({
    currentUid: async () => (await currentUser())?.uid ?? null,
    load: (uid) => appUsers.load(uid),
    forget: () => appUsers.clear(),
    update: async (uid, language) => {
      const [client, { APP_USER_UPDATE_MUTATION }] = await Promise.all([
        graphql.current(),
        import('./auth/queries.ts'),
      ]);
      const result = await client.mutation(APP_USER_UPDATE_MUTATION, { userId: uid, input: { language } }).toPromise();
      if (result.error) throw result.error;
    },
  });
  const account = createAccount(auth, () => appUsers.clear(), profileLanguage);

  return {
    authProvider: createAuthProvider({
      auth,
      account,
      appUsers,
      translate: (key) => i18n.t(key),
      continueUrl: () => `${window.location.origin}${LOGIN_PATH}`,
      currentSearch: () => window.location.search,
      onSignedOut: () => {
        // The next user on this browser must never see the previous user's answers.
        graphql.reset();
        for (const cache of signedInCaches) cache.clear();
      },
    }),
    dataProvider: createDataProvider(graphql, (key, values) => i18n.t(key, { ...values, defaultValue: '' })),
    accessControlProvider: createAccessControlProvider({
      roles: async () => {
        const user = await currentUser();
        return user ? ((await appUsers.load(user.uid).catch(() => null))?.roles ?? []) : null;
      },
      enforcer: () => import('./access/policyEnforcer.ts').then((module) => module.createPolicyEnforcer()),
    }),
    i18nProvider: createI18nProvider(i18n),
    clearOnSignOut: (cache) => {
      signedInCaches.add(cache);
      return () => signedInCaches.delete(cache);
    },
    account,
    signInAvailable: auth !== null,
  };
}
