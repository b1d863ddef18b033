/**
 * Several clients (the API, job workers: jobs/README.md) on the one PGlite session that
 * pglite-socket serves. pglite-socket runs the clients' protocol messages one at a time from one
 * queue and keeps a transaction's client alone until the transaction ends, but outside a
 * transaction it may run another client's message between a query's Parse, Bind, Execute and
 * Sync, which then finds the other's unnamed statement or portal: measured with
 * `npx tsx bench/pglite-clients.ts --clients 2 --connections 4 --queries 1000` (every fifth query
 * in a transaction), the client processes died on "portal "" does not exist" (34000).
 *
 * `holdUntilSync` makes the queue keep serving one client from its first message until its Sync
 * or simple Query has run with no transaction open (a whole query, or a whole transaction),
 * then takes the next client's messages in arrival order. The same bench then: 0 failed,
 * 0 wrong answers. A client that goes away in the middle of a query releases the session (a
 * Sync ends what it left; an open transaction is rolled back by pglite-socket as before).
 */
import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(error: unknown): void;
  onData(data: Uint8Array): void;
}

/** The parts of pglite-socket 0.2's query queue this module drives (not in its public types). */
interface QueryQueue {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  db: PGlite;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'
/** A Sync message: ends an extended-protocol query a client left unfinished. */
const SYNC_MESSAGE = new Uint8Array([SYNC, 0, 0, 0, 4]);

/** True when a message ends a client's turn: Sync, a simple Query, Terminate, or a start-up packet (first byte 0). */
export function endsTurn(message: Uint8Array): boolean {
  const type = message[0];
  return type === SYNC || type === QUERY || type === TERMINATE || type === 0;
}

export function holdUntilSync(server: PGLiteSocketServer): void {
  const queue = (server as unknown as { queryQueue?: QueryQueue }).queryQueue;
  if (
    !queue ||
    !Array.isArray(queue.queue) ||
    typeof queue.processQueue !== 'function' ||
    typeof queue.clearQueueForHandler !== 'function'
  ) {
    throw new Error('pglite-socket changed: its query queue is not the one db/pglite-clients.ts knows (pinned 0.2.17)');
  }
  const db = queue.db;
  /** The client whose query or transaction is under way, or null. */
  let owner: number | null = null;

  queue.processQueue = async function processQueue(this: QueryQueue) {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length) {
        const holder = owner ?? (db.isInTransaction() ? this.lastHandlerId : null);
        const index = holder === null ? 0 : this.queue.findIndex((item) => item.handlerId === holder);
        // The holder's next message has not arrived: its enqueue starts the queue again.
        if (index < 0) break;
        const [item] = this.queue.splice(index, 1);
        let bytes = 0;
        try {
          await db.runExclusive(() =>
            db.execProtocolRawStream(item!.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item!.onData(data);
              },
            }),
          );
        } catch (error) {
          owner = null;
          item!.reject(error);
          continue;
        }
        this.lastHandlerId = item!.handlerId;
        owner = endsTurn(item!.message) && !db.isInTransaction() ? null : item!.handlerId;
        item!.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };

  const clear = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId: number) => {
    clear(handlerId);
    if (owner !== handlerId) return;
    owner = null;
    // End the query it left half-sent (its statement or an error state would meet the next client).
    void db
      .runExclusive(() => db.execProtocolRaw(SYNC_MESSAGE))
      .catch(() => undefined)
      .then(() => queue.processQueue());
  };
}
