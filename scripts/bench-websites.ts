/**
 * `npm run bench:websites -- [options]`: the API benchmark api/bench/websites.ts (its header lists the options).
 */
await import('../api/bench/websites.ts');

export {};
