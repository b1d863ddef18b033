/**
 * The production start command as an operator runs it: the bundle of `npm run build`
 * (scripts/ops/bundle-api.ts), `node migrate.mjs` then `node main.mjs`, with a production
 * configuration, against a scratch PostgreSQL database. PostgreSQL only (production never runs
 * the embedded database); skipped when none is reachable.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SignJWT, UnsecuredJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleApi } from '../../scripts/ops/bundle-api.ts';
import { createScratchPostgres, postgresReachable, type ScratchPostgres } from '../src/db/scratch.ts';

const PROJECT = 'price-console-production';
const SECRET = 'edge-secret-for-the-production-start-test-0123456789';
const BUILD_ID = 'abc1234-20261127T010000Z';

const reachable = await postgresReachable();
const work = mkdtempSync(path.join(tmpdir(), 'console-production-'));
const dist = path.join(work, 'api');
/** The scratch PostgreSQL database the command migrates and serves (created before the tests). */
let database: ScratchPostgres | undefined;
let databaseUrl = '';
const credentials = path.join(work, 'service-account.json');
let api: ChildProcess | undefined;
let apiUrl = '';
let output = '';

function productionEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  writeFileSync(
    credentials,
    JSON.stringify({
      client_email: `api@${PROJECT}.iam.gserviceaccount.com`,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    }),
  );
  // Only what an operator sets: nothing inherited from the test's environment.
  return {
    PATH: process.env.PATH,
    APP_ENV: 'production',
    FIREBASE_PROJECT_ID: PROJECT,
    DATABASE_URL: databaseUrl,
    EDGE_SHARED_SECRET: SECRET,
    GOOGLE_APPLICATION_CREDENTIALS: credentials,
    BUILD_ID,
    HOST: '127.0.0.1',
    // Reporting on (production + DSN): the bundled SDK starts with the API (the collector need not answer).
    ERROR_REPORTING_DSN: 'http://publickey@127.0.0.1:9/1',
    ...extra,
  };
}

function runNode(script: string, args: string[], env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, [path.join(dist, script), ...args], { env, encoding: 'utf8', timeout: 60_000 });
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

async function query<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

