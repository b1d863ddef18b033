/**
 * `npm run bench:suggestions -- [options]`: the API benchmark api/bench/suggestions.ts (its header lists the options).
 */
await import('../api/bench/suggestions.ts');

export {};
