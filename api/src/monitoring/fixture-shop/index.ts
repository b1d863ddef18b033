export * from './catalogue.ts';
export { formatFixturePrice } from './pages.ts';
export {
  startFixtureShop,
  TRAPS,
  type FixtureShop,
  type FixtureShopInfo,
  type FixtureShopOptions,
  type TrapName,
} from './server.ts';
