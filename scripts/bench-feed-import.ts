/**
 * `npm run bench:feed-import -- [options]`: the API benchmark api/bench/feed-import.ts (its header lists the options).
 */
await import('../api/bench/feed-import.ts');

export {};
