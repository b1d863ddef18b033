/**
 * Benchmark of the website picker's list (OrganizationWebsiteList) at 10,000 websites.
 *
 *   pnpm --filter @console/api exec tsx bench/websites.ts [--worker] [--requests 1500] [--concurrency 10]
 *        [--websites 10000] [--engine pglite|postgres|both]
 *        [--through http://127.0.0.1:8787/graphql [--direct http://127.0.0.1:4000/graphql]] [--client raw|node-http|fetch]
 *        [--profile DIR] [--warmup 3000]
 *
 * For each engine (PGlite in a temporary directory; PostgreSQL in a scratch database when
 * reachable) it starts the real server (src/main.ts --scale N, NODE_ENV=production) in its own
 * process on a free port and fires the request mix below from concurrent clients (a closed
 * loop: each client sends its next request when the previous answer has been read). It prints
 * p50, p95 and requests per second of the mix and the p95 of each kind of request, for the Admin
 * (all organizations) and an Owner (own organization), each after 30 sequential requests.
 *
 * Before those, the first --warmup requests after the server started (the Admin's mix, from
 * the same concurrent clients) are measured and printed as a line of their own: the first 3,000
 * requests after a start measured 50-70 % more server CPU per request than the ones after them,
 * and the clients' share doubled (likely both processes' JavaScript, and PGlite's WebAssembly,
 * still in their first compilation tiers). The Admin's and Owner's lines are the running service.
 *
 * With --worker it also starts the edge worker (wrangler dev on 127.0.0.1:8899, needs web/dist:
 * `pnpm --filter @console/web build`) in front of each engine's API and measures the Admin's mix
 * directly and through the worker with the same token (an unsigned Auth-emulator token, which
 * the local worker and API accept), and prints the ratio. The worker is stopped afterwards.
 * With --through URL it measures an already running deployment instead (and --direct URL).
 * With --profile DIR the API process writes its V8 CPU profile (.cpuprofile) into DIR when it stops.
 *
 * The mix (request i of the run, i counted from 0):
 *   i % 3 == 0  picker   the header's website picker as the console sends it on every page:
 *                        limit 500, offset 0, no name
 *   i % 3 == 1  search   a name search in the picker, limit 500, one of SEARCHES in turn
 *   i % 3 == 2  offset   a 50-row page at an offset spread over the whole list
 * Every response is checked: HTTP 200, a body with data and without errors.
 *
 * With each line it prints the CPU time the server side spent per request (the API process and
 * its children, i.e. the PGlite process, from /proc; on PostgreSQL the server's own backends are
 * not counted): on a busy machine latency depends on what else runs, this much less. It also
 * prints this process's own CPU per request: the clients share the machine's cores with the
 * server, and with 10 clients in a closed loop the latency is the queue in front of those cores
 * (latency = clients / throughput), so what the clients spend shows in the figures.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { UnsecuredJWT } from 'jose';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { POSTGRES_ADMIN_URL, postgresReachable, scratchDatabase, undoneOnSignal } from './harness.ts';

const { values: options } = parseArgs({
  options: {
    requests: { type: 'string', default: '1500' },
    concurrency: { type: 'string', default: '10' },
    websites: { type: 'string', default: '10000' },
    engine: { type: 'string', default: 'both' },
    worker: { type: 'boolean', default: false },
    'worker-port': { type: 'string', default: '8899' },
    through: { type: 'string' },
    direct: { type: 'string', default: 'http://127.0.0.1:4000/graphql' },
    token: { type: 'string' },
    client: { type: 'string', default: 'raw' },
    profile: { type: 'string' },
    warmup: { type: 'string', default: '3000' },
  },
});
const CLIENT = options.client === 'fetch' || options.client === 'node-http' ? options.client : 'raw';
const REQUESTS = Number(options.requests);
const CONCURRENCY = Number(options.concurrency);
const IDLE_SAMPLE_MS = 1_000;
const WARMUP = Number(options.warmup);
const WEBSITES = Number(options.websites);
const PROJECT_ID = process.env.FIREBASE_PROJECT_ID || 'demo-price-console';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

const LIST = `query OrganizationWebsiteList($organizationId: ID, $name: String, $limit: Int!, $offset: Int!) { organizationWebsiteList(organizationId: $organizationId, name: $name, limit: $limit, offset: $offset) { data { id name hasFeed website { id name url } organization { id name } } meta { pagination { total } } } }`;
const SEARCHES = ['alpine', 'garden', 'nordic out', 'Store CZ', 'kestrel', 'coffee'];
const KINDS = ['picker', 'search', 'offset'] as const;
type Kind = (typeof KINDS)[number];

/** An Auth-emulator token (the benchmark's API runs in local mode with the emulator accepted). */
const emulatorToken = (uid: string) =>
  new UnsecuredJWT({ email: `${uid}@demo.test` })
    .setAudience(PROJECT_ID)
    .setIssuer(`https://securetoken.google.com/${PROJECT_ID}`)
    .setSubject(uid)
    .setIssuedAt()
    .setExpirationTime('2h')
    .encode();

