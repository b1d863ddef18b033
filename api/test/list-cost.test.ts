/**
 * The list cost limit in the API (graphql/list-cost.ts): a query nesting lists whose limits
 * multiply past the limit is refused before any resolver runs; the console's own pages pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier } from '@console/firebase-token';
import { loadAccessControl } from '../src/access.ts';
import { createApi, type Api } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { MAX_LIST_COST } from '../src/graphql/list-cost.ts';
import { seedDemoData } from '../src/seed/demo-data.ts';
import { DEMO_USERS } from '../src/seed/demo-users.ts';
import { availableEngines } from './engines.ts';
import { gql } from './helpers.ts';
import { emulatorToken, PROJECT_ID } from './tokens.ts';

// PostgreSQL when reachable (else PGlite): the rule is the engine's business only through its reads.
const engine = (await availableEngines()).at(-1);
const ADMIN = DEMO_USERS.find((u) => u.roles.includes('Admin'))!;
const NESTED = `query Storm($id: ID!) { productFeedList(organizationWebsiteId: $id, limit: 1000, offset: 0) { data { id runs(limit: 1000) { id errors(limit: 1000) { data { line } } } } } }`;
const PAGE = `query Page($id: ID!) { productFeedList(organizationWebsiteId: $id, limit: 100, offset: 0) { data { id name runs(limit: 5) { id } } } }`;

describe(`GraphQL list cost on ${engine!.name}`, () => {
  let db: Database;
  let api: Api;
  let websiteId: string;
  let statements = 0;

  beforeAll(async () => {
    db = await engine!.open();
    await migrate(db.pool);
    await seedDemoData(db.pool, { websites: 3 });
    websiteId = (
      await db.pool.query<{ id: string }>('SELECT organization_website_id AS id FROM product_feeds ORDER BY id LIMIT 1')
    ).rows[0]!.id;
    const query = db.pool.query.bind(db.pool) as (...args: unknown[]) => unknown;
    db.pool.query = ((...args: unknown[]) => {
      statements += 1;
      return query(...args);
    }) as typeof db.pool.query;
    api = createApi({
      pool: db.pool,
      verifyToken: createTokenVerifier({ projectId: PROJECT_ID, emulator: true }),
      access: await loadAccessControl(),
      logging: false,
    });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('refuses nested lists whose limits multiply past the maximum, before any resolver reads the database', async () => {
    // Authentication reads the caller; count what happens after it.
    await gql(api, { query: '{ __typename }', token: emulatorToken(ADMIN.uid) });
    const before = statements;
    const response = await gql(api, { query: NESTED, token: emulatorToken(ADMIN.uid), variables: { id: websiteId } });
    expect(response.body.data ?? null).toBeNull();
    expect(response.body.errors).toEqual([
      expect.objectContaining({
        extensions: expect.objectContaining({ code: 'QUERY_TOO_COSTLY', max: MAX_LIST_COST }),
      }),
    ]);
    expect((response.body.errors![0]!.extensions as { cost: number }).cost).toBeGreaterThan(1_000_000_000);
    // The caller's own record (authentication) only: no resolver ran.
    expect(statements - before).toBeLessThanOrEqual(2);
  });

  it('answers a page of the console', async () => {
    const response = await gql(api, { query: PAGE, token: emulatorToken(ADMIN.uid), variables: { id: websiteId } });
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.productFeedList.data.length).toBeGreaterThan(0);
  });
});
