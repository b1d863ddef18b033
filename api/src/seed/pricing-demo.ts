import type { Pool } from 'pg';
import { drainSuggestionWork } from '../pricing/recompute.ts';
import { ruleSettingsOf } from '../pricing/rules/validate.ts';
import { checkRuleAgainstWebsite, insertRule } from '../pricing/store/rules.ts';
import { DEMO_USERS } from './demo-users.ts';
import { demoCatalogueWebsites } from './matching-demo.ts';

/**
 * Demo price suggestion rules (`npm start`; the rules and the engine: api/src/pricing/README.md):
 * on every website the matching demo covers, two Active rules and a Draft, so that the rules
 * list, the products' suggestions with their explanations and Home's "suggestions waiting" show
 * what the engine does with the demo's matched prices from the first sign-in. Each rule goes through the same validation and website
 * checks as one written in the editor. None selects Husky products: the end-to-end test of price
 * suggestions writes its own rule for that brand and expects it to decide them.
 */
export const DEMO_RULES: Array<Record<string, unknown>> = [
  {
    name: 'Audio: stay within 3 % of the market average',
    status: 'ACTIVE',
    priority: 10,
    products: { brands: ['Sony', 'Philips', 'JBL', 'Bose', 'Sennheiser', 'Marshall'] },
    competitors: { mode: 'ALL', matchTypes: 'CONFIRMED_AND_AUTOMATIC' },
    strategy: { type: 'WITHIN_MARKET_AVERAGE', withinPercent: 3, tolerancePercent: 0.5 },
    bounds: { maxChangePercent: 10 },
    rounding: { mode: 'CHARM', ending: 'CENTS_99', direction: 'NEAREST' },
  },
  {
    name: 'Outdoor: beat the lowest price by 1 %',
    status: 'ACTIVE',
    priority: 20,
    products: { brands: ['Salomon', 'Deuter', 'Vango', 'Black Diamond', 'Osprey', 'Petzl'] },
    competitors: { mode: 'ALL', matchTypes: 'CONFIRMED_ONLY', minPrices: 1 },
    strategy: { type: 'BEAT_LOWEST', beatBy: 1, beatUnit: 'PERCENT', tolerancePercent: 0.5 },
    bounds: { maxChangePercent: 15 },
    rounding: { mode: 'CHARM', ending: 'CENTS_90', direction: 'DOWN' },
  },
  {
    name: 'Kitchen: match the median price',
    status: 'DRAFT',
    priority: 30,
    products: { brands: ['Bosch', 'Siemens', 'Tefal', 'DeLonghi'] },
    competitors: { mode: 'ALL' },
    strategy: { type: 'MATCH_MEDIAN' },
    bounds: {},
    rounding: { mode: 'STEP', step: 1, direction: 'NEAREST' },
  },
];

/** The demo rules' author: the provider's demo Admin (the rules belong to the customers' websites). */
const AUTHOR = DEMO_USERS.find((user) => user.roles.includes('Admin'))!;

/**
 * Writes the demo rules on each demo website that has the matching demo's competitor and no rule
 * yet, and works the suggestion recomputes they queue before returning. Answers how many
 * websites got them; a second call writes nothing.
 */
export async function seedPricingDemo(pool: Pool): Promise<number> {
  const websites = await demoCatalogueWebsites(pool, 'price_rules');
  for (const id of websites) {
    for (const input of DEMO_RULES) {
      const settings = ruleSettingsOf(input);
      await checkRuleAgainstWebsite(pool, id, settings, null);
      await insertRule(pool, id, settings, { id: AUTHOR.uid, email: AUTHOR.email });
    }
  }
  // The recomputes the Active rules queued, done here as the job worker would do them (so the
  // rules page shows the last full recompute, and none is left waiting ahead of the first change
  // a user makes once the console is open).
  if (websites.length) await drainSuggestionWork(pool);
  return websites.length;
}
