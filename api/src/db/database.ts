/**
 * The API's database: always the PostgreSQL wire protocol through `pg`. With a URL, a real
 * PostgreSQL server; otherwise the embedded PGlite database, served from its own process.
 */
import pg from 'pg';
import { startPgliteProcess } from './pglite-process.ts';

export type Engine = 'pglite' | 'postgres';

export interface Database {
  engine: Engine;
  pool: pg.Pool;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | null;
  pgliteDir: string;
  /**
   * A PGlite server another process started (scripts/stack.ts): the directory of its Unix socket
   * (`.s.PGSQL.5432`). The API and the job workers then share that database (db/pglite-clients.ts).
   */
  pgliteSocketDir?: string | null;
  /** PostgreSQL pool size (the PGlite pool is sized to what its process accepts). */
  poolSize?: number;
}

/**
 * PGlite serves all its connections from ONE backend session, so a named (prepared) statement
 * that one connection prepared already exists for the next, which then fails to prepare it
 * ("prepared statement ... already exists"). On PGlite, queries the API names for PostgreSQL's
 * sake run unnamed: the same text and parameters, parsed and planned each time.
 */
function unnameStatements(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === 'object' && 'name' in config) {
      const { name: _name, ...unnamed } = config as { name?: string };
      return query(unnamed, ...rest);
    }
    return query(config, ...rest);
  }) as typeof pool.query;
}

/**
 * ONE connection: pglite-socket multiplexes connections message by message, so outside a
 * transaction the Parse/Bind/Execute of two connections interleave on the one shared session and
 * take each other's unnamed statement or portal (26000/34000 errors, measured: 121 of 400
 * concurrent queries on 4 connections, 0 on 1). pg's pool queues the rest; PGlite ran one query
 * at a time anyway.
 */
const PGLITE_CONNECTIONS = 1;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
    await pool.query('SELECT 1');
    return { engine: 'postgres', pool, close: () => pool.end() };
  }
  if (options.pgliteSocketDir) {
    const pool = pglitePool(options.pgliteSocketDir, 5432, PGLITE_CONNECTIONS);
    await pool.query('SELECT 1');
    return { engine: 'pglite', pool, close: () => pool.end() };
  }
  const child = await startPgliteProcess(options.pgliteDir, PGLITE_CONNECTIONS);
  const pool = pglitePool(child.host, child.port, child.maxConnections);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await child.stop();
    throw error;
  }
  return {
    engine: 'pglite',
    pool,
    close: async () => {
      await pool.end();
      await child.stop();
    },
  };
}

function pglitePool(host: string, port: number, max: number): pg.Pool {
  const pool = new pg.Pool({ host, port, user: 'postgres', database: 'postgres', max });
  pool.on('error', (error) => console.error('PGlite pool error:', error.message));
  unnameStatements(pool);
  return pool;
}
