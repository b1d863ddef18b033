import { Refine } from '@refinedev/core';
import routerProvider, { DocumentTitleHandler } from '@refinedev/react-router';
import { ConfigProvider } from 'antd';
import { BrowserRouter } from 'react-router';
import { AccountProvider } from './providers/auth/AccountContext.tsx';
import { useAntdLocale } from './providers/i18n/useAntdLocale.ts';
import type { Providers } from './providers/index.ts';
import { NotificationsProvider } from './providers/notification/NotificationsProvider.tsx';
import { useNotificationProvider } from './providers/notification/useNotificationProvider.tsx';
import { resources } from './resources.ts';
import { AppRoutes } from './routes/AppRoutes.tsx';
import { matchRoute } from './routes/matchRoute.ts';
import { theme } from './theme.ts';

export function App({ providers }: { providers: Providers }) {
  const { queryClient, signInAvailable, i18nProvider, account, ...refineProviders } = providers;
  const antdLocale = useAntdLocale();
  return (
    <BrowserRouter>
      <ConfigProvider theme={theme} locale={antdLocale}>
        <NotificationsProvider>
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
            <AccountProvider account={account}>
              <AppRoutes signInAvailable={signInAvailable} />
            </AccountProvider>
            <DocumentTitleHandler
              handler={({ pathname }) => {
                const route = pathname ? matchRoute(pathname) : null;
                const app = i18nProvider.translate('documentTitle.default');
                return route ? `${i18nProvider.translate(`routes.${route.key}.title`, route.params)} | ${app}` : app;
              }}
            />
          </Refine>
        </NotificationsProvider>
      </ConfigProvider>
    </BrowserRouter>
  );
}
