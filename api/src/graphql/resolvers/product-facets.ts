/**
 * productFacets: the brands and categories the products list can be filtered by exactly, for
 * the console's filter pickers. Reading needs Read on products and the website in the
 * caller's scope (another organization's is NOT_FOUND), like the list itself.
 */
import type { ApiContext } from '../context.ts';
import { forbidden } from '../errors.ts';
import { limitArg, uuidArg } from '../validate.ts';
import { findOrganizationWebsite } from './catalogue-scope.ts';

interface FacetRow {
  value: string;
  count: number;
}

// Each column is read from an index that starts with (organization_website_id, column).
const FACET_SQL = {
  brand: `SELECT brand AS value, count(*)::int AS count FROM products
           WHERE organization_website_id = $1 AND brand IS NOT NULL AND brand <> ''
           GROUP BY brand ORDER BY count(*) DESC, brand LIMIT $2`,
  category: `SELECT category AS value, count(*)::int AS count FROM products
              WHERE organization_website_id = $1 AND category IS NOT NULL AND category <> ''
              GROUP BY category ORDER BY count(*) DESC, category LIMIT $2`,
} as const;

async function productFacets(
  _: unknown,
  args: { organizationWebsiteId: string; limit?: number | null },
  ctx: ApiContext,
) {
  const websiteId = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  const limit = limitArg('limit', args.limit ?? 200);
  if (!(await ctx.can('products', 'Read'))) throw forbidden('You may not read products.');
  await findOrganizationWebsite(ctx.pool, ctx, websiteId);
  const [brands, categories] = await Promise.all([
    ctx.pool.query<FacetRow>(FACET_SQL.brand, [websiteId, limit]),
    ctx.pool.query<FacetRow>(FACET_SQL.category, [websiteId, limit]),
  ]);
  return { brands: brands.rows, categories: categories.rows };
}

export const productFacetResolvers = { Query: { productFacets } };
