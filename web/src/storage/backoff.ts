/** Exponential backoff with jitter, as the Firebase Storage SDK waits between attempts. */
export const FIRST_WAIT_MS = 1000;
export const MAX_WAIT_MS = 64_000;
export const JITTER_MS = 1000;

/** The wait before retry number `attempt` (0 = the first retry): 1 s, 2 s, 4 s ... 64 s, plus up to 1 s. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  return Math.min(FIRST_WAIT_MS * 2 ** attempt, MAX_WAIT_MS) + Math.floor(random() * JITTER_MS);
}
