import type { Pool, PoolClient } from 'pg';

/** What runs a statement: the pool, or a transaction's client. The one type every store takes. */
export type Queryable = Pick<Pool | PoolClient, 'query'>;

/** PostgreSQL's deadlock (40P01) and serialization failure (40001): the loser may simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);

export interface TransactionOptions {
  /**
   * How many times in all `work` may run when the database picks the transaction as a deadlock or
   * serialization victim (default 1: no retry). `work` must then be safe to run again: it starts
   * over on a fresh transaction, everything of the failed attempt rolled back.
   */
  attempts?: number;
}

/**
 * Runs `work` in one transaction on one connection: COMMIT when it resolves, ROLLBACK when it
 * throws; with `attempts`, again when it lost a deadlock or a serialization conflict.
 */
export async function inTransaction<T>(
  pool: Pool,
  work: (client: PoolClient) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 1;
  for (let attempt = 1; ; attempt += 1) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      const code = (error as { code?: string }).code;
      if (attempt < attempts && code && RETRYABLE.has(code)) continue;
      throw error;
    } finally {
      client.release();
    }
  }
}