/** Request i of the mix (see the header). */
function request(i: number, total: number): { kind: Kind; variables: Record<string, unknown> } {
  const kind = KINDS[i % 3]!;
  if (kind === 'picker') return { kind, variables: { limit: 500, offset: 0 } };
  if (kind === 'search')
    return { kind, variables: { name: SEARCHES[Math.floor(i / 3) % SEARCHES.length], limit: 500, offset: 0 } };
  return { kind, variables: { limit: 50, offset: (i * 397) % Math.max(1, total - 50) } };
}

interface Stats {
  p50: number;
  p95: number;
  n: number;
}
interface Result {
  /** Server-side CPU milliseconds per request (API process tree), when known. */
  cpuPerRequest?: number;
  /** The API process's own share of it (the rest is its children: the PGlite process). */
  apiCpuPerRequest?: number;
  /** The server's CPU use in the second before the run, in % of one core (background work). */
  idleCpuPercent?: number;
  /** This process's CPU milliseconds per request (the clients share the machine's cores with the server). */
  clientCpuPerRequest: number;
  mix: Stats;
  kinds: Record<Kind, Stats>;
  rps: number;
  errors: number;
}

function stats(latencies: number[]): Stats {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), n: sorted.length };
}

/**
 * One POST, its whole body read (as bytes), on a keep-alive connection of its own client.
 *   raw (default)  HTTP/1.1 written and read on a plain socket: the request line and headers,
 *                  the answer's status, Content-Length or chunked body. The lightest client: the
 *                  clients share the machine's two cores with the server, and what they spend
 *                  shows in the latency measured (with 10 clients in a closed loop the latency is
 *                  the queue in front of those cores), as a load generator on its own machine
 *                  would not. Measured here: ~0.2 ms of CPU per request.
 *   node-http      node:http with a keep-alive agent: ~0.5-0.9 ms per request.
 *   fetch          fetch (undici): ~1.5 ms per request.
 * Every client reads every byte of the answer.
 */
const agents = new Map<string, http.Agent>();
const ANSWER_START = Buffer.from('{"data":{"organizationWebsiteList":');
const ERRORS_KEY = Buffer.from('"errors":');
async function post(url: string, token: string, body: string): Promise<{ status: number; body: Buffer }> {
  const target = new URL(url);
  if (CLIENT === 'fetch' || target.protocol !== 'http:') {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    });
    return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
  }
  if (CLIENT === 'raw') return rawPost(target, token, body);
  let agent = agents.get(target.host);
  if (!agent) agents.set(target.host, (agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })));
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Idle keep-alive sockets per host (one per client at most: a client waits for its answer). */
const idleSockets = new Map<string, net.Socket[]>();
const HEAD_END = Buffer.from('\r\n\r\n');
const LAST_CHUNK = Buffer.from('\r\n0\r\n\r\n');

/** A chunked body without trailers, decoded. */
function unchunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; ; ) {
    const lineEnd = data.indexOf('\r\n', at);
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!(size > 0)) return Buffer.concat(parts);
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

