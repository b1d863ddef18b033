/**
 * `npm run bench:scrape-pages -- [options]`: the API benchmark api/bench/scrape-pages.ts (its header lists the options).
 */
await import('../api/bench/scrape-pages.ts');

export {};
