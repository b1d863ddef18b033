import type { AuthProvider } from '@refinedev/core';
import { createContext, type ReactNode, useContext } from 'react';

const AuthProviderContext = createContext<AuthProvider | null>(null);

/** The auth provider for pages outside Refine (the public sign-in and reset pages). */
export function AuthProviderProvider({ authProvider, children }: { authProvider: AuthProvider; children: ReactNode }) {
  return <AuthProviderContext.Provider value={authProvider}>{children}</AuthProviderContext.Provider>;
}

export function useAuthProvider(): AuthProvider {
  const authProvider = useContext(AuthProviderContext);
  if (!authProvider) throw new Error('useAuthProvider needs an AuthProviderProvider');
  return authProvider;
}