function rawPost(target: URL, token: string, body: string): Promise<{ status: number; body: Buffer }> {
  let idle = idleSockets.get(target.host);
  if (!idle) idleSockets.set(target.host, (idle = []));
  const socket = idle.pop() ?? net.connect({ host: target.hostname, port: Number(target.port) || 80, noDelay: true });
  const path = target.pathname + target.search;
  const request = `POST ${path} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: application/json\r\nAuthorization: Bearer ${token}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  return new Promise((resolve, reject) => {
    let data: Buffer = Buffer.alloc(0);
    let head: { status: number; bodyStart: number; length: number | null; keepAlive: boolean } | null = null;
    const finish = (error: Error | null, answer?: { status: number; body: Buffer }) => {
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('close', onClose);
      if (error) {
        socket.destroy();
        reject(error);
        return;
      }
      if (head!.keepAlive) idle.push(socket);
      else socket.end();
      resolve(answer!);
    };
    const onData = (chunk: Buffer) => {
      data = data.length ? Buffer.concat([data, chunk]) : chunk;
      if (!head) {
        const end = data.indexOf(HEAD_END);
        if (end < 0) return;
        const text = data.subarray(0, end).toString('latin1');
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
        head = {
          status: Number(text.slice(9, 12)),
          bodyStart: end + 4,
          length: length ? Number(length[1]) : null,
          keepAlive: !/\r\nconnection:\s*close/i.test(text),
        };
        if (!length && !/\r\ntransfer-encoding:\s*chunked/i.test(text))
          return finish(new Error(`an answer without Content-Length or chunked body: ${text}`));
      }
      if (head.length !== null) {
        if (data.length - head.bodyStart >= head.length)
          finish(null, { status: head.status, body: data.subarray(head.bodyStart, head.bodyStart + head.length) });
      } else if (
        data.subarray(data.length - LAST_CHUNK.length).equals(LAST_CHUNK) ||
        data.length - head.bodyStart === 5
      ) {
        finish(null, { status: head.status, body: unchunk(data.subarray(head.bodyStart)) });
      }
    };
    const onError = (error: Error) => finish(error);
    const onClose = () => finish(new Error('the connection closed before the answer was complete'));
    socket.on('data', onData);
    socket.on('error', onError);
    socket.on('close', onClose);
    socket.write(request);
  });
}

/** A process's parent and CPU time used so far in ms (Linux /proc), or null when it is gone. */
function procStat(pid: number | string): { parent: number; cpuMs: number } | null {
  const tick = 10; // USER_HZ is 100 on Linux
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { parent: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * tick };
  } catch {
    return null;
  }
}

/** CPU time (ms) used so far by one process (0 when unknown). */
const ownCpuMs = (pid: number): number => procStat(pid)?.cpuMs ?? 0;

/** CPU time (ms) used so far by a process and its descendants (Linux /proc; 0 elsewhere). */
function treeCpuMs(pid: number): number {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  const parents = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const entry of entries) {
    const stat = procStat(entry);
    if (!stat) continue; // gone
    parents.set(Number(entry), stat.parent);
    cpu.set(Number(entry), stat.cpuMs);
  }
  const inTree = (candidate: number): boolean => {
    for (let at: number | undefined = candidate; at && at > 1; at = parents.get(at)) if (at === pid) return true;
    return false;
  };
  let total = 0;
  for (const [candidate, ms] of cpu) if (inTree(candidate)) total += ms;
  return total;
}

/**
 * Fires requests `first` .. `first + requests - 1` of the mix (after 30 sequential ones beyond
 * that range, unmeasured): runs over disjoint ranges ask for disjoint offset pages, so no run is
 * answered from what another one's pages left kept.
 */
async function fire(
  url: string,
  token: string,
  total: number,
  requests = REQUESTS,
  serverPid?: number,
  first = 0,
): Promise<Result> {
  const latencies: Record<Kind, number[]> = { picker: [], search: [], offset: [] };
  let errors = 0;
  let firstError = '';
  let next = 0;
  const one = async (i: number, record: boolean) => {
    const { kind, variables } = request(i, total);
    const started = performance.now();
    const response = await post(
      url,
      token,
      JSON.stringify({ operationName: 'OrganizationWebsiteList', variables, query: LIST }),
    );
    if (record) latencies[kind].push(performance.now() - started);
    // Checked after the clock stops (the client's JSON parsing is not the server's latency).
    const { status, body } = response;
    // Checked on the bytes (the same test as on the decoded text, without decoding 165 kB per answer).
    if (status !== 200 || !body.subarray(0, ANSWER_START.length).equals(ANSWER_START) || body.includes(ERRORS_KEY)) {
      errors += 1;
      firstError ||= `${status} ${body.subarray(0, 200).toString('utf8')}`;
    }
  };
  // What the server spends with no request at all (background work competing with the run).
  const idleFrom = serverPid ? treeCpuMs(serverPid) : 0;
  if (serverPid) await new Promise((resolve) => setTimeout(resolve, IDLE_SAMPLE_MS));
  const idleCpuPercent = serverPid ? ((treeCpuMs(serverPid) - idleFrom) / IDLE_SAMPLE_MS) * 100 : undefined;
  for (let i = 0; i < 30; i++) await one(first + requests + i, false);
  const cpuBefore = serverPid ? treeCpuMs(serverPid) : 0;
  const apiCpuBefore = serverPid ? ownCpuMs(serverPid) : 0;
  const clientCpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests) await one(first + next++, true);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuPerRequest = serverPid ? (treeCpuMs(serverPid) - cpuBefore) / requests : undefined;
  const apiCpuPerRequest = serverPid ? (ownCpuMs(serverPid) - apiCpuBefore) / requests : undefined;
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const clientCpuPerRequest = (clientCpu.user + clientCpu.system) / 1000 / requests;
  if (firstError) console.log(`  first error: ${firstError}`);
  const all = [...latencies.picker, ...latencies.search, ...latencies.offset];
  return {
    mix: stats(all),
    kinds: { picker: stats(latencies.picker), search: stats(latencies.search), offset: stats(latencies.offset) },
    rps: all.length / seconds,
    errors,
    clientCpuPerRequest,
    ...(cpuPerRequest !== undefined ? { cpuPerRequest, apiCpuPerRequest, idleCpuPercent } : {}),
  };
}

const ms = (value: number) => value.toFixed(1).padStart(6);
const format = (name: string, r: Result) =>
  `${name.padEnd(30)} mix p50 ${ms(r.mix.p50)} ms  p95 ${ms(r.mix.p95)} ms  ${r.rps.toFixed(0).padStart(5)} req/s  errors ${r.errors}   ` +
  `p95 picker ${ms(r.kinds.picker.p95)}  search ${ms(r.kinds.search.p95)}  offset ${ms(r.kinds.offset.p95)} ms` +
  (r.cpuPerRequest !== undefined
    ? `   server CPU ${r.cpuPerRequest.toFixed(2)} ms/req (API ${r.apiCpuPerRequest!.toFixed(2)}; ${r.idleCpuPercent!.toFixed(0)} % of a core before the run)`
    : '') +
  `   client CPU ${r.clientCpuPerRequest.toFixed(2)} ms/req`;
const ratio = (through: Result, direct: Result) =>
  `ratio through/direct: p50 ${(through.mix.p50 / direct.mix.p50).toFixed(2)}x, p95 ${(through.mix.p95 / direct.mix.p95).toFixed(2)}x, ` +
  `req/s ${(through.rps / direct.rps).toFixed(2)}x; added p50 ${(through.mix.p50 - direct.mix.p50).toFixed(1)} ms, p95 ${(through.mix.p95 - direct.mix.p95).toFixed(1)} ms`;

/**
 * Stops a child started with `detached: true`: SIGTERM to the child itself (the API then closes
 * its PGlite process cleanly) or to its whole process group (`group`, for wrangler and the
 * workerd it starts), and after 10 s SIGKILL to the group.
 */
async function stopGroup(child: ChildProcess, exited: Promise<unknown>, group = true) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (group) process.kill(-child.pid!, 'SIGTERM');
    else child.kill('SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      /* gone */
    }
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

/** Starts the real server (src/main.ts) in its own process, as in production, and returns its URL. */
async function startApi(env: Record<string, string>): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      ...(options.profile ? ['--cpu-prof', `--cpu-prof-dir=${options.profile}`] : []),
      '--import',
      TSX,
      MAIN,
      '--scale',
      String(WEBSITES),
    ],
    {
      env: {
        ...process.env,
        APP_ENV: 'local',
        HOST: '127.0.0.1',
        PORT: '0',
        FIREBASE_PROJECT_ID: PROJECT_ID,
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        NODE_ENV: 'production',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    },
  );
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
  return { url, pid: child.pid!, stop: undoneOnSignal(() => stopGroup(child, exited, false)) };
}

/** Starts the edge worker (wrangler dev) in front of `upstream` and waits until it answers. */
async function startWorker(upstream: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = options['worker-port']!;
  const wrangler = path.join(REPO, 'edge/node_modules/.bin/wrangler');
  const child = spawn(
    wrangler,
    [
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      port,
      '--var',
      `GRAPHQL_UPSTREAM:${upstream}`,
      '--var',
      'FIREBASE_AUTH_EMULATOR_HOST:127.0.0.1:9099',
    ],
    {
      cwd: REPO,
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: 'false',
        WRANGLER_SEND_ERROR_REPORTS: 'false',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        WRANGLER_HIDE_BANNER: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}/graphql`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited:\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/config.json`);
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stopGroup(child, exited);
      throw new Error(`wrangler dev did not answer within 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { url, stop: undoneOnSignal(() => stopGroup(child, exited)) };
}

