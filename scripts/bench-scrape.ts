/**
 * `npm run bench:scrape -- [options]`: the API benchmark api/bench/scrape.ts (its header lists the options).
 */
await import('../api/bench/scrape.ts');

export {};
