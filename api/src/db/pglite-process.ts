/**
 * Runs the embedded PGlite database in its own child process (pglite-server.ts), so a slow
 * query never blocks the API's event loop, and returns where it listens: a Unix socket in a
 * private temporary directory (removed when the process stops), connected to with pg's `host`
 * set to that directory and `port` 5432 (pg connects to `<host>/.s.PGSQL.<port>`).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Connections the child accepts beyond the pool's: pg's pool ends a connection whose query
 * failed (any SQL error through `pool.query`) and opens a new one for the next query at once,
 * before the child has seen the old one close; without a spare the child refuses the new one
 * and that next query fails too ("Connection terminated unexpectedly").
 */
const SPARE_CONNECTIONS = 1;

export interface PgliteProcess {
  /** pg's `host` and `port` for the child's socket. */
  host: string;
  port: number;
  /** Connections the pg pool may hold at once (the child accepts SPARE_CONNECTIONS more). */
  maxConnections: number;
  stop(): Promise<void>;
}

const CHILD = fileURLToPath(new URL('./pglite-server.ts', import.meta.url));
/** The port number in the socket's file name (nothing listens on a TCP port). */
const SOCKET_PORT = 5432;
/** Resolved when a PGlite process starts (local only): the production bundle carries no tsx. */
const tsxLoader = () => pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * How much longer than on an idle machine a start may take now: the load average per core, at
 * least 1 and at most 10. A start is mostly CPU (the WASM module, a new directory's initdb); with
 * 15 runnable processes on 2 cores it took over a minute and failed test files in their set-up.
 */
export function loadStretch(): number {
  return Math.min(10, Math.max(1, loadavg()[0]! / availableParallelism()));
}

/** `startTimeoutMs` is the limit on an idle machine, stretched by `loadStretch()` when the process starts. */
export async function startPgliteProcess(
  dataDir: string,
  maxConnections = 4,
  startTimeoutMs = 60_000,
): Promise<PgliteProcess> {
  const timeoutMs = Math.round(startTimeoutMs * loadStretch());
  const socketDir = mkdtempSync(path.join(tmpdir(), 'console-pglite-'));
  const removeSocketDir = () => rmSync(socketDir, { recursive: true, force: true });
  const child = fork(CHILD, [], {
    execArgv: ['--import', tsxLoader()],
    env: {
      ...process.env,
      PGLITE_CHILD_DIR: dataDir,
      PGLITE_CHILD_MAX_CONNECTIONS: String(maxConnections + SPARE_CONNECTIONS),
      PGLITE_CHILD_SOCKET: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(removeSocketDir);

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`PGlite process did not start within ${timeoutMs} ms (load average ${loadavg()[0]!.toFixed(1)})`),
      );
    }, timeoutMs);
    child.on('message', (message: { type?: string }) => {
      if (message?.type === 'ready') {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(
        new Error(
          `PGlite process exited with code ${code} before it was ready (is ${dataDir} in use by another process?)`,
        ),
      );
    });
  });

  return { host: socketDir, port: SOCKET_PORT, maxConnections, stop: () => stopChild(child, exited) };
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
