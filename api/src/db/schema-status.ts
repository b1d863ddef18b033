/**
 * Where a database stands against the migrations this code carries (migrate.ts): which are still
 * to apply, and which it has applied that this code does not know (a newer build migrated it).
 * Used by /readyz, the production start and `npm run migrate` (scripts/ops/migrate.ts).
 */
import type { Pool } from 'pg';
import { loadMigrations } from './migrate.ts';

export interface SchemaStatus {
  /** Versions this code has and the database has not applied, in order. */
  pending: string[];
  /** Versions the database has applied that this code does not know: it was migrated by a newer build. */
  unknown: string[];
}

export async function schemaStatus(
  pool: Pool,
  known: readonly string[] = loadMigrations().map((migration) => migration.version),
): Promise<SchemaStatus> {
  const { rows: table } = await pool.query<{ exists: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS exists",
  );
  const { rows } = table[0]?.exists
    ? await pool.query<{ version: string }>('SELECT version FROM schema_migrations')
    : { rows: [] };
  const applied = new Set(rows.map((row) => row.version));
  const knownSet = new Set(known);
  return {
    pending: known.filter((version) => !applied.has(version)),
    unknown: [...applied].filter((version) => !knownSet.has(version)).sort(),
  };
}

/** The refusal for a database a newer build migrated, or null when this code may run on it. */
export function newerSchemaMessage(status: SchemaStatus): string | null {
  if (status.unknown.length === 0) return null;
  return `The database was migrated by a newer build (migrations ${status.unknown.join(', ')} are unknown to this one): deploy that build or a later one, or restore a backup; nothing was changed.`;
}