function post(body: string, headers: Record<string, string> = {}) {
  return fetch(`${apiUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-edge-secret': SECRET, ...headers },
    body,
    signal: AbortSignal.timeout(20_000),
  });
}

describe.skipIf(!reachable)(
  'the production start command (bundle, PostgreSQL, production configuration)',
  { timeout: 120_000 },
  () => {
    beforeAll(async () => {
      await bundleApi(dist, 'bundled-id');
      database = await createScratchPostgres('console_production');
      databaseUrl = database.url;
    }, 120_000);

    afterAll(async () => {
      if (api && api.exitCode === null) {
        api.kill('SIGKILL');
        await new Promise((resolve) => api!.once('exit', resolve));
      }
      await database?.drop();
      rmSync(work, { recursive: true, force: true });
    });

    it('migrates only when told to: --check reports pending migrations, migrate applies them', () => {
      const before = runNode('migrate.mjs', ['--database-url', databaseUrl, '--check'], { PATH: process.env.PATH });
      expect(before.status).toBe(1);
      expect(before.stdout).toMatch(/Pending migrations: 001, /);
      const missing = runNode('migrate.mjs', [], { PATH: process.env.PATH });
      expect(missing.status).toBe(2);
      expect(missing.stderr).toMatch(/--database-url/);
      const applied = runNode('migrate.mjs', ['--database-url', databaseUrl], { PATH: process.env.PATH });
      expect(applied.status, applied.stderr).toBe(0);
      expect(applied.stdout).toMatch(/Applied migrations: 001, /);
      expect(
        runNode('migrate.mjs', ['--database-url', databaseUrl, '--check'], { PATH: process.env.PATH }).stdout,
      ).toMatch(/current/);
    });

    it.each([
      [{ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, /production configuration names an Auth emulator/],
      [{ APP_ENV: '' }, /APP_ENV is not set/],
      [{ FIREBASE_PROJECT_ID: '' }, /FIREBASE_PROJECT_ID is not set/],
      [{ EDGE_SHARED_SECRET: '' }, /needs EDGE_SHARED_SECRET/],
      [{ DEMO_DATA: 'on' }, /DEMO_DATA/],
    ])('refuses to start with %j', (extra, reason) => {
      const result = runNode('main.mjs', [], productionEnv({ PORT: '0', ...extra }));
      expect(result.status).not.toBe(0);
      expect(result.stderr + result.stdout).toMatch(reason);
    });

    it('starts: health answers with the build id, nothing seeded, only the edge served, tokens checked', async () => {
      const port = await freePort();
      apiUrl = `http://127.0.0.1:${port}`;
      api = spawn(process.execPath, [path.join(dist, 'main.mjs')], {
        env: productionEnv({ PORT: String(port) }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      api.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      api.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const deadline = Date.now() + 60_000;
      for (;;) {
        const alive = await fetch(`${apiUrl}/healthz`).catch(() => null);
        if (alive?.ok) {
          expect(await alive.json()).toEqual({ status: 'alive', environment: 'production', buildId: BUILD_ID });
          break;
        }
        if (api.exitCode !== null || Date.now() > deadline) throw new Error(`The API did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const ready = await fetch(`${apiUrl}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({
        status: 'ready',
        database: 'ok',
        buildId: BUILD_ID,
        migrations: { pending: [], unknown: [] },
      });

      // No demo data, no seed.
      expect(await query('SELECT count(*)::int AS n FROM app_users')).toEqual([{ n: 0 }]);
      expect(await query('SELECT count(*)::int AS n FROM organizations')).toEqual([{ n: 0 }]);

      // Anyone but the edge: 403 before anything is parsed (a wrong secret too).
      for (const headers of [
        { 'x-edge-secret': '' },
        { 'x-edge-secret': `${SECRET}x` },
        { 'x-edge-secret': SECRET.slice(1) },
      ]) {
        const refused = await post('{"query":"{ __typename }"}', headers);
        expect(refused.status).toBe(403);
      }
      // No CORS grant to a browser origin.
      const preflight = await fetch(`${apiUrl}/graphql`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://elsewhere.example',
          'access-control-request-method': 'POST',
          'x-edge-secret': SECRET,
        },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();

      // Introspection: a caller without a token is refused before the query is read
      // (graphql/authenticate-first.ts); a signed-in caller's is refused by validation (api.test.ts).
      const introspection = await post('{"query":"query Schema { __schema { types { name } } }"}', {
        'x-request-id': 'req-introspection-1',
      });
      expect(introspection.status).toBe(401);
      const refused = JSON.stringify(await introspection.json());
      expect(refused).toMatch(/UNAUTHENTICATED/);
      expect(refused).not.toMatch(/__schema|Query/);

      // Tokens without a valid Google signature: the emulator's unsigned ones, and one signed by another key.
      const unsigned = new UnsecuredJWT({})
        .setAudience(PROJECT)
        .setIssuer(`https://securetoken.google.com/${PROJECT}`)
        .setSubject('someone')
        .setIssuedAt()
        .setExpirationTime('1h')
        .encode();
      const { privateKey } = await generateKeyPair('RS256');
      const forged = await new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: 'not-a-google-key' })
        .setAudience(PROJECT)
        .setIssuer(`https://securetoken.google.com/${PROJECT}`)
        .setSubject('someone')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey);
      for (const token of [unsigned, forged]) {
        const response = await post('{"query":"query Me { __typename }"}', {
          authorization: `Bearer ${token}`,
          'x-request-id': 'req-token-check-1',
        });
        expect(response.status).toBe(401);
        expect(JSON.stringify(await response.json())).toMatch(/UNAUTHENTICATED/);
      }

      // Over 1 MB: 413 before yoga reads it.
      const large = await post(JSON.stringify({ query: `{ __typename } # ${'x'.repeat(1024 * 1024)}` }));
      expect(large.status).toBe(413);

      // One JSON log line per GraphQL request, with the request id, never the token.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const lines = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const graphql = lines.filter((line) => line.msg === 'graphql');
      expect(graphql.length).toBe(8);
      expect(graphql.find((line) => line.requestId === 'req-introspection-1')).toMatchObject({
        operation: 'Schema',
        status: 401,
        outcome: 'rejected',
        environment: 'production',
        buildId: BUILD_ID,
        service: 'api',
      });
      expect(graphql.filter((line) => line.requestId === 'req-token-check-1')).toEqual([
        expect.objectContaining({ operation: 'Me', status: 401, outcome: 'rejected', uid: null }),
        expect.objectContaining({ operation: 'Me', status: 401, outcome: 'rejected', uid: null }),
      ]);
      expect(output).not.toContain(unsigned);
      expect(output).not.toContain(forged.split('.')[2]);
      expect(output).not.toContain(SECRET);
    });

    it('runs a job worker from the same build (worker.mjs) that stops gracefully on SIGTERM', async () => {
      const worker = spawn(process.execPath, [path.join(dist, 'worker.mjs')], {
        env: productionEnv(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let log = '';
      const ready = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`The job worker did not start:\n${log}`)), 60_000);
        const read = (chunk: Buffer) => {
          log += chunk.toString();
          if (/Job worker ready/.test(log)) {
            clearTimeout(timer);
            resolve();
          }
        };
        worker.stdout!.on('data', read);
        worker.stderr!.on('data', read);
        worker.once('exit', (code) => reject(new Error(`The job worker exited (${code}):\n${log}`)));
      });
      await ready;
      const exited = new Promise<string>((resolve) =>
        worker.once('exit', (code, signal) => resolve(`${code ?? signal}`)),
      );
      worker.kill('SIGTERM');
      expect(await exited, log).toBe('0');
    });

    it('stops gracefully on SIGTERM (exit 0)', async () => {
      expect(api?.exitCode).toBeNull();
      const exited = new Promise<number | null>((resolve) => api!.once('exit', (code) => resolve(code)));
      api!.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toMatch(/SIGTERM: stopping the API/);
    });

    it('refuses a database that a newer build migrated: migrate and start exit non-zero and change nothing', async () => {
      await query("INSERT INTO schema_migrations (version, name) VALUES ('999', '999_from_a_newer_build')");
      const before = await query('SELECT version FROM schema_migrations ORDER BY version');
      const migrate = runNode('migrate.mjs', ['--database-url', databaseUrl], { PATH: process.env.PATH });
      expect(migrate.status).toBe(1);
      expect(migrate.stderr).toMatch(/migrated by a newer build \(migrations 999/);
      const start = runNode('main.mjs', ['--migrate'], productionEnv({ PORT: '0' }));
      expect(start.status).toBe(1);
      expect(start.stderr + start.stdout).toMatch(/migrated by a newer build/);
      expect(await query('SELECT version FROM schema_migrations ORDER BY version')).toEqual(before);
    });
  },
);
