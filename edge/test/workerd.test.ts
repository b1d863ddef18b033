/**
 * The real thing, offline: the local worker bundle (`wrangler deploy --dry-run`, as wrangler dev
 * builds it) running in workerd through miniflare, with R2's local simulation persisted to a
 * directory (what `wrangler dev --persist-to` does) and a fake API answering AppUser. Catches what
 * Node-based tests cannot: modules the runtime lacks, the text rules, R2's actual behaviour.
 */
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsignedToken } from './tokens.ts';
import { readWranglerToml, section, TEST_EDGE_SECRET, WRANGLER_TOML } from './wrangler-env.ts';

const toml = readWranglerToml();
const local = section(toml, 'local');
/** The X-Edge-Secret header of each call the fake API got. */
const secretsSeen: (string | undefined)[] = [];
const work = mkdtempSync(join(tmpdir(), 'edge-workerd-'));
const persist = join(work, 'state');
const token = (uid: string) => unsignedToken('demo-price-console', { sub: uid });
const ADMIN = token('admin-1');
const USER = token('user-1');
let api: Server;
let apiUrl: string;
let mf: Miniflare;

/** The worker with [env.local]'s settings plus `bindings` (the top level's, {}, when `topLevel`). */
function startWorker(bindings: Record<string, string> = {}, topLevel = false): Miniflare {
  return new Miniflare({
    modules: true,
    scriptPath: join(work, 'out', 'index.js'),
    modulesRoot: join(work, 'out'),
    modulesRules: [{ type: 'Text', include: ['**/*.conf', '**/*.csv'] }],
    compatibilityDate: toml.compatibility_date as string,
    compatibilityFlags: toml.compatibility_flags as string[],
    bindings: topLevel ? { ...toml.vars, ...bindings } : { ...local.vars, GRAPHQL_UPSTREAM: apiUrl, ...bindings },
    r2Buckets: Object.fromEntries(
      ((topLevel ? toml : local).r2_buckets ?? []).map((bucket) => [bucket.binding, bucket.bucket_name]),
    ),
    r2Persist: persist,
    serviceBindings: { ASSETS: () => new Response('asset') },
  });
}

beforeAll(async () => {
  const assets = join(work, 'dist');
  mkdirSync(assets);
  writeFileSync(join(assets, 'index.html'), '<!doctype html>');
  await promisify(execFile)(
    process.execPath,
    [
      fileURLToPath(new URL('../node_modules/wrangler/bin/wrangler.js', import.meta.url)),
      'deploy',
      '--dry-run',
      '--env',
      'local',
      '--outdir',
      join(work, 'out'),
      '--assets',
      assets,
      '--config',
      WRANGLER_TOML,
    ],
    {
      cwd: dirname(WRANGLER_TOML),
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: 'false',
        WRANGLER_SEND_ERROR_REPORTS: 'false',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        WRANGLER_HIDE_BANNER: 'true',
        NO_COLOR: '1',
        WRANGLER_LOG_PATH: join(work, 'logs'),
      },
    },
  );
  api = createServer((request, response) => {
    secretsSeen.push(request.headers['x-edge-secret'] as string | undefined);
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const userId = (JSON.parse(body) as { variables: { userId: string } }).variables.userId;
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({ data: { appUser: { id: userId, roles: userId === 'admin-1' ? ['Admin'] : ['User'] } } }),
      );
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}/graphql`;
  // Local may set the secret too (dev and production must): then every call to the API carries it.
  mf = startWorker({ EDGE_SHARED_SECRET: TEST_EDGE_SECRET });
  await mf.ready;
}, 90_000);

afterAll(async () => {
  await mf?.dispose();
  await new Promise<void>((resolve) => (api ? api.close(() => resolve()) : resolve()));
  rmSync(work, { recursive: true, force: true });
});

const call = (path: string, init: { method?: string; token?: string; body?: string } = {}) =>
  mf.dispatchFetch(`http://127.0.0.1:8787${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: init.body,
  });

describe('the local worker in workerd with R2 on disk', { timeout: 30_000 }, () => {
  it("refuses a User's write (403) and stores an Admin's language file", async () => {
    const refused = await call('/storage/public/o?name=languages/sk.json', {
      method: 'POST',
      token: USER,
      body: '{"hello":"Ahoj"}',
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('storage/unauthorized');
    const stored = await call('/storage/public/o?name=languages/sk.json', {
      method: 'POST',
      token: ADMIN,
      body: '{"hello":"Ahoj"}',
    });
    expect(stored.status).toBe(200);
    expect(await stored.json()).toMatchObject({ name: 'languages/sk.json', size: 16, contentType: 'application/json' });
    // Both role look-ups reached the API with the edge's secret.
    expect(secretsSeen.length).toBeGreaterThanOrEqual(2);
    expect(secretsSeen.every((secret) => secret === TEST_EDGE_SECRET)).toBe(true);
  });

  it('serves it to anyone, lists it, and refuses bad input', async () => {
    const media = await call('/storage/public/o/languages%2Fsk.json?alt=media');
    expect(media.status).toBe(200);
    expect(await media.json()).toEqual({ hello: 'Ahoj' });
    const list = await call('/storage/public/o?prefix=languages/&delimiter=/');
    expect(((await list.json()) as { items: { name: string }[] }).items.map((item) => item.name)).toEqual([
      'languages/sk.json',
    ]);
    expect((await call('/storage/main/o?maxResults=1001', { token: USER })).status).toBe(400);
    expect((await call('/storage/main/o?name=a.json', { method: 'POST', token: ADMIN, body: '{bad' })).status).toBe(
      400,
    );
    expect((await call('/storage/main/o')).status).toBe(401);
  });

  it('keeps objects on disk across restarts, then deletes them (204, then 404)', async () => {
    await mf.dispose();
    mf = startWorker({ EDGE_SHARED_SECRET: TEST_EDGE_SECRET });
    await mf.ready;
    expect((await call('/storage/public/o/languages%2Fsk.json', { token: USER })).status).toBe(200);
    expect((await call('/storage/public/o/languages%2Fsk.json', { method: 'DELETE', token: ADMIN })).status).toBe(204);
    const gone = await call('/storage/public/o/languages%2Fsk.json', { method: 'DELETE', token: ADMIN });
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: { code: string } }).error.code).toBe('storage/object-not-found');
  });
});

describe("wrangler.toml's top level in workerd", { timeout: 30_000 }, () => {
  it('refuses to serve anything (500 MISCONFIGURED): it is no environment', async () => {
    const topLevel = startWorker({}, true);
    try {
      await topLevel.ready;
      for (const path of ['/config.json', '/', '/graphql']) {
        const response = await topLevel.dispatchFetch(`http://127.0.0.1:8787${path}`, {
          method: path === '/graphql' ? 'POST' : 'GET',
        });
        expect(response.status).toBe(500);
        const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
        expect(body.errors[0]!.extensions.code).toBe('MISCONFIGURED');
        expect(body.errors[0]!.message).toMatch(/no APP_ENV.*--env local, dev or production/);
      }
    } finally {
      await topLevel.dispose();
    }
  });
});
