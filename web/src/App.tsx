import { Refine } from '@refinedev/core';
import routerProvider, { DocumentTitleHandler } from '@refinedev/react-router';
import { App as AntdApp, ConfigProvider } from 'antd';
import { BrowserRouter } from 'react-router';
import type { Providers } from './providers/index.ts';
import { useNotificationProvider } from './providers/notification/useNotificationProvider.tsx';
import { resources } from './resources.ts';
import { AppRoutes } from './routes/AppRoutes.tsx';
import { theme } from './theme.ts';

export function App({ providers }: { providers: Providers }) {
  const { queryClient, signInAvailable, i18nProvider, ...refineProviders } = providers;
  return (
    <BrowserRouter>
      <ConfigProvider theme={theme}>
        <AntdApp>
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
            <AppRoutes signInAvailable={signInAvailable} />
            <DocumentTitleHandler handler={() => i18nProvider.translate('documentTitle.default')} />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
