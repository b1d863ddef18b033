import { Authenticated } from '@refinedev/core';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { LoginRedirect } from '../components/navigation/CarriedNavigate.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import { PlannedPage, ROUTE_PAGES } from './routePages.ts';
import { PUBLIC_ROUTES, ROUTE_KEYS, ROUTES, toRouterPath } from './routeTable.ts';

// Route-level code splitting: each page is its own chunk. The public auth pages are routed
// before Refine loads (App.tsx).
const ConsoleShell = lazy(() => import('./ConsoleShell.tsx'));
const NotFoundPage = lazy(() => import('../pages/not-found/NotFoundPage.tsx'));

/** Signed out on a protected route -> sign-in, then back; while auth resolves -> a spinner. */
function Protected() {
  return (
    <Authenticated
      key="protected"
      loading={<PageLoading />}
      fallback={<LoginRedirect loginPath={PUBLIC_ROUTES.login} />}
    >
      <ConsoleShell />
    </Authenticated>
  );
}

/** The signed-in routes of the table, inside Refine. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
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
