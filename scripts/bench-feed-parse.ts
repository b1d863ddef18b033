/**
 * `npm run bench:feed-parse -- [options]`: the API benchmark api/bench/feed-parse.ts (its header lists the options).
 */
await import('../api/bench/feed-parse.ts');

export {};
