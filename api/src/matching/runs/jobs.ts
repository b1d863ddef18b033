/**
 * The API process's matching jobs (main.ts): the worker looks for queued runs every
 * MATCHING_POLL_MS (default 30 s; runs requested in this process start at once), and expiry
 * runs every MATCH_EXPIRY_INTERVAL_MS (default 1 hour, first one minute after start).
 */
import type { Pool } from 'pg';
import { expireMatches } from './expiry.ts';
import { serveMatching, stopMatching, wakeMatching } from './queue.ts';

export function startMatchingJobs(pool: Pool, env: NodeJS.ProcessEnv = process.env): { stop(): Promise<void> } {
  const poll = Number(env.MATCHING_POLL_MS ?? 30_000);
  const expiryEvery = Number(env.MATCH_EXPIRY_INTERVAL_MS ?? 3_600_000);
  let expiring: Promise<unknown> | null = null;
  const expire = () => {
    if (expiring) return;
    expiring = expireMatches(pool)
      .then((outcome) => {
        if (outcome.expired || outcome.renewed || outcome.proposed) console.log(`Matching expiry: ${outcome.expired} expired, ${outcome.renewed} renewed, ${outcome.proposed} proposed again.`);
      })
      .catch((error) => console.error('Matching expiry:', error))
      .finally(() => {
        expiring = null;
      });
  };
  serveMatching(pool);
  void wakeMatching(pool).catch(() => undefined);
  const timers = [
    setInterval(() => void wakeMatching(pool).catch(() => undefined), poll),
    setInterval(expire, expiryEvery),
    setTimeout(expire, Math.min(60_000, expiryEvery)),
  ];
  for (const timer of timers) timer.unref();
  return {
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      await expiring;
      await stopMatching(pool);
    },
  };
}
