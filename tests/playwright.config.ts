import { defineConfig } from '@playwright/test';
import { E2E_WEB_URL } from './e2e/stack-ports.ts';

/** End-to-end suite: Debian's Chromium against the real local stack (see e2e/global-setup.ts). */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  use: {
    baseURL: E2E_WEB_URL,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    headless: true,
    locale: 'en-US',
    // The browser asks for reduced motion, and the console then animates nothing (theme.ts
    // themeFor). With antd's motions on, a control could move between the press and the release
    // of a click — an error message collapsing above a dialog's button, a menu sliding in — so the
    // release landed beside it and the click did nothing, while the automation, which checks only
    // where the press lands, counted it done (2 failed CI runs: a dialog's "Add", a menu's "Profile").
    reducedMotion: 'reduce',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  outputDir: './.artifacts',
});