async function benchEngine(engine: 'pglite' | 'postgres') {
  const scratch = await scratchDatabase(engine, 'console_bench');
  const started = performance.now();
  const api = await startApi(scratch.env);
  let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
  try {
    console.log(
      `${engine}: API with ${WEBSITES} websites ready in ${((performance.now() - started) / 1000).toFixed(1)} s; ${REQUESTS} requests from ${CONCURRENCY} clients (${CLIENT})${process.env.LIST_CACHE === 'off' ? ', LIST_CACHE=off' : ''}`,
    );
    const admin = emulatorToken('demo-admin');
    if (WARMUP > 0)
      console.log(
        format(
          `${engine} first ${WARMUP} (admin)`,
          await fire(api.url, admin, WEBSITES, WARMUP, api.pid, REQUESTS + 30),
        ),
      );
    const direct = await fire(api.url, admin, WEBSITES, REQUESTS, api.pid);
    console.log(format(`${engine} admin (all orgs)`, direct));
    console.log(
      format(
        `${engine} owner (own org)`,
        await fire(api.url, emulatorToken('demo-owner'), Math.floor(WEBSITES * 0.79), REQUESTS, api.pid),
      ),
    );
    if (options.worker) {
      worker = await startWorker(api.url);
      // Its own range of the mix: pages the direct run left kept would answer it otherwise.
      const through = await fire(worker.url, admin, WEBSITES, REQUESTS, undefined, 2 * (REQUESTS + 30) + WARMUP);
      console.log(format(`${engine} admin through worker`, through));
      console.log(`${engine} ${ratio(through, direct)}`);
    }
  } finally {
    await worker?.stop();
    await api.stop();
    await scratch.discard();
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
  console.log(ratio(viaThrough, viaDirect));
}

if (options.engine === 'both' || options.engine === 'pglite') await benchEngine('pglite');
if (options.engine === 'both' || options.engine === 'postgres') {
  if (await postgresReachable()) await benchEngine('postgres');
  else console.log(`postgres: skipped (not reachable at ${POSTGRES_ADMIN_URL.replace(/\/\/[^@]*@/, '//')})`);
}
if (options.through) await benchThrough(options.through, options.direct!);
process.exit(0);
