import { Authenticated } from '@refinedev/core';
import { CatchAllNavigate } from '@refinedev/react-router';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import { PageLoading } from '../components/PageLoading.tsx';
import { LOGIN_PATH } from '../providers/auth/authProvider.ts';

// Route-level code splitting: the login page never downloads the console shell, and vice versa.
const LoginPage = lazy(() => import('../pages/auth/login/LoginPage.tsx'));
const ConsoleShell = lazy(() => import('./ConsoleShell.tsx'));
const HomePage = lazy(() => import('../pages/home/HomePage.tsx'));
const NotFoundPage = lazy(() => import('../pages/not-found/NotFoundPage.tsx'));

/** Signed out on a protected route -> /auth/login?to=<asked page>; while auth resolves -> a spinner. */
function Protected() {
  return (
    <Authenticated key="protected" loading={<PageLoading />} fallback={<CatchAllNavigate to={LOGIN_PATH} />}>
      <ConsoleShell />
    </Authenticated>
  );
}

/** Signed in on a public auth page -> home. */
function PublicOnly() {
  return (
    <Authenticated key="public-only" loading={<PageLoading />} fallback={<Outlet />}>
      <Navigate to="/" replace />
    </Authenticated>
  );
}

export function AppRoutes({ signInAvailable }: { signInAvailable: boolean }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route element={<PublicOnly />}>
          <Route path={LOGIN_PATH} element={<LoginPage signInAvailable={signInAvailable} />} />
        </Route>
        <Route element={<Protected />}>
          <Route index element={<HomePage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
