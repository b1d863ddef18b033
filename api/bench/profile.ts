/**
 * Where does an OrganizationWebsiteList request's time go? In-process breakdown at N websites:
 * each SQL statement alone (single client, then 10 at once), the whole request through
 * yoga.fetch (no HTTP), and the request with the database answered from memory (GraphQL
 * execution + row mapping + JSON serialization only).
 *
 *   pnpm --filter @console/api exec tsx bench/profile.ts [--engine pglite|postgres] [--websites 10000] [--rounds 200]
 */
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { UnsecuredJWT } from 'jose';
import { machineLine, openBenchDatabase } from './harness.ts';

process.env.NODE_ENV ??= 'production';
const { values: options } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pglite' },
    websites: { type: 'string', default: '10000' },
    rounds: { type: 'string', default: '200' },
  },
});
const ROUNDS = Number(options.rounds);
const { migrate } = await import('../src/db/migrate.ts');
const { seedDemoData } = await import('../src/seed/demo-data.ts');
const { createApi } = await import('../src/app.ts');
const { createTokenVerifier } = await import('@console/firebase-token');
const { loadAccessControl } = await import('../src/access.ts');

const LIST = `query OrganizationWebsiteList($organizationId: ID, $name: String, $limit: Int!, $offset: Int!) { organizationWebsiteList(organizationId: $organizationId, name: $name, limit: $limit, offset: $offset) { data { id name hasFeed website { id name url } organization { id name } } meta { pagination { total } } } }`;
const token = new UnsecuredJWT({})
  .setAudience('demo-price-console')
  .setIssuer('https://securetoken.google.com/demo-price-console')
  .setSubject('demo-admin')
  .setIssuedAt()
  .setExpirationTime('2h')
  .encode();

if (options.engine !== 'pglite' && options.engine !== 'postgres') throw new Error('--engine: pglite or postgres');
console.log(machineLine());
// A scratch database of the harness: discarded at the end and on Ctrl-C.
const { db, cleanup } = await openBenchDatabase(options.engine, 'bench_profile');
await migrate(db.pool);
await seedDemoData(db.pool, { websites: Number(options.websites) });

async function time(label: string, fn: () => Promise<unknown>, concurrency = 1) {
  for (let i = 0; i < 10; i++) await fn();
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < ROUNDS) {
        const t = performance.now();
        await fn();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const wall = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.floor(q * latencies.length)]!.toFixed(2);
  console.log(
    `${label.padEnd(52)} c=${String(concurrency).padEnd(3)} p50 ${at(0.5).padStart(7)}  p95 ${at(0.95).padStart(7)} ms  ${(latencies.length / (wall / 1000)).toFixed(0).padStart(5)}/s`,
  );
}

const {
  rows: [owner],
} = await db.pool.query("SELECT organization_id FROM app_users WHERE id = 'demo-owner'");
const verify = createTokenVerifier({ projectId: 'demo-price-console', emulator: true });
const access = await loadAccessControl();
const sql: Record<string, [string, unknown[]]> = {
  'select 1': ['SELECT 1', []],
  'app_users lookup': [
    'SELECT id, email, roles, organization_id, disabled FROM app_users WHERE id = $1',
    ['demo-admin'],
  ],
  'count(*) all': ['SELECT count(*)::int AS total FROM organization_websites ow', []],
  'count(*) own org': [
    'SELECT count(*)::int AS total FROM organization_websites ow WHERE ow.organization_id = $1::uuid',
    [owner.organization_id],
  ],
  'ids page 500 (no join)': ['SELECT ow.id FROM organization_websites ow ORDER BY ow.name, ow.id LIMIT 500', []],
  'page 500 with joins + EXISTS (current)': [
    `WITH page AS (SELECT ow.id FROM organization_websites ow ORDER BY ow.name, ow.id LIMIT 500 OFFSET 0)
    SELECT ow.id, ow.name, ow.api_key, EXISTS (SELECT 1 FROM product_feeds pf WHERE pf.organization_website_id = ow.id) AS has_feed,
    w.id AS website_id, w.name AS website_name, w.url AS website_url, o.id AS organization_id, o.name AS organization_name
    FROM organization_websites ow JOIN websites w ON w.id = ow.website_id JOIN organizations o ON o.id = ow.organization_id JOIN page ON page.id = ow.id ORDER BY ow.name, ow.id`,
    [],
  ],
  'page 500 with joins, no EXISTS, no api_key': [
    `WITH page AS (SELECT ow.id FROM organization_websites ow ORDER BY ow.name, ow.id LIMIT 500 OFFSET 0)
    SELECT ow.id, ow.name, w.id AS website_id, w.name AS website_name, w.url AS website_url, o.id AS organization_id, o.name AS organization_name
    FROM organization_websites ow JOIN websites w ON w.id = ow.website_id JOIN organizations o ON o.id = ow.organization_id JOIN page ON page.id = ow.id ORDER BY ow.name, ow.id`,
    [],
  ],
  'search page (alpine)': [
    `WITH page AS (SELECT ow.id FROM organization_websites ow WHERE ow.name ILIKE '%alpine%' ORDER BY ow.name, ow.id LIMIT 500 OFFSET 0)
    SELECT ow.id, ow.name, w.id AS website_id, w.name AS website_name, w.url AS website_url, o.id AS organization_id, o.name AS organization_name
    FROM organization_websites ow JOIN websites w ON w.id = ow.website_id JOIN organizations o ON o.id = ow.organization_id JOIN page ON page.id = ow.id ORDER BY ow.name, ow.id`,
    [],
  ],
  'search count (alpine)': [`SELECT count(*)::int FROM organization_websites ow WHERE ow.name ILIKE '%alpine%'`, []],
  'offset 5000 page 50': [
    `WITH page AS (SELECT ow.id FROM organization_websites ow ORDER BY ow.name, ow.id LIMIT 50 OFFSET 5000)
    SELECT ow.id, ow.name, w.id AS website_id, w.name AS website_name, w.url AS website_url, o.id AS organization_id, o.name AS organization_name
    FROM organization_websites ow JOIN websites w ON w.id = ow.website_id JOIN organizations o ON o.id = ow.organization_id JOIN page ON page.id = ow.id ORDER BY ow.name, ow.id`,
    [],
  ],
};
console.log(`${db.engine}, ${options.websites} websites, ${ROUNDS} rounds`);
await time('verify token', () => verify(token));
await time("access.can('home')", () => access.can('Admin', 'home', 'Read'));
for (const concurrency of [1, 10]) {
  for (const [label, [text, values]] of Object.entries(sql))
    await time(`sql: ${label}`, () => db.pool.query(text, values), concurrency);
}

