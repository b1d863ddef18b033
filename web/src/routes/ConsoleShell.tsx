import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ConsoleLayout } from '../components/layout/ConsoleLayout.tsx';
import { PageLoading } from '../components/PageLoading.tsx';
import { WebsiteSelectionProvider } from '../components/websitePicker/WebsiteSelection.tsx';

/** The signed-in area: the chosen website as context, the console layout around the current page. */
export default function ConsoleShell() {
  return (
    <WebsiteSelectionProvider>
      <ConsoleLayout>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </ConsoleLayout>
    </WebsiteSelectionProvider>
  );
}
