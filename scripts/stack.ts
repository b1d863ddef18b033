/**
 * Starts the whole product locally: the Firebase Auth emulator, the GraphQL API on its
 * embedded database, and the edge worker serving the built console. Used by `npm start`
 * (scripts/start.ts) and by the end-to-end suite (tests/e2e/global-setup.ts), on different ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_USERS } from '../api/src/seed/demo-users.ts';

export const ROOT = join(import.meta.dirname, '..');
export const PROJECT_ID = 'demo-price-console';

export interface StackOptions {
  /** Folder for the stack's state (database, emulator export, worker storage). */
  dataDir: string;
  authPort: number;
  apiPort: number;
  webPort: number;
  /** Forward the children's output to this process (npm start) or keep it in log files (tests). */
  verbose?: boolean;
  /** Keep Auth emulator accounts across runs (npm start) or start empty (tests). */
  persistAuth?: boolean;
}

export interface Stack {
  webUrl: string;
  apiUrl: string;
  authUrl: string;
  stop(): Promise<void>;
}

const QUIET_ENV = {
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  NO_UPDATE_NOTIFIER: '1',
  FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
};

export async function startStack(options: StackOptions): Promise<Stack> {
  const { dataDir, authPort, apiPort, webPort, verbose = false } = options;
  mkdirSync(dataDir, { recursive: true });
  const children: ChildProcess[] = [];
  const cleanups: Array<() => void> = [];
  const stop = async () => {
    // In reverse order of start, one after the other: the database goes last.
    for (const child of children.reverse()) await stopChild(child);
    for (const cleanup of cleanups) cleanup();
  };
  const authUrl = `http://127.0.0.1:${authPort}`;
  const apiUrl = `http://127.0.0.1:${apiPort}/graphql`;
  const webUrl = `http://127.0.0.1:${webPort}`;

  try {
    const fixturePort = apiPort + 600;
    for (const port of [authPort, authPort + 1, authPort + 2, apiPort, webPort, fixturePort])
      await assertPortFree(port);
    // The API (test extraction) and the job worker (scraper runs) fetch the fixture shop on
    // loopback: every process of the local stack may (launch passes this environment on).
    process.env.FEED_ALLOW_PRIVATE_HOSTS = '1';

    // What needs nothing else starts at once (1, 1b, 2 and 5 below); the API waits for the
    // database, the job worker for the API. On two cores, one after the other took 2-3 minutes
    // under load, mostly each child's own start-up. Children stop in reverse order of launch, so
    // the database is launched before the API and the job worker and stops after them.
    const ready: Promise<void>[] = [];

    // 1. Firebase Auth emulator (official, from firebase-tools), on its own config file.
    const emulatorDir = join(dataDir, 'auth-emulator');
    mkdirSync(emulatorDir, { recursive: true });
    const firebaseConfig = join(emulatorDir, 'firebase.json');
    writeFileSync(
      firebaseConfig,
      JSON.stringify({
        emulators: {
          auth: { host: '127.0.0.1', port: authPort },
          // The suite's own hub and logging ports (defaults 4400 / 4500), so two stacks never collide.
          hub: { host: '127.0.0.1', port: authPort + 1 },
          logging: { host: '127.0.0.1', port: authPort + 2 },
          ui: { enabled: false },
          singleProjectMode: true,
        },
      }),
    );
    const exportDir = join(emulatorDir, 'export');
    const persistArgs = options.persistAuth
      ? [
          ...(existsSync(join(exportDir, 'firebase-export-metadata.json')) ? ['--import', exportDir] : []),
          '--export-on-exit',
          exportDir,
        ]
      : [];
    const authEmulator = launch(
      'auth-emulator',
      bin('tests', 'firebase'),
      ['emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', firebaseConfig, ...persistArgs],
      {
        cwd: emulatorDir,
        dataDir,
        verbose,
      },
    );
    children.push(authEmulator);
    ready.push(
      waitFor(`${authUrl}/`, 'the Auth emulator', 90_000, authEmulator).then(() => ensureDemoAccounts(authUrl)),
    );

    // 1b. The fixture shop: competitor shops on loopback that the demo scrapers read
    //     (api/src/monitoring/fixture-shop/; prices change every ten minutes).
    const fixtureUrl = `http://127.0.0.1:${fixturePort}`;
    const fixtureShop = launch(
      'fixture-shop',
      bin('api', 'tsx'),
      [
        join(ROOT, 'api', 'src', 'monitoring', 'fixture-shop', 'main.ts'),
        '--port',
        String(fixturePort),
        '--products',
        '60',
        '--crawl-delay',
        '0',
        '--day-every',
        '600',
      ],
      {
        cwd: join(ROOT, 'api'),
        dataDir,
        verbose,
      },
    );
    children.push(fixtureShop);
    ready.push(waitFor(`${fixtureUrl}/robots.txt`, 'the fixture shop', 60_000, fixtureShop));

    // 2. The embedded database (PGlite) in a process of its own, shared by the API and the job
    //    worker through its Unix socket (api/src/jobs/README.md). A short temporary path: a
    //    socket's path has a length limit.
    const socketDir = mkdtempSync(join(tmpdir(), 'console-pglite-'));
    cleanups.push(() => rmSync(socketDir, { recursive: true, force: true }));
    const socket = join(socketDir, '.s.PGSQL.5432');
    const database = launch('database', bin('api', 'tsx'), [join(ROOT, 'api', 'src', 'db', 'pglite-server.ts')], {
      cwd: join(ROOT, 'api'),
      dataDir,
      verbose,
      env: {
        PGLITE_CHILD_DIR: join(dataDir, 'pglite'),
        PGLITE_CHILD_SOCKET: socket,
        PGLITE_CHILD_MAX_CONNECTIONS: '16',
      },
    });
    children.push(database);
    const databaseReady = waitForSocket(socket, 'the PGlite database', 120_000, database);

    // 5. The edge worker serving web/dist (or WEB_DIST), in the local runtime; it passes GraphQL
    //    requests on to the API's address and needs the API only when one comes.
    const edge = launch(
      'worker',
      bin('edge', 'wrangler'),
      [
        'dev',
        '--config',
        join(ROOT, 'wrangler.toml'),
        // The top level of wrangler.toml refuses to serve: local settings live in [env.local].
        '--env',
        'local',
        '--ip',
        '127.0.0.1',
        '--port',
        String(webPort),
        '--persist-to',
        join(dataDir, 'wrangler'),
        '--show-interactive-dev-session=false',
        '--var',
        `GRAPHQL_UPSTREAM:${apiUrl}`,
        '--var',
        `FIREBASE_AUTH_EMULATOR_HOST:127.0.0.1:${authPort}`,
        // WEB_DIST serves another build of the console (two suites side by side, each its own build).
        ...(process.env.WEB_DIST ? ['--assets', process.env.WEB_DIST] : []),
      ],
      { cwd: ROOT, dataDir, verbose },
    );
    children.push(edge);
    ready.push(waitFor(`${webUrl}/config.json`, 'the edge worker', 90_000, edge));

    // 3. GraphQL API on the embedded database, then 4. one job worker: feed schedule, matching
    //    runs and expiry, scraper runs (api/src/jobs/README.md); it needs the API's migrations.
    ready.push(
      databaseReady.then(async () => {
        const api = launch('api', bin('api', 'tsx'), [join(ROOT, 'api', 'src', 'main.ts')], {
          cwd: join(ROOT, 'api'),
          dataDir,
          verbose,
          env: {
            APP_ENV: 'local',
            HOST: '127.0.0.1',
            PORT: String(apiPort),
            PGLITE_DIR: join(dataDir, 'pglite'),
            PGLITE_SOCKET_DIR: socketDir,
            FIREBASE_PROJECT_ID: PROJECT_ID,
            FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}`,
            DEMO_DATA: 'on',
            // Demo scrapers and test extractions read the fixture shop on loopback.
            FIXTURE_SHOP_URL: fixtureUrl,
            FEED_ALLOW_PRIVATE_HOSTS: '1',
          },
        });
        children.push(api);
        await waitFor(apiUrl, 'the GraphQL API', 120_000, api, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"query":"{__typename}"}',
        });
        const jobs = launch('jobs', bin('api', 'tsx'), [join(ROOT, 'api', 'src', 'jobs', 'worker-main.ts')], {
          cwd: join(ROOT, 'api'),
          dataDir,
          verbose,
          // A grace shorter than stopChild's 10 s before SIGKILL.
          env: { APP_ENV: 'local', PGLITE_SOCKET_DIR: socketDir, JOB_CONCURRENCY: '2', JOB_STOP_GRACE_MS: '8000' },
        });
        children.push(jobs);
        await waitForLine(jobs, /Job worker ready/, 'the job worker', 60_000);
      }),
    );
    // Every start settled before a failure is reported, so that stop() meets every child.
    const outcomes = await Promise.allSettled(ready);
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    await stop();
    throw error;
  }
  return { webUrl, apiUrl, authUrl, stop };
}

function bin(pkg: string, name: string): string {
  return join(ROOT, pkg, 'node_modules', '.bin', name);
}

function launch(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; dataDir: string; verbose: boolean; env?: Record<string, string> },
): ChildProcess {
  const logDir = join(options.dataDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...QUIET_ENV, ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = join(logDir, `${name}.log`);
  const file = createWriteStream(log, { flags: 'a' });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.pipe(file, { end: false });
    if (options.verbose) stream?.on('data', (chunk: Buffer) => process.stdout.write(prefix(name, chunk)));
  }
  logFiles.set(child, log);
  child.on('exit', (code, signal) => {
    if (code && code !== 0 && !stopping.has(child))
      console.error(`[${name}] exited with code ${code}${signal ? ` (${signal})` : ''}; log: ${log}`);
  });
  return child;
}

const logFiles = new WeakMap<ChildProcess, string>();
function logOf(child: ChildProcess): string {
  return logFiles.get(child) ?? 'its log';
}

function prefix(name: string, chunk: Buffer): string {
  return chunk
    .toString()
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => `[${name}] ${line}\n`)
    .join('');
}

const stopping = new WeakSet<ChildProcess>();

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  stopping.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, 'SIGINT');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', () =>
      reject(new Error(`Port ${port} is already in use: is another copy of the stack running?`)),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

async function waitFor(
  url: string,
  what: string,
  timeoutMs: number,
  child: ChildProcess,
  init?: RequestInit,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${what} stopped during start-up (exit code ${child.exitCode ?? child.signalCode}); see ${logOf(child)}`,
      );
    }
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(5_000) });
      if (response.status < 500) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what} at ${url} (${lastError})`);
}

/** Waits until a Unix socket accepts a connection (the PGlite server listens once its database is open). */
async function waitForSocket(path: string, what: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `${what} stopped during start-up (exit code ${child.exitCode ?? child.signalCode}); see ${logOf(child)}`,
      );
    const connected = await new Promise<boolean>((resolve) => {
      const socket = connect(path, () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (connected) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what} at ${path}`);
}

