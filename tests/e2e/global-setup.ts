import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from '../../scripts/stack.ts';
import { E2E_PORTS } from './stack-ports.ts';

/** Starts a fresh stack (empty database and emulator in a temp folder) for the whole suite. */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  const stack = await startStack({
    dataDir,
    authPort: E2E_PORTS.auth,
    apiPort: E2E_PORTS.api,
    webPort: E2E_PORTS.web,
    verbose: false,
  });
  return async () => {
    await stack.stop();
    if (!process.env.KEEP_E2E_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
}
