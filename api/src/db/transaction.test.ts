import type { Pool, PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import { inTransaction } from './transaction.ts';

/** A pool whose clients record the statements they are sent. */
function recordingPool() {
  const statements: string[] = [];
  let released = 0;
  const client = {
    query: async (sql: string) => {
      statements.push(sql);
      return { rows: [], rowCount: 0 };
    },
    release: () => {
      released += 1;
    },
  } as unknown as PoolClient;
  const pool = { connect: async () => client } as unknown as Pool;
  return { pool, statements, released: () => released };
}

const failure = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });

describe('inTransaction', () => {
  it('commits what resolves and rolls back what throws, releasing the connection each time', async () => {
    const { pool, statements, released } = recordingPool();
    await expect(inTransaction(pool, async (client) => (await client.query('SELECT 1'), 'done'))).resolves.toBe('done');
    await expect(inTransaction(pool, async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(statements).toEqual(['BEGIN', 'SELECT 1', 'COMMIT', 'BEGIN', 'ROLLBACK']);
    expect(released()).toBe(2);
  });

  it('runs again after a deadlock or serialization failure when attempts allow, on a fresh transaction', async () => {
    const { pool, statements } = recordingPool();
    const codes = ['40P01', '40001'];
    let runs = 0;
    const result = await inTransaction(
      pool,
      async () => {
        runs += 1;
        const code = codes.shift();
        if (code) throw failure(code);
        return runs;
      },
      { attempts: 3 },
    );
    expect(result).toBe(3);
    expect(statements).toEqual(['BEGIN', 'ROLLBACK', 'BEGIN', 'ROLLBACK', 'BEGIN', 'COMMIT']);
  });

  it('gives up after its attempts, and never retries other errors or without attempts', async () => {
    let runs = 0;
    const deadlock = async () => {
      runs += 1;
      throw failure('40P01');
    };
    await expect(inTransaction(recordingPool().pool, deadlock, { attempts: 2 })).rejects.toThrow('40P01');
    expect(runs).toBe(2);
    runs = 0;
    await expect(inTransaction(recordingPool().pool, deadlock)).rejects.toThrow('40P01');
    expect(runs).toBe(1);
    runs = 0;
    const unique = async () => {
      runs += 1;
      throw failure('23505');
    };
    await expect(inTransaction(recordingPool().pool, unique, { attempts: 3 })).rejects.toThrow('23505');
    expect(runs).toBe(1);
  });
});