/** Waits until a child prints a line matching `ready` (call it right after launch: output is watched from then). */
async function waitForLine(child: ChildProcess, ready: RegExp, what: string, timeoutMs: number): Promise<void> {
  let output = '';
  const seen = new Promise<void>((resolve) => {
    const watch = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        child.stdout?.off('data', watch);
        resolve();
      }
    };
    child.stdout?.on('data', watch);
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `${what} stopped during start-up (exit code ${child.exitCode ?? child.signalCode}); see ${logOf(child)}`,
      );
    if (
      (await Promise.race([
        seen.then(() => true),
        new Promise<false>((resolve) => setTimeout(resolve, 300, false)),
      ])) === true
    )
      return;
  }
  throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}; see ${logOf(child)}`);
}

/** Creates the demo accounts in the emulator with the uids the database knows (idempotent). */
export async function ensureDemoAccounts(authUrl: string): Promise<void> {
  for (const user of DEMO_USERS) {
    const response = await fetch(`${authUrl}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: user.uid, email: user.email, password: user.password, emailVerified: true }),
    });
    if (response.ok) continue;
    const text = await response.text();
    if (!/DUPLICATE_LOCAL_ID|EMAIL_EXISTS/.test(text)) {
      throw new Error(
        `Could not create the demo account ${user.email} in the Auth emulator: ${response.status} ${text}`,
      );
    }
  }
}
