/**
 * Once per `vitest run` (vitest.config.ts): a folder for the run's prepared databases
 * (templates.ts), removed at the end with the PostgreSQL templates made in it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { POSTGRES_ADMIN_URL, postgresReachable } from '../src/db/scratch.ts';
import { TEMPLATES_ENV, templatePrefixOf } from './templates.ts';

export default function setup() {
  const runDir = mkdtempSync(path.join(tmpdir(), 'console-api-templates-'));
  // The test files' processes start after this and inherit it.
  process.env[TEMPLATES_ENV] = runDir;
  return async () => {
    rmSync(runDir, { recursive: true, force: true });
    if (!(await postgresReachable())) return;
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    try {
      const prefix = templatePrefixOf(runDir);
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database');
      for (const { datname } of rows.filter((row) => row.datname.startsWith(prefix)))
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
}
