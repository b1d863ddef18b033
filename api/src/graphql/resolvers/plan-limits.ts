/**
 * Plan limits moved to the catalogue area (catalogue/plan-limits.ts). `Queryable` lives in
 * db/transaction.ts; this re-export serves insights/ and pricing/ until they import it from there.
 */
export type { Queryable } from '../../db/transaction.ts';
