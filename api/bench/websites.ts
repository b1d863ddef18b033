/**
 * Benchmark of the website picker's list (OrganizationWebsiteList) at 10,000 websites.
 *
 *   pnpm --filter @console/api exec tsx bench/websites.ts [--requests 2000] [--concurrency 10]
 *        [--websites 10000] [--through http://127.0.0.1:8787/graphql [--direct http://127.0.0.1:4000/graphql]]
 *
 * For each engine (PGlite in a temporary directory; PostgreSQL in a scratch database when
 * reachable) it starts the real server (src/main.ts --scale N) in its own process on a free port, fires a mix of requests
 * (first page, a name search, an offset page) from concurrent clients and prints p50, p95 and
 * requests per second. With --through it also measures a running deployment through the given
 * URL (e.g. the edge worker) and directly (--direct, default the local API), and prints the ratio.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { UnsecuredJWT } from 'jose';
import pg from 'pg';
import { fileURLToPath, pathToFileURL } from 'node:url';

const { values: options } = parseArgs({
  options: {
    requests: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '10' },
    websites: { type: 'string', default: '10000' },
    through: { type: 'string' },
    direct: { type: 'string', default: 'http://127.0.0.1:4000/graphql' },
    token: { type: 'string' },
  },
});
const REQUESTS = Number(options.requests);
const CONCURRENCY = Number(options.concurrency);
const WEBSITES = Number(options.websites);
const PROJECT_ID = process.env.FIREBASE_PROJECT_ID || 'demo-price-console';
const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

const LIST = `query OrganizationWebsiteList($organizationId: ID, $name: String, $limit: Int!, $offset: Int!) { organizationWebsiteList(organizationId: $organizationId, name: $name, limit: $limit, offset: $offset) { data { id name hasFeed website { id name url } organization { id name } } meta { pagination { total } } } }`;
const SEARCHES = ['alpine', 'garden', 'nordic out', 'Store CZ', 'kestrel', 'coffee'];

/** An Auth-emulator token (the benchmark's API runs in local mode with the emulator accepted). */
const emulatorToken = (uid: string) =>
  new UnsecuredJWT({ email: `${uid}@demo.test` })
    .setAudience(PROJECT_ID)
    .setIssuer(`https://securetoken.google.com/${PROJECT_ID}`)
    .setSubject(uid)
    .setIssuedAt()
    .setExpirationTime('2h')
    .encode();

/** Request i of the mix: a third first pages, a third searches, a third offset pages. */
function variables(i: number, total: number) {
  switch (i % 3) {
    case 0:
      return { limit: 500, offset: 0 };
    case 1:
      return { name: SEARCHES[i % SEARCHES.length], limit: 500, offset: 0 };
    default:
      return { limit: 50, offset: (i * 397) % Math.max(1, total - 50) };
  }
}

interface Result {
  p50: number;
  p95: number;
  rps: number;
  errors: number;
}

async function fire(url: string, token: string, total: number, requests = REQUESTS): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const one = async (i: number, record: boolean) => {
    const started = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ operationName: 'OrganizationWebsiteList', variables: variables(i, total), query: LIST }),
    });
    const body = (await response.json()) as { errors?: unknown[] };
    if (!response.ok || body.errors) errors += 1;
    if (record) latencies.push(performance.now() - started);
  };
  for (let i = 0; i < 30; i++) await one(i, false); // warm-up
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests) await one(next++, true);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { p50: at(0.5), p95: at(0.95), rps: latencies.length / seconds, errors };
}

const format = (name: string, r: Result) =>
  `${name.padEnd(28)} p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms   ${r.rps.toFixed(0).padStart(5)} req/s   errors ${r.errors}`;

async function postgresReachable() {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Starts the real server (src/main.ts) in its own process, as in production, and returns its URL. */
async function startApi(env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', TSX, MAIN, '--scale', String(WEBSITES)], {
    env: { ...process.env, APP_ENV: 'local', HOST: '127.0.0.1', PORT: '0', FIREBASE_PROJECT_ID: PROJECT_ID, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /API ready at (\S+)/.exec(output);
      if (ready) resolve(ready[1]!);
    });
    void exited.then(() => reject(new Error(`the API exited before it was ready:\n${output}`)));
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function benchEngine(engine: 'pglite' | 'postgres') {
  const dir = mkdtempSync(path.join(tmpdir(), 'console-bench-'));
  let databaseUrl = '';
  let dropDatabase = async () => {};
  if (engine === 'postgres') {
    const name = `console_bench_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: POSTGRES_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  }
  const started = performance.now();
  const api = await startApi(engine === 'postgres' ? { DATABASE_URL: databaseUrl } : { PGLITE_DIR: dir });
  try {
    console.log(`${engine}: API with ${WEBSITES} websites ready in ${((performance.now() - started) / 1000).toFixed(1)} s; ${REQUESTS} requests from ${CONCURRENCY} clients`);
    console.log(format(`${engine} admin (all orgs)`, await fire(api.url, emulatorToken('demo-admin'), WEBSITES)));
    console.log(format(`${engine} owner (own org)`, await fire(api.url, emulatorToken('demo-owner'), Math.floor(WEBSITES * 0.79))));
  } finally {
    await api.stop();
    await dropDatabase();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchThrough(through: string, direct: string) {
  const token = options.token ?? emulatorToken('demo-admin');
  const requests = Math.min(REQUESTS, 1000);
  console.log(`through ${through} vs direct ${direct}: ${requests} requests, ${CONCURRENCY} clients`);
  const viaDirect = await fire(direct, token, 600, requests);
  const viaThrough = await fire(through, token, 600, requests);
  console.log(format('direct', viaDirect));
  console.log(format('through', viaThrough));
  console.log(`ratio through/direct: p50 ${(viaThrough.p50 / viaDirect.p50).toFixed(2)}x, p95 ${(viaThrough.p95 / viaDirect.p95).toFixed(2)}x, req/s ${(viaThrough.rps / viaDirect.rps).toFixed(2)}x`);
}

await benchEngine('pglite');
if (await postgresReachable()) await benchEngine('postgres');
else console.log(`postgres: skipped (not reachable at ${POSTGRES_URL.replace(/\/\/[^@]*@/, '//')})`);
if (options.through) await benchThrough(options.through, options.direct!);
process.exit(0);
