// Must come first: lets antd 5 render with React 19.
import '@ant-design/v5-patch-for-react-19';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { loadRuntimeConfig } from './config/runtimeConfig.ts';
import { endCancelledMotions } from './motion/endCancelledMotions.ts';
import { createProviders } from './providers/index.ts';
import { createI18n } from './providers/i18n/i18n.ts';

// antd's motions the browser cancelled would otherwise never end (a Button's loading icon stays).
endCancelledMotions(document);

async function start() {
  const [{ config, problem }, i18n] = await Promise.all([loadRuntimeConfig(), createI18n()]);
  if (problem) console.error(`Runtime configuration: ${problem}`);
  const providers = createProviders(config, i18n);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App providers={providers} />
    </StrictMode>,
  );
}

void start();
