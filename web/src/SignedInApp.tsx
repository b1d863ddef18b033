import { Refine } from '@refinedev/core';
import routerProvider, { DocumentTitleHandler } from '@refinedev/react-router';
import { useEffect, useState } from 'react';
import type { Providers } from './providers/index.ts';
import { useNotificationProvider } from './providers/notification/useNotificationProvider.tsx';
import { createQueryClient } from './providers/query/queryClient.ts';
import { resources } from './resources.ts';
import { AppRoutes } from './routes/AppRoutes.tsx';
import { matchRoute } from './routes/matchRoute.ts';

/**
 * Every route but the public auth pages: Refine with its providers around the signed-in routes.
 * Its own chunk, so the sign-in page does not download Refine.
 */
export default function SignedInApp({ providers }: { providers: Providers }) {
  const { clearOnSignOut, signInAvailable: _, account: __, i18nProvider, ...refineProviders } = providers;
  const [queryClient] = useState(createQueryClient);
  useEffect(() => clearOnSignOut(queryClient), [clearOnSignOut, queryClient]);

  return (
    <Refine
      {...refineProviders}
      i18nProvider={i18nProvider}
      routerProvider={routerProvider}
      notificationProvider={useNotificationProvider}
      resources={resources}
      options={{
        reactQuery: { clientConfig: queryClient },
        disableTelemetry: true,
        syncWithLocation: false,
        warnWhenUnsavedChanges: true,
      }}
    >
      <AppRoutes />
      <DocumentTitleHandler
        handler={({ pathname }) => {
          const route = pathname ? matchRoute(pathname) : null;
          const app = i18nProvider.translate('documentTitle.default');
          return route ? `${i18nProvider.translate(`routes.${route.key}.title`, route.params)} | ${app}` : app;
        }}
      />
    </Refine>
  );
}
