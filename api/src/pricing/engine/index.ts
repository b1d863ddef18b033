/** The suggestion engine: pure functions, no database (api/src/pricing/README.md). */
export * from './types.ts';
export { currencyDecimals, roundMoney, percentChange } from './money.ts';
export { competitorPrices } from './offers.ts';
export { roundPrice } from './rounding.ts';
export { suggest } from './suggest.ts';
export { selectorOf, decidingRule } from './selection.ts';
