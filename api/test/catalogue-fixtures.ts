/**
 * What the catalogue suites (websites-admin, competitors, products, aggregators, support) share:
 * a migrated, demo-seeded database on one engine, the API over it, a call per demo user, and
 * the demo websites that carry the demo catalogue.
 */
import type { Pool } from 'pg';
import { createTokenVerifier } from '@console/firebase-token';
import { loadAccessControl } from '../src/access.ts';
import { createApi, type Api } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/seed/demo-data.ts';
import { DEMO_USERS, type DemoUser } from '../src/seed/demo-users.ts';
import type { TestEngine } from './engines.ts';
import { gql } from './helpers.ts';
import { emulatorToken, PROJECT_ID } from './tokens.ts';

export const ADMIN = DEMO_USERS.find((u) => u.roles.includes('Admin'))!;
export const byRole = (role: string) => DEMO_USERS.find((u) => u.roles[0] === role)!;
export const MEMBERS = DEMO_USERS.filter((u) => u !== ADMIN);
/** Owner and Editor (treated as Owner) of northwind. */
export const OWNERS = MEMBERS.filter((u) => ['Owner', 'Editor'].includes(u.roles[0]!));
/** Viewer (bohemia) and User (northwind). */
export const READERS_ONLY = MEMBERS.filter((u) => ['Viewer', 'User'].includes(u.roles[0]!));
export const roleCases = (users: readonly DemoUser[]) => users.map((u) => [u.roles[0]!, u] as const);

export interface CatalogueWorld {
  db: Database;
  api: Api;
  pool: Pool;
  orgs: Record<string, string>;
  /** The first website (name order) of each demo organization: they carry the demo catalogue. */
  site: Record<'northwind' | 'bohemia' | 'danube', string>;
  call(uid: string, query: string, variables?: Record<string, unknown>): ReturnType<typeof gql>;
  close(): Promise<void>;
}

export async function openCatalogueWorld(engine: TestEngine): Promise<CatalogueWorld> {
  // Migrated and seeded once per run, copied for each world (templates.ts).
  const db = await engine.openPrepared('catalogue_world', async (pool) => {
    await migrate(pool);
    await seedDemoData(pool, { websites: 200 });
  });
  const api = createApi({
    pool: db.pool,
    verifyToken: createTokenVerifier({ projectId: PROJECT_ID, emulator: true }),
    access: await loadAccessControl(),
    logging: false,
  });
  const { rows } = await db.pool.query(
    `SELECT o.slug, o.id, (SELECT ow.id FROM organization_websites ow WHERE ow.organization_id = o.id ORDER BY ow.name, ow.id LIMIT 1) AS site FROM organizations o`,
  );
  return {
    db,
    api,
    pool: db.pool,
    orgs: Object.fromEntries(rows.map((r) => [r.slug, r.id])),
    site: Object.fromEntries(rows.map((r) => [r.slug, r.site])) as CatalogueWorld['site'],
    call: (uid, query, variables = {}) => gql(api, { query, token: emulatorToken(uid), variables }),
    close: () => db.close(),
  };
}

/** The organization a demo user belongs to, and one it does not. */
export const ownSlug = (user: DemoUser) => user.organization as 'northwind' | 'bohemia' | 'danube';
export const otherSlug = (user: DemoUser) =>
  (user.organization === 'bohemia' ? 'northwind' : 'bohemia') as 'northwind' | 'bohemia';
