/**
 * `npm run bench:matching -- [options]`: the API benchmark api/bench/matching.ts (its header lists the options).
 */
await import('../api/bench/matching.ts');

export {};
