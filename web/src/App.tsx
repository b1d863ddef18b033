import { ConfigProvider } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { PageLoading } from './components/PageLoading.tsx';
import { PublicOnly } from './pages/auth/PublicOnly.tsx';
import { PublicTitle } from './pages/auth/PublicTitle.tsx';
import { AccountProvider } from './providers/auth/AccountContext.tsx';
import { AuthProviderProvider } from './providers/auth/AuthProviderContext.tsx';
import { useAntdLocale } from './providers/i18n/useAntdLocale.ts';
import type { Providers } from './providers/index.ts';
import { NotificationsProvider } from './providers/notification/NotificationsProvider.tsx';
import { PUBLIC_ROUTES } from './routes/routeTable.ts';
import { usePrefersReducedMotion } from './hooks/usePrefersReducedMotion.ts';
import { themeFor } from './theme.ts';

// Route-level code splitting: the public auth pages load neither Refine nor the console shell.
const LoginPage = lazy(() => import('./pages/auth/login/LoginPage.tsx'));
const AuthActionPage = lazy(() => import('./pages/auth/action/AuthActionPage.tsx'));
const SignedInApp = lazy(() => import('./SignedInApp.tsx'));

export function App({ providers }: { providers: Providers }) {
  const antdLocale = useAntdLocale();
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => themeFor({ reducedMotion }), [reducedMotion]);
  return (
    <BrowserRouter>
      <ConfigProvider theme={theme} locale={antdLocale}>
        <NotificationsProvider>
          <AuthProviderProvider authProvider={providers.authProvider}>
            <AccountProvider account={providers.account}>
              <Suspense fallback={<PageLoading />}>
                <Routes>
                  <Route element={<PublicTitle />}>
                    <Route element={<PublicOnly />}>
                      <Route
                        path={PUBLIC_ROUTES.login}
                        element={<LoginPage signInAvailable={providers.signInAvailable} />}
                      />
                    </Route>
                    <Route path={PUBLIC_ROUTES.action} element={<AuthActionPage />} />
                  </Route>
                  <Route path="*" element={<SignedInApp providers={providers} />} />
                </Routes>
              </Suspense>
            </AccountProvider>
          </AuthProviderProvider>
        </NotificationsProvider>
      </ConfigProvider>
    </BrowserRouter>
  );
}