const api = createApi({ pool: db.pool, verifyToken: verify, access, logging: false });
const kinds: Record<string, Record<string, unknown>> = {
  'picker (500, offset 0)': { limit: 500, offset: 0 },
  'search (alpine, 500)': { name: 'alpine', limit: 500, offset: 0 },
  'offset page (50 @ 5000)': { limit: 50, offset: 5000 },
};
const request = (variables: Record<string, unknown>, a = api) =>
  Promise.resolve(
    a.fetch('http://api.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ operationName: 'OrganizationWebsiteList', query: LIST, variables }),
    }),
  ).then((r) => r.text());
// Each request once more through a pool that times its queries: the database's share of a request.
const spent = new Map<string, { ms: number; n: number }>();
const timedPool = new Proxy(db.pool, {
  get(target, property) {
    if (property !== 'query') return Reflect.get(target, property);
    return async (text: unknown, values?: unknown[]) => {
      const started = performance.now();
      try {
        return await target.query(text as string, values);
      } finally {
        const sql = (
          typeof text === 'object'
            ? ((text as { name?: string; text: string }).name ?? (text as { text: string }).text)
            : String(text)
        )
          .replace(/\s+/g, ' ')
          .slice(0, 60);
        const entry = spent.get(sql) ?? { ms: 0, n: 0 };
        entry.ms += performance.now() - started;
        entry.n += 1;
        spent.set(sql, entry);
      }
    };
  },
});
const timedApi = createApi({ pool: timedPool, verifyToken: verify, access, logging: false });
for (const [label, variables] of Object.entries(kinds)) {
  spent.clear();
  await time(`yoga.fetch ${label}`, () => request(variables, timedApi));
  for (const [sql, { ms, n }] of spent) console.log(`   db ${(ms / n).toFixed(2).padStart(6)} ms/request  ${sql}`);
}
for (const [label, variables] of Object.entries(kinds)) await time(`yoga.fetch ${label}`, () => request(variables), 10);

// The same requests with every query answered from memory: what is left is GraphQL + mapping + JSON.
const answers = new Map<string, pg.QueryResult>();
const memoryPool = {
  async query(text: unknown, values?: unknown[]) {
    const key = JSON.stringify([
      typeof text === 'object' ? (text as { text: string }).text : text,
      values ?? (text as { values?: unknown[] }).values,
    ]);
    let answer = answers.get(key);
    if (!answer) answers.set(key, (answer = await db.pool.query(text as string, values)));
    return answer;
  },
} as unknown as pg.Pool;
const memoryApi = createApi({ pool: memoryPool, verifyToken: verify, access, logging: false });
for (const [label, variables] of Object.entries(kinds))
  await time(`no-db yoga.fetch ${label}`, () => request(variables, memoryApi));
const body = await request(kinds['picker (500, offset 0)']!);
console.log(`picker response: ${body.length} bytes`);
await time('JSON.parse of the picker response', async () => JSON.parse(body));

await cleanup();
process.exit(0);
