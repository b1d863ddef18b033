/** Queues a website's full recompute (state QUEUED; a running one runs again when it ends). */
import type { Queryable } from '../../db/transaction.ts';

export async function queueRecompute(db: Queryable, websiteId: string): Promise<void> {
  await db.query(
    `INSERT INTO price_suggestion_recomputes AS r (organization_website_id, state, requested_at) VALUES ($1, 'QUEUED', clock_timestamp())
     ON CONFLICT (organization_website_id) DO UPDATE
       SET requested_at = clock_timestamp(), state = CASE WHEN r.state = 'RUNNING' THEN 'RUNNING' ELSE 'QUEUED' END`,
    [websiteId],
  );
}
