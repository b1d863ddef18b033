/**
 * Prepared databases, built once per `vitest run` and copied for each test file that asks: a
 * PostgreSQL database cloned with `CREATE DATABASE ... TEMPLATE`, a PGlite data directory copied
 * as files. Starting PGlite on an empty directory (its initdb), migrating and seeding the demo
 * data took most of an API test file's time; a copy costs a fraction of it.
 *
 * global-setup.ts names a folder for the run (CONSOLE_TEST_TEMPLATES); the first file that asks
 * for a template builds it there under a lock (a directory made atomically), the others wait for
 * it. Without that folder (a file run outside this configuration) each call builds its own.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type Engine } from '../src/db/database.ts';
import { createScratchDirectory, POSTGRES_ADMIN_URL } from '../src/db/scratch.ts';

export const TEMPLATES_ENV = 'CONSOLE_TEST_TEMPLATES';
const TEMPLATE_PREFIX = 'console_api_tpl';

/** The names of a run's PostgreSQL templates begin with this. */
export const templatePrefixOf = (runDir: string) =>
  `${TEMPLATE_PREFIX}_${createHash('sha1').update(runDir).digest('hex').slice(0, 12)}_`;

export type Build = (pool: pg.Pool) => Promise<void>;

async function onAdmin(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

function urlOf(name: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `make` once per run and key, whichever process asks first; the others wait until it is done. */
async function once(runDir: string, key: string, make: () => Promise<void>): Promise<void> {
  const ready = path.join(runDir, `${key}.ready`);
  const lock = path.join(runDir, `${key}.lock`);
  for (;;) {
    if (existsSync(ready)) return;
    try {
      mkdirSync(lock);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      if (!existsSync(ready)) {
        await make();
        writeFileSync(ready, '');
      }
      return;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

async function buildOrClose(db: Database, build: Build): Promise<void> {
  try {
    await build(db.pool);
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** A scratch database of `engine` holding what `build` made (a copy of the run's template `key`). */
export async function openPrepared(engine: Engine, prefix: string, key: string, build: Build): Promise<Database> {
  if (!/^[a-z][a-z0-9_]*$/.test(key)) throw new Error(`template key '${key}': lower-case letters, digits, underscores`);
  const runDir = process.env[TEMPLATES_ENV];
  return engine === 'pglite' ? openPglite(runDir, prefix, key, build) : openPostgres(runDir, prefix, key, build);
}

async function openPglite(runDir: string | undefined, prefix: string, key: string, build: Build): Promise<Database> {
  const directory = createScratchDirectory(prefix.replaceAll('_', '-'));
  try {
    if (runDir) {
      const template = path.join(runDir, `pglite_${key}`);
      await once(runDir, `pglite_${key}`, async () => {
        const db = await openDatabase({ pgliteDir: template });
        try {
          await build(db.pool);
        } finally {
          // A clean stop: the files are then a consistent database to copy.
          await db.close();
        }
      });
      cpSync(template, directory.dir, { recursive: true });
    }
    const db = await openDatabase({ pgliteDir: directory.dir });
    if (!runDir) await buildOrClose(db, build);
    return {
      ...db,
      close: async () => {
        await db.close();
        directory.remove();
      },
    };
  } catch (error) {
    directory.remove();
    throw error;
  }
}

async function openPostgres(runDir: string | undefined, prefix: string, key: string, build: Build): Promise<Database> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  if (runDir) {
    const template = `${templatePrefixOf(runDir)}${key}`;
    await once(runDir, `postgres_${key}`, async () => {
      await onAdmin(`CREATE DATABASE ${template}`);
      const db = await openDatabase({ databaseUrl: urlOf(template), pgliteDir: '', poolSize: 4 });
      try {
        await build(db.pool);
      } finally {
        await db.close();
      }
    });
    await onAdmin(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } else {
    await onAdmin(`CREATE DATABASE ${name}`);
  }
  const drop = () => onAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  try {
    const db = await openDatabase({ databaseUrl: urlOf(name), pgliteDir: '' });
    if (!runDir) await buildOrClose(db, build);
    return {
      ...db,
      close: async () => {
        await db.close();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}
