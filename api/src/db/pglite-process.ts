/**
 * Runs the embedded PGlite database in its own child process (pglite-server.ts), so a slow
 * query never blocks the API's event loop, and returns where it listens.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface PgliteProcess {
  port: number;
  /** Connections the child accepts at once; size the pg pool to it. */
  maxConnections: number;
  stop(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./pglite-server.ts', import.meta.url));
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export async function startPgliteProcess(dataDir: string, maxConnections = 4, startTimeoutMs = 60_000): Promise<PgliteProcess> {
  const child = fork(CHILD, [], {
    execArgv: ['--import', TSX_LOADER],
    env: { ...process.env, PGLITE_CHILD_DIR: dataDir, PGLITE_CHILD_MAX_CONNECTIONS: String(maxConnections) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`PGlite process did not start within ${startTimeoutMs} ms`));
    }, startTimeoutMs);
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message?.type === 'ready' && message.port) {
        clearTimeout(timer);
        resolve(message.port);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`PGlite process exited with code ${code} before it was ready (is ${dataDir} in use by another process?)`));
    });
  });

  return { port, maxConnections, stop: () => stopChild(child, exited) };
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  if (child.connected) child.send({ type: 'stop' });
  else child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, 10_000, 'timeout').unref());
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    child.kill('SIGKILL');
    await exited;
  }
}
