/**
 * Applies the versioned SQL migrations of ./migrations (NNN_name.sql) in order. Each runs in
 * its own transaction together with its row in schema_migrations, so a failed migration leaves
 * nothing behind and a second run applies nothing twice.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Pool } from 'pg';
import { inTransaction } from './transaction.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Serializes concurrent starts on one database (arbitrary constant). */
const MIGRATION_LOCK = 4_000_001;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: file.slice(0, 3),
      name: path.basename(file, '.sql'),
      sql: readFileSync(path.join(dir, file), 'utf8'),
    }));
}

/** Returns the versions it applied (empty when the database was up to date). */
export async function migrate(pool: Pool, migrations = loadMigrations()): Promise<string[]> {
  await pool.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const { rowCount } = await client.query('SELECT 1 FROM schema_migrations WHERE version = $1', [
        migration.version,
      ]);
      if (rowCount) return false;
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
