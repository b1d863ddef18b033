/**
 * `npm run match:eval -- --left LEFT.csv --right RIGHT.csv --top 10 --out OUT.csv [--truth MAP.csv]`:
 * runs the matching engine on two CSV files on an embedded database (no server needed).
 */
await import('../api/src/matching/eval-cli.ts');

export {};
