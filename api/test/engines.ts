/**
 * The database engines the suite runs on: PGlite (always, in its own process and a temporary
 * directory) and PostgreSQL when one is reachable (DATABASE_URL, else 127.0.0.1:5432 as
 * postgres), in a fresh uniquely named database that is dropped afterwards.
 */
import { openDatabase, type Database, type Engine } from '../src/db/database.ts';
import { createScratchDatabase, POSTGRES_ADMIN_URL, postgresReachable } from '../src/db/scratch.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedDemoData } from '../src/seed/demo-data.ts';
import { type Build, openPrepared } from './templates.ts';

export interface TestEngine {
  name: Engine;
  /** An empty database. */
  open(): Promise<Database>;
  /**
   * A database holding what `build` makes, copied from the run's template `key` (templates.ts):
   * `build` runs once per run and key, so it must make the same thing every time.
   */
  openPrepared(key: string, build: Build): Promise<Database>;
}

function engine(name: Engine, prefix: string): TestEngine {
  return {
    name,
    async open() {
      // A fresh PGlite directory costs its initdb at every start (most of a start's 30 s at a load
      // of 10); a copy of one made for the run's first file is the same empty database.
      if (name === 'pglite') return openPrepared(name, prefix, 'empty', async () => undefined);
      const scratch = await createScratchDatabase(name, prefix);
      const db = await openDatabase({ databaseUrl: scratch.url, pgliteDir: scratch.dir }).catch(async (error) => {
        await scratch.discard();
        throw error;
      });
      return {
        ...db,
        close: async () => {
          await db.close();
          await scratch.discard();
        },
      };
    },
    openPrepared: (key, build) => openPrepared(name, prefix, key, build),
  };
}

const pglite = engine('pglite', 'console_api_pglite');
const postgres = engine('postgres', 'console_api_test');

/** Resolved once per test file (top-level await), for describe.each. */
export async function availableEngines(): Promise<TestEngine[]> {
  if (await postgresReachable()) return [pglite, postgres];
  console.warn(
    `PostgreSQL not reachable at ${POSTGRES_ADMIN_URL.replace(/\/\/[^@]*@/, '//')}: the PostgreSQL runs are skipped.`,
  );
  return [pglite];
}

/** A migrated database, copied from the run's template (templates.ts). */
export function openMigrated(engine: TestEngine): Promise<Database> {
  return engine.openPrepared('migrated', async (pool) => {
    await migrate(pool);
  });
}

/** A migrated database holding the demo data with `websites` websites (seedDemoData), copied from the run's template. */
export function openDemo(engine: TestEngine, websites: number): Promise<Database> {
  return engine.openPrepared(`demo_${websites}`, async (pool) => {
    await migrate(pool);
    await seedDemoData(pool, { websites });
  });
}
