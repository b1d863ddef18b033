/**
 * `npm run bench:products -- [options]`: the API benchmark api/bench/products.ts (its header lists the options).
 */
await import('../api/bench/products.ts');

export {};
