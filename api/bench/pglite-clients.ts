/**
 * Several client processes on one PGlite database (db/pglite-clients.ts): starts the PGlite
 * server process, then `--clients` child processes (default 2), each with a pg pool of
 * `--connections` (default 3) firing `--queries` (default 400) concurrent parameterized
 * queries (every fifth inside a transaction), and prints how many failed or answered another query's result.
 *   cd api && npx tsx bench/pglite-clients.ts [--clients 2] [--connections 3] [--queries 400]
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startPgliteProcess } from '../src/db/pglite-process.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

if (process.env.PGLITE_BENCH_HOST) {
  // A client process: its pool's queries, each checking it got its own answer.
  const pool = new pg.Pool({
    host: process.env.PGLITE_BENCH_HOST,
    port: 5432,
    user: 'postgres',
    database: 'postgres',
    max: Number(process.env.PGLITE_BENCH_CONNECTIONS),
  });
  pool.on('error', () => undefined);
  const queries = Number(process.env.PGLITE_BENCH_QUERIES);
  let failed = 0;
  let wrong = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: queries }, async (_, i) => {
      try {
        // Different statement texts, so a Bind that lands on another connection's Parse shows.
        const k = (i % 7) + 2;
        const sql = `SELECT $1::int * ${k} AS n, $2::text || '-${k}' AS t`;
        let rows: Array<{ n: number; t: string }>;
        if (i % 5 === 0) {
          // Every fifth in a transaction of two statements.
          const client = await pool.connect();
          try {
            await client.query('BEGIN');
            await client.query('SELECT pg_sleep(0.001)');
            rows = (await client.query<{ n: number; t: string }>(sql, [i, `q${i}`])).rows;
            await client.query('COMMIT');
          } finally {
            client.release();
          }
        } else {
          rows = (await pool.query<{ n: number; t: string }>(sql, [i, `q${i}`])).rows;
        }
        if (rows[0]?.n !== i * k || rows[0]?.t !== `q${i}-${k}`) wrong++;
      } catch {
        failed++;
      }
    }),
  );
  process.send!({ failed, wrong, ms: performance.now() - started });
  await pool.end().catch(() => undefined);
  process.exit(0);
} else {
  const clients = arg('clients', 2);
  const connections = arg('connections', 3);
  const queries = arg('queries', 400);
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-pglite-clients-'));
  const server = await startPgliteProcess(dir, clients * connections + clients);
  try {
    const results = await Promise.all(
      Array.from({ length: clients }, () => {
        const child = fork(fileURLToPath(import.meta.url), [], {
          execArgv: process.execArgv,
          env: {
            ...process.env,
            PGLITE_BENCH_HOST: server.host,
            PGLITE_BENCH_CONNECTIONS: String(connections),
            PGLITE_BENCH_QUERIES: String(queries),
          },
        });
        return new Promise<{ failed: number; wrong: number; ms: number }>((resolve, reject) => {
          child.once('message', (m) => resolve(m as never));
          child.once('exit', (code) => code && reject(new Error(`client exited with ${code}`)));
        });
      }),
    );
    const failed = results.reduce((a, r) => a + r.failed, 0);
    const wrong = results.reduce((a, r) => a + r.wrong, 0);
    console.log(
      `${clients} client processes x ${connections} connections, ${clients * queries} queries: ${failed} failed, ${wrong} wrong answers; slowest client ${Math.max(...results.map((r) => r.ms)).toFixed(0)} ms`,
    );
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
