/**
 * `npm run migrate -- --database-url postgres://…` (and `node dist/api/migrate.mjs` in the
 * production image): applies this build's pending migrations to a PostgreSQL database, each in
 * its own transaction (migrate.ts). A database a newer build migrated is refused before anything
 * is applied. `--check` only reports. Exit 0 when the database is current afterwards.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadMigrations, migrate } from './migrate.ts';
import { newerSchemaMessage, schemaStatus } from './schema-status.ts';

const OPTIONS = { 'database-url': { type: 'string' }, check: { type: 'boolean', default: false } } as const;

export async function runMigrateCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let values: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; strict: true }>>['values'];
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS, strict: true }));
  } catch (error) {
    console.error(
      `${(error as Error).message}\nusage: npm run migrate -- --database-url postgres://user@host:5432/db [--check]`,
    );
    return 2;
  }
  const url = values['database-url'] ?? env.DATABASE_URL;
  if (!url) {
    console.error('No database: pass --database-url postgres://user@host:5432/db (or set DATABASE_URL).');
    return 2;
  }
  const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 10_000 });
  pool.on('error', () => undefined);
  try {
    const migrations = loadMigrations();
    const status = await schemaStatus(
      pool,
      migrations.map((migration) => migration.version),
    );
    const refusal = newerSchemaMessage(status);
    if (refusal) {
      console.error(refusal);
      return 1;
    }
    if (values.check) {
      console.log(
        status.pending.length ? `Pending migrations: ${status.pending.join(', ')}` : 'The database is current.',
      );
      return status.pending.length ? 1 : 0;
    }
    const applied = await migrate(pool, migrations);
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'The database was already current.');
    return 0;
  } catch (error) {
    console.error(`Migrating failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await pool.end().catch(() => undefined);
  }
}
