/**
 * Price-comparison portals and the selected website's products listed on them
 * (productsAggregators: every member reads). Another organization's website is NOT_FOUND.
 */
import { normalizeGtin } from '../../matching/gtin.ts';
import type { ApiContext } from '../context.ts';
import { badUserInput, forbidden } from '../errors.ts';
import { limitArg, offsetArg, searchArg, uuidArg } from '../validate.ts';
import { eanOf, findOrganizationWebsite, likePattern, toIso, toNumber } from './catalogue-scope.ts';
import type { Resolvers } from '../generated/resolvers.ts';

const SORTS = {
  PRODUCT_NAME_ASC: 'p.name ASC, a.name ASC, l.id ASC',
  PRODUCT_NAME_DESC: 'p.name DESC, a.name DESC, l.id DESC',
  LOWEST_PRICE_ASC: 'l.lowest_price ASC NULLS LAST, p.name ASC, l.id ASC',
  LOWEST_PRICE_DESC: 'l.lowest_price DESC NULLS LAST, p.name ASC, l.id ASC',
  OFFERS_COUNT_ASC: 'l.offers_count ASC, p.name ASC, l.id ASC',
  OFFERS_COUNT_DESC: 'l.offers_count DESC, p.name ASC, l.id ASC',
  OUR_RANK_ASC: 'l.our_rank ASC NULLS LAST, p.name ASC, l.id ASC',
  OUR_RANK_DESC: 'l.our_rank DESC NULLS LAST, p.name ASC, l.id ASC',
  SEEN_AT_DESC: 'l.seen_at DESC, p.name ASC, l.id ASC',
} as const;

const toAggregator = (row: { id: string; name: string; url: string }) => ({ id: row.id, name: row.name, url: row.url });

async function aggregators(_: unknown, __: unknown, ctx: ApiContext) {
  if (!(await ctx.can('productsAggregators', 'Read'))) throw forbidden('You may not read aggregators.');
  const { rows } = await ctx.pool.query('SELECT id, name, url FROM aggregators ORDER BY name, id');
  return rows.map(toAggregator);
}

async function aggregatorListingList(
  _: unknown,
  args: {
    organizationWebsiteId: string;
    aggregatorId?: string | null;
    search?: string | null;
    rankAtMost?: number | null;
    notListed?: boolean | null;
    sort?: keyof typeof SORTS | null;
    limit: number;
    offset: number;
  },
  ctx: ApiContext,
) {
  const websiteId = uuidArg('organizationWebsiteId', args.organizationWebsiteId);
  const aggregatorId = args.aggregatorId == null ? null : uuidArg('aggregatorId', args.aggregatorId);
  const search = searchArg('search', args.search);
  const limit = limitArg('limit', args.limit);
  const offset = offsetArg('offset', args.offset);
  if (args.rankAtMost != null && (!Number.isInteger(args.rankAtMost) || args.rankAtMost < 1))
    throw badUserInput('rankAtMost', 'must be an integer of 1 or more');
  const order = SORTS[args.sort ?? 'PRODUCT_NAME_ASC'];
  if (!order) throw badUserInput('sort', `must be one of ${Object.keys(SORTS).join(', ')}`);
  if (!(await ctx.can('productsAggregators', 'Read'))) throw forbidden('You may not read aggregator listings.');
  await findOrganizationWebsite(ctx.pool, ctx, websiteId);

  const params: unknown[] = [websiteId];
  const conditions = ['p.organization_website_id = $1'];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (aggregatorId) conditions.push(`l.aggregator_id = ${add(aggregatorId)}`);
  if (search) {
    const gtin = /^[\d\s-]+$/.test(search) ? normalizeGtin(search) : null;
    if (gtin) conditions.push(`p.gtin = ${add(gtin)}`);
    else conditions.push(`p.search_text LIKE lower(${add(likePattern(search))})`);
  }
  if (args.rankAtMost != null) conditions.push(`l.our_rank <= ${add(args.rankAtMost)}`);
  if (args.notListed === true) conditions.push('l.our_rank IS NULL');
  if (args.notListed === false) conditions.push('l.our_rank IS NOT NULL');
  const from = `aggregator_listings l JOIN products p ON p.id = l.product_id JOIN aggregators a ON a.id = l.aggregator_id WHERE ${conditions.join(' AND ')}`;
  const n = params.length;
  const [page, count] = await Promise.all([
    ctx.pool.query(
      `SELECT l.id, l.offers_count, l.lowest_price, l.our_rank, l.url, l.seen_at, a.id AS aggregator_id, a.name AS aggregator_name, a.url AS aggregator_url,
              p.id AS product_id, p.name AS product_name, p.brand, p.gtin, p.price, p.currency
         FROM ${from} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, limit, offset],
    ),
    ctx.pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${from}`, params),
  ]);
  const data = page.rows.map((row) => {
    const price = toNumber(row.price);
    const lowest = toNumber(row.lowest_price);
    return {
      id: row.id,
      aggregator: toAggregator({ id: row.aggregator_id, name: row.aggregator_name, url: row.aggregator_url }),
      product: {
        id: row.product_id,
        name: row.product_name,
        brand: row.brand,
        ean: eanOf(row.gtin),
        price,
        currency: row.currency,
      },
      offersCount: row.offers_count,
      lowestPrice: lowest,
      ourRank: row.our_rank,
      differenceToLowest: price === null || lowest === null ? null : Math.round((price - lowest) * 100) / 100,
      url: row.url,
      seenAt: toIso(row.seen_at)!,
    };
  });
  return { data, meta: { pagination: { total: count.rows[0]!.total } } };
}

export const aggregatorResolvers = {
  Query: { aggregators, aggregatorListingList },
} satisfies Resolvers;
