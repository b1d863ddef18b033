/**
 * `npm run match:eval -- --left LEFT.csv --right RIGHT.csv --top 10 --out OUT.csv [--truth MAP.csv]`:
 * runs the matching engine on two CSV files on an embedded database (no server needed).
 * `npm run match:eval -- --lodo [--datasets DIR] [--write-model FILE --model-version V]`: the
 * leave-one-dataset-out report on the development sets (api/src/matching/lodo-report.ts).
 */
await import('../api/src/matching/eval-cli.ts');

export {};
