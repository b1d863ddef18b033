/**
 * `npm run bench:insights -- [options]`: the API benchmark api/bench/insights.ts (its header lists the options).
 */
await import('../api/bench/insights.ts');

export {};
