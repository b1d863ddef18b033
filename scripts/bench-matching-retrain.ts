/**
 * `npm run bench:matching-retrain -- [options]`: the API benchmark api/bench/matching-retrain.ts (its header lists the options).
 */
await import('../api/bench/matching-retrain.ts');

export {};
