/** How a feed's import runs read on the pages: running or not, how far, how long. */
import type { FeedRun } from './queries.ts';

export const isRunning = (run: Pick<FeedRun, 'status'> | null | undefined): boolean =>
  run?.status === 'QUEUED' || run?.status === 'RUNNING';

/**
 * How far the run is, 0-100: a finished run 100; a running one by the bytes read of the file's
 * size when the size is known (an upload from this browser), else null (a URL feed: unknown).
 * A running run never shows 100: the products change in the final step.
 */
export function runPercent(run: Pick<FeedRun, 'status' | 'bytesRead'>, fileSize?: number | null): number | null {
  if (!isRunning(run)) return 100;
  if (!fileSize || fileSize <= 0) return null;
  return Math.min(99, Math.floor((run.bytesRead / fileSize) * 100));
}

/** Milliseconds from start to finish (or to now while running); null before it starts. */
export function runDurationMs(
  run: Pick<FeedRun, 'startedAt' | 'finishedAt' | 'createdAt'>,
  now: number = Date.now(),
): number | null {
  const start = Date.parse(run.startedAt ?? run.createdAt);
  if (Number.isNaN(start)) return null;
  const end = run.finishedAt ? Date.parse(run.finishedAt) : now;
  return Math.max(0, end - start);
}

/** '0.4 s', '12 s', '3 min 05 s', '2 h 07 min'. */
export function formatDuration(ms: number): string {
  if (ms < 10_000) return `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${String(seconds % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
