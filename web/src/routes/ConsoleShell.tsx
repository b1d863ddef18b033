import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ConsoleLayout } from '../components/layout/ConsoleLayout.tsx';
import { PageLoading } from '../components/PageLoading.tsx';

/** The signed-in area: the console layout around the current page. */
export default function ConsoleShell() {
  return (
    <ConsoleLayout>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </ConsoleLayout>
  );
}
