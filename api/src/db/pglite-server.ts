/**
 * Child process: opens the embedded PGlite database (on disk, with pg_trgm and btree_gist) and
 * serves it over the PostgreSQL wire protocol with pglite-socket on the Unix socket
 * PGLITE_CHILD_SOCKET (a Unix socket costs each statement's round trip less than TCP over
 * loopback; see bench/websites.ts).
 * Started by `startPgliteProcess` (pglite-process.ts); reports `{ type: 'ready' }` over IPC
 * and closes the database cleanly on `{ type: 'stop' }`, SIGINT, SIGTERM or when its parent goes.
 * Started on its own (scripts/stack.ts, no IPC) it prints a ready line and serves every process
 * that connects (the API and the job workers share the database: jobs/README.md).
 *
 * pglite-socket accepts ONE connection by default and refuses the rest ("Too many connections");
 * with `maxConnections` it multiplexes several connections onto the single PGlite instance,
 * running one query at a time (a transaction holds the database until it ends). The parent's pg
 * pool holds one connection less than PGLITE_CHILD_MAX_CONNECTIONS: the spare takes the new
 * connection pg opens when it ends one whose query failed (pglite-process.ts).
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { holdUntilSync } from './pglite-clients.ts';

const dataDir = process.env.PGLITE_CHILD_DIR;
const maxConnections = Number(process.env.PGLITE_CHILD_MAX_CONNECTIONS || 4);
const socketPath = process.env.PGLITE_CHILD_SOCKET;
if (!dataDir || !socketPath) throw new Error('PGLITE_CHILD_DIR and PGLITE_CHILD_SOCKET are required');

mkdirSync(dataDir, { recursive: true });
const db = await PGlite.create({ dataDir, extensions: { pg_trgm, btree_gist } });
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections });
// Clients (the API, job workers) take whole queries or transactions in turn (pglite-clients.ts).
holdUntilSync(server);
await server.start();

let stopping: Promise<void> | null = null;
function stop(): Promise<void> {
  stopping ??= (async () => {
    try {
      await server.stop();
    } finally {
      await db.close();
    }
    process.exit(0);
  })().catch((error) => {
    console.error('PGlite process: failed to close the database', error);
    process.exit(1);
  });
  return stopping;
}

process.on('message', (message: { type?: string }) => {
  if (message?.type === 'stop') void stop();
});
process.on('disconnect', () => void stop());
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

if (process.send) process.send({ type: 'ready' });
// Started on its own (scripts/stack.ts: the API and the job worker connect to it).
else console.log(`PGlite ready on ${socketPath}`);
