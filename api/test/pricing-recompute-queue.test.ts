/**
 * A website's full recompute that fails while another recompute was requested (api/src/pricing/README.md,
 * "Keeping suggestions current"), both engines: the failure is recorded and the request that arrived while it
 * ran is kept (queued again), so the next round recomputes the website; a failure with no request
 * meanwhile stays FAILED.
 */
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { processQueuedWebsite } from '../src/pricing/recompute.ts';
import { queueRecompute } from '../src/pricing/store/recompute-queue.ts';
import { availableEngines, openMigrated } from './engines.ts';

const engines = await availableEngines();

/**
 * The pool as processQueuedWebsite sees it: it claims the website through the real pool; its
 * reads after the claim fail, and `meanwhile` runs once before the first of them fails (another
 * request arriving while the recompute runs). Statements on the recompute queue go through.
 * The recompute reads in parallel (Promise.all): every failing read waits for the one
 * `meanwhile`, so no request arrives after the recompute has failed (it would land in the next
 * round instead).
 */
function failingAfterClaim(pool: Pool, meanwhile: () => Promise<void>): Pool {
  let claimed = false;
  let arrived: Promise<void> | undefined;
  const fail = async () => {
    arrived ??= meanwhile();
    await arrived;
    throw new Error('the database went away mid-recompute');
  };
  return new Proxy(pool, {
    get(target, key, receiver) {
      if (key === 'query')
        return (sql: string, ...rest: unknown[]) => {
          const onQueue = typeof sql === 'string' && sql.includes('price_suggestion_recomputes');
          if (!onQueue && claimed) return fail();
          if (onQueue) claimed = true;
          return (target.query as (...args: unknown[]) => unknown)(sql, ...rest);
        };
      if (key === 'connect') return () => (claimed ? fail() : target.connect());
      return Reflect.get(target, key, receiver);
    },
  });
}

describe.each(engines)('Full recompute queue on $name', (engine) => {
  let db: Database;
  let websiteId: string;
  const state = async () =>
    (
      await db.pool.query(
        'SELECT state, error, requested_at > started_at AS requested_since FROM price_suggestion_recomputes WHERE organization_website_id = $1',
        [websiteId],
      )
    ).rows[0];

  beforeAll(async () => {
    db = await openMigrated(engine);
    websiteId = (
      await db.pool.query(
        `WITH o AS (INSERT INTO organizations (slug, name) VALUES ('recompute', 'Recompute') RETURNING id),
              w AS (INSERT INTO websites (name, url) VALUES ('Recompute', 'https://recompute.example') RETURNING id)
         INSERT INTO organization_websites (organization_id, website_id, name) SELECT o.id, w.id, 'Recompute' FROM o, w RETURNING id`,
      )
    ).rows[0].id;
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  it('a recompute that fails keeps the request that arrived while it ran; the next round runs it', async () => {
    await queueRecompute(db.pool, websiteId);
    const pool = failingAfterClaim(db.pool, () => queueRecompute(db.pool, websiteId));
    await expect(processQueuedWebsite(pool)).rejects.toThrow('the database went away mid-recompute');
    expect(await state()).toMatchObject({
      state: 'QUEUED',
      error: 'the database went away mid-recompute',
      requested_since: true,
    });
    // The next round takes the website again and this time finishes it.
    expect(await processQueuedWebsite(db.pool)).toBe(true);
    expect(await state()).toMatchObject({ state: 'DONE', error: null });
    expect(await processQueuedWebsite(db.pool)).toBe(false);
  });

  it('a recompute that fails with no request meanwhile stays FAILED and is not taken again', async () => {
    await queueRecompute(db.pool, websiteId);
    const pool = failingAfterClaim(db.pool, async () => undefined);
    await expect(processQueuedWebsite(pool)).rejects.toThrow('the database went away mid-recompute');
    expect(await state()).toMatchObject({ state: 'FAILED', error: 'the database went away mid-recompute' });
    expect(await processQueuedWebsite(db.pool)).toBe(false);
  });
});
