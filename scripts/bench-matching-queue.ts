/**
 * `npm run bench:matching-queue -- [options]`: the API benchmark api/bench/matching-queue.ts (its header lists the options).
 */
await import('../api/bench/matching-queue.ts');

export {};
