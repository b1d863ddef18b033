/**
 * Every area's resolvers, merged into one map. An area exports a `Resolvers`-shaped object from
 * its own module and is added here with one line.
 */
import { organizationWebsiteResolvers } from '../../websites/organization-websites.ts';
import { profileResolvers } from '../../users/profile.ts';
import { organizationResolvers } from '../../organizations/organizations.ts';
import { billingResolvers } from '../../organizations/billing.ts';
import { userAdminResolvers } from '../../users/user-admin.ts';
import { feedResolvers } from '../../feeds/resolvers.ts';
import { websitesAdminResolvers } from '../../websites/websites-admin.ts';
import { competitorResolvers } from '../../catalogue/competitors.ts';
import { competitorProductResolvers } from '../../catalogue/competitor-products.ts';
import { productResolvers } from '../../catalogue/products.ts';
import { aggregatorResolvers } from '../../aggregators/resolvers.ts';
import { supportResolvers } from '../../support/resolvers.ts';
import { matchingResolvers } from '../../matching/api/resolvers.ts';
import { pricingResolvers } from '../../pricing/resolvers.ts';
import { monitoringResolvers } from '../../monitoring/resolvers.ts';
import { insightsResolvers } from '../../insights/resolvers.ts';

type ResolverMap = Record<string, Record<string, unknown>>;

const areas: ResolverMap[] = [
  organizationWebsiteResolvers,
  profileResolvers,
  organizationResolvers,
  billingResolvers,
  userAdminResolvers,
  feedResolvers,
  websitesAdminResolvers,
  competitorResolvers,
  competitorProductResolvers,
  productResolvers,
  aggregatorResolvers,
  supportResolvers,
  matchingResolvers,
  pricingResolvers,
  monitoringResolvers,
  insightsResolvers,
];

export const resolvers: ResolverMap = {};
for (const area of areas) {
  for (const [type, fields] of Object.entries(area)) {
    for (const field of Object.keys(fields)) {
      if (resolvers[type]?.[field]) throw new Error(`Resolver ${type}.${field} is defined twice`);
    }
    resolvers[type] = { ...resolvers[type], ...fields };
  }
}
