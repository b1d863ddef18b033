/**
 * The database engines the suite runs on: PGlite (always, in its own process and a temporary
 * directory) and PostgreSQL when one is reachable (DATABASE_URL, else 127.0.0.1:5432 as
 * postgres), in a fresh uniquely named database that is dropped afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type Engine } from '../src/db/database.ts';

export interface TestEngine {
  name: Engine;
  open(): Promise<Database>;
}

const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2_000 });
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

const pglite: TestEngine = {
  name: 'pglite',
  async open() {
    const dir = mkdtempSync(path.join(tmpdir(), 'console-api-pglite-'));
    const db = await openDatabase({ pgliteDir: dir });
    return {
      ...db,
      close: async () => {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

const postgres: TestEngine = {
  name: 'postgres',
  async open() {
    const name = `console_api_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '' });
    return {
      ...db,
      close: async () => {
        await db.close();
        const dropper = new pg.Client({ connectionString: POSTGRES_URL });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  },
};

/** Resolved once per test file (top-level await), for describe.each. */
export async function availableEngines(): Promise<TestEngine[]> {
  if (await postgresReachable()) return [pglite, postgres];
  console.warn(`PostgreSQL not reachable at ${POSTGRES_URL.replace(/\/\/[^@]*@/, '//')}: the PostgreSQL runs are skipped.`);
  return [pglite];
}
