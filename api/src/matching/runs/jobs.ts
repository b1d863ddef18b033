/**
 * Matching's background work as jobs on the queue (jobs/README.md), worked by the job workers:
 *
 * - `matching.work`: works queued matching runs until none is left to claim (queue.ts: one
 *   running run per website across processes). Enqueued when a run is requested or changes are
 *   recorded (the API's and the workers' `serveMatching` waker), and offered every
 *   MATCHING_POLL_MS (default 30 s) as before. At most one waits at a time (policy 'short');
 *   several may run on several workers, each claiming other websites' runs.
 * - `matching.expiry`: expiry.ts, every MATCH_EXPIRY_INTERVAL_MS (default 1 hour), one at a time.
 * - `matching.retrain` ({ organizationId }): ../retrain.ts, one per organization at a time;
 *   enqueued by `matching.retrain-due` (every MATCHING_RETRAIN_INTERVAL_MS, default 10 minutes,
 *   for organizations with RETRAIN_AFTER_DECISIONS new human decisions) or by an Owner or Admin.
 *
 * A worker stopping mid-run fails the run at its next batch and gives its changes back (as the
 * API did); a killed worker's run is failed by the next `matching.work` once its heartbeat is
 * 10 minutes old (queue.ts).
 */
import type { Pool } from 'pg';
import { defineJob, enqueue, schedule } from '../../jobs/queue.ts';
import { expireMatches } from './expiry.ts';
import { organizationsDueForRetrain, retrainOrganization } from '../retrain.ts';
import { serveMatching, stopMatching, wakeMatching } from './queue.ts';

export const MATCHING_WORK = 'matching.work';
export const MATCHING_EXPIRY = 'matching.expiry';
export const MATCHING_RETRAIN = 'matching.retrain';
export const MATCHING_RETRAIN_DUE = 'matching.retrain-due';

defineJob(
  MATCHING_WORK,
  { policy: 'short', singletonKey: () => 'runs', expireInSeconds: 120, retryLimit: 1, retryDelaySeconds: 30 },
  async (_payload, { pool, signal }) => {
    const onAbort = () => {
      // Stopping: the run at work fails at its next batch, its changes given back (queue.ts).
      if (signal.reason === 'stopping') void stopMatching(pool);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      await wakeMatching(pool);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  },
);

defineJob(
  MATCHING_EXPIRY,
  { policy: 'singleton', singletonKey: () => 'expiry', expireInSeconds: 300, retryLimit: 1 },
  async (_payload, { pool }) => {
    const outcome = await expireMatches(pool);
    if (outcome.expired || outcome.renewed || outcome.proposed)
      console.log(
        `Matching expiry: ${outcome.expired} expired, ${outcome.renewed} renewed, ${outcome.proposed} proposed again.`,
      );
  },
);

defineJob<{ organizationId: string }>(
  MATCHING_RETRAIN,
  { singletonKey: (p) => p.organizationId, expireInSeconds: 300, retryLimit: 1 },
  async ({ organizationId }, { pool }) => {
    const outcome = await retrainOrganization(pool, organizationId);
    console.log(`Matching retrain of ${organizationId}: ${outcome.outcome}. ${outcome.message}`);
  },
);

defineJob(
  MATCHING_RETRAIN_DUE,
  { policy: 'singleton', singletonKey: () => 'retrain-due', expireInSeconds: 120, retryLimit: 0 },
  async (_payload, { pool }) => {
    for (const organizationId of await organizationsDueForRetrain(pool))
      await enqueue(pool, MATCHING_RETRAIN, { organizationId });
  },
);

const seconds = (value: string | undefined, fallbackMs: number) =>
  Math.max(1, Math.round(Number(value ?? fallbackMs) / 1000) || fallbackMs / 1000);
schedule(MATCHING_WORK, { everySeconds: seconds(process.env.MATCHING_POLL_MS, 30_000) });
schedule(MATCHING_EXPIRY, { everySeconds: seconds(process.env.MATCH_EXPIRY_INTERVAL_MS, 3_600_000) });
schedule(MATCHING_RETRAIN_DUE, { everySeconds: seconds(process.env.MATCHING_RETRAIN_INTERVAL_MS, 600_000) });

/** Requested runs and recorded changes in this process become a `matching.work` job for the workers. */
export function serveMatchingThroughQueue(pool: Pool): void {
  serveMatching(pool, () => {
    enqueue(pool, MATCHING_WORK, {}).catch((error) =>
      console.error('Matching: queueing its work failed:', (error as Error).message),
    );
  });
}
