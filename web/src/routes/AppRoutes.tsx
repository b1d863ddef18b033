import { Authenticated } from '@refinedev/core';
import { lazy, Suspense } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { CarriedNavigate, LoginRedirect } from '../components/navigation/CarriedNavigate.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import { PlannedPage, ROUTE_PAGES } from './routePages.ts';
import { PUBLIC_ROUTES, ROUTE_KEYS, ROUTES, toRouterPath } from './routeTable.ts';

// Route-level code splitting: the auth pages never download the console shell, and vice versa.
const LoginPage = lazy(() => import('../pages/auth/login/LoginPage.tsx'));
const AuthActionPage = lazy(() => import('../pages/auth/action/AuthActionPage.tsx'));
const ConsoleShell = lazy(() => import('./ConsoleShell.tsx'));
const NotFoundPage = lazy(() => import('../pages/not-found/NotFoundPage.tsx'));

/** Signed out on a protected route -> sign-in, then back; while auth resolves -> a spinner. */
function Protected() {
  return (
    <Authenticated key="protected" loading={<PageLoading />} fallback={<LoginRedirect loginPath={PUBLIC_ROUTES.login} />}>
      <ConsoleShell />
    </Authenticated>
  );
}

/** Signed in on the sign-in page -> home. */
function PublicOnly() {
  return (
    <Authenticated key="public-only" loading={<PageLoading />} fallback={<Outlet />}>
      <CarriedNavigate to={ROUTES.home.path} />
    </Authenticated>
  );
}

export function AppRoutes({ signInAvailable }: { signInAvailable: boolean }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route element={<PublicOnly />}>
          <Route path={PUBLIC_ROUTES.login} element={<LoginPage signInAvailable={signInAvailable} />} />
        </Route>
        <Route path={PUBLIC_ROUTES.action} element={<AuthActionPage />} />
        <Route element={<Protected />}>
          {ROUTE_KEYS.map((key) => {
            const Page = ROUTE_PAGES[key];
            return (
              <Route
                key={key}
                path={toRouterPath(ROUTES[key].path)}
                element={Page ? <Page /> : <PlannedPage route={key} />}
              />
            );
          })}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
