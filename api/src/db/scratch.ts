/**
 * Scratch databases for the test suites and the benchmarks (api/bench/README.md): a fresh,
 * uniquely named PostgreSQL database that is dropped afterwards, or a PGlite data directory that
 * is removed afterwards. Never used by the API or the job worker themselves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Engine } from './database.ts';

/** The server scratch databases are created on: DATABASE_URL, else the local one as postgres. */
export const POSTGRES_ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** True when the PostgreSQL server answers within two seconds. */
export async function postgresReachable(adminUrl = POSTGRES_ADMIN_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function onAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export interface ScratchPostgres {
  /** The database's name: `<prefix>_<pid>_<time>_<random>`. */
  name: string;
  /** Its connection URL (the admin URL with the database's name). */
  url: string;
  /** Drops it, closing whatever is still connected to it. */
  drop(): Promise<void>;
}

/** Creates an empty PostgreSQL database; `prefix` says who made it (letters, digits, underscores). */
export async function createScratchPostgres(prefix: string, adminUrl = POSTGRES_ADMIN_URL): Promise<ScratchPostgres> {
  if (!/^[a-z][a-z0-9_]*$/.test(prefix))
    throw new Error(`scratch database prefix '${prefix}': lower-case letters, digits and underscores only`);
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await onAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => onAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface ScratchDirectory {
  dir: string;
  remove(): void;
}

/** An empty temporary directory (a PGlite data directory, a build's output), removed by `remove`. */
export function createScratchDirectory(prefix: string): ScratchDirectory {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Where a scratch database of either engine lives, as the API's configuration names it. */
export interface ScratchDatabase {
  engine: Engine;
  /** PostgreSQL: the database's URL (DATABASE_URL); PGlite: null. */
  url: string | null;
  /** PGlite: the data directory (PGLITE_DIR); PostgreSQL: an empty scratch directory. */
  dir: string;
  /** The environment an API or worker process needs to open it. */
  env: Record<string, string>;
  /** Drops the database and removes the directory. */
  discard(): Promise<void>;
}

export async function createScratchDatabase(engine: Engine, prefix: string): Promise<ScratchDatabase> {
  const directory = createScratchDirectory(prefix.replaceAll('_', '-'));
  if (engine === 'pglite') {
    return {
      engine,
      url: null,
      dir: directory.dir,
      env: { PGLITE_DIR: directory.dir },
      discard: async () => directory.remove(),
    };
  }
  let database: ScratchPostgres;
  try {
    database = await createScratchPostgres(prefix);
  } catch (error) {
    directory.remove();
    throw error;
  }
  return {
    engine,
    url: database.url,
    dir: directory.dir,
    env: { DATABASE_URL: database.url },
    discard: async () => {
      try {
        await database.drop();
      } finally {
        directory.remove();
      }
    },
  };
}
