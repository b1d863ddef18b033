// Must come first: lets antd 5 render with React 19.
import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { announceFormErrors } from './a11y/announceFormErrors.ts';
import { App } from './App.tsx';
import { loadRuntimeConfig } from './config/runtimeConfig.ts';
import { endCancelledMotions } from './motion/endCancelledMotions.ts';
import { createProviders } from './providers/index.ts';
import { createI18n } from './providers/i18n/i18n.ts';
import { reportError, startErrorReporting } from './errorReporting/start.ts';

// antd's motions the browser cancelled would otherwise never end (a Button's loading icon stays).
endCancelledMotions(document);
// antd 5's form errors are plain text: each gets role="alert" so a screen reader announces it (issue 20).
announceFormErrors(document);

async function start() {
  const [{ config, problem }, i18n] = await Promise.all([loadRuntimeConfig(), createI18n()]);
  if (problem) console.error(`Runtime configuration: ${problem}`);
  const providers = createProviders(config, i18n);
  // An error an error boundary caught is reported too (uncaught ones reach the reporter's global handlers).
  createRoot(document.getElementById('root')!, {
    onCaughtError: (error, info) => {
      console.error(error, info.componentStack);
      reportError(error);
    },
  }).render(
    <StrictMode>
      <App providers={providers} />
    </StrictMode>,
  );
  // Production with a DSN only; the reporter's chunk is loaded after the first render's code.
  void startErrorReporting(config);
}

void start();
