/**
 * The benchmarks' one harness (api/bench/README.md): a scratch database of either engine that is
 * discarded at the end or on a signal, undo steps run on SIGINT/SIGTERM/SIGHUP, and the line that
 * says what machine and load a figure was measured under.
 */
import { availableParallelism, constants, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, type Engine, openDatabase } from '../src/db/database.ts';
import {
  createScratchDatabase,
  POSTGRES_ADMIN_URL,
  postgresReachable,
  type ScratchDatabase,
} from '../src/db/scratch.ts';

export { POSTGRES_ADMIN_URL, postgresReachable };

/**
 * What a signal to the benchmark must undo before it exits, newest first: servers it started in
 * process groups of their own (a signal to the benchmark's group does not reach them), scratch
 * databases and directories.
 */
const onSignal = new Set<() => Promise<void>>();
let undoing = false;
let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    // Kept while undoing: a wrapper (pnpm, tsx) passes the same signal on again.
    process.on(signal, () => {
      if (undoing) return;
      undoing = true;
      console.error(`${signal}: undoing what this benchmark started`);
      void (async () => {
        for (const undo of [...onSignal].reverse()) await undo().catch((error) => console.error(error));
        process.exit(128 + constants.signals[signal]);
      })();
    });
  }
}

/** Registers `undo` to run on a signal until the returned function is called, which runs it once. */
export function undoneOnSignal(undo: () => Promise<void>): () => Promise<void> {
  listen();
  onSignal.add(undo);
  return async () => {
    if (!onSignal.delete(undo)) return;
    await undo();
  };
}

/**
 * A scratch database for one benchmark run (`prefix`: lower-case letters, digits, underscores),
 * discarded by its `discard` or, if the run is interrupted, on a signal.
 */
export async function scratchDatabase(engine: Engine, prefix: string): Promise<ScratchDatabase> {
  const scratch = await createScratchDatabase(engine, prefix);
  return { ...scratch, discard: undoneOnSignal(() => scratch.discard()) };
}

/** The engines a benchmark asked for (`pglite`, `postgres` or `both`); PostgreSQL only when reachable, else said. */
export async function enginesOf(choice: string): Promise<Engine[]> {
  if (!['pglite', 'postgres', 'both'].includes(choice)) throw new Error(`--engine ${choice}: pglite, postgres or both`);
  const engines: Engine[] = choice === 'postgres' ? [] : ['pglite'];
  if (choice !== 'pglite') {
    if (await postgresReachable()) engines.push('postgres');
    else console.log(`postgres: skipped (not reachable at ${POSTGRES_ADMIN_URL.replace(/\/\/[^@]*@/, '//')})`);
  }
  return engines;
}

/** The first line of every report: what the figures below were measured on and under what load. */
export function machineLine(): string {
  const [one, five] = loadavg();
  return `measured on ${availableParallelism()} cores, load average ${one!.toFixed(1)} (1 min) ${five!.toFixed(1)} (5 min), node ${process.version}`;
}

/** A benchmark's database, opened, and what undoes it. */
export interface BenchDatabase {
  db: Database;
  /** Closes it and, unless kept, discards it (also done on a signal). */
  cleanup(): Promise<void>;
}

/**
 * The database a benchmark runs on: a scratch one (discarded by `cleanup` or on a signal), or with
 * `keep` the one named `name` (PostgreSQL: that database; PGlite: the directory `<tmp>/<name>-pglite`),
 * created when missing and reused as it is when present, so a large seed is paid once.
 */
export async function openBenchDatabase(engine: Engine, name: string, keep = false): Promise<BenchDatabase> {
  if (keep) {
    if (engine === 'pglite') {
      const dir = path.join(tmpdir(), `${name.replaceAll('_', '-')}-pglite`);
      const db = await openDatabase({ pgliteDir: dir });
      console.log(`pglite: keeping the data directory ${dir}`);
      return { db, cleanup: () => db.close() };
    }
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    try {
      const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount;
      if (!exists) await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '' });
    console.log(`postgres: keeping the database ${name}`);
    return { db, cleanup: () => db.close() };
  }
  const scratch = await scratchDatabase(engine, name);
  let db: Database;
  try {
    db = await openDatabase({ databaseUrl: scratch.url, pgliteDir: scratch.dir });
  } catch (error) {
    await scratch.discard();
    throw error;
  }
  return {
    db,
    cleanup: async () => {
      await db.close().catch(() => undefined);
      await scratch.discard();
    },
  };
}
