/**
 * The SQL of aggregators (the aggregators area, README.md): the price-comparison portals, and a
 * website's products as they are listed on them (filtered, sorted, one page at a time).
 * No access checks here: the resolvers (resolvers.ts) check the caller before calling.
 */
import type { Queryable } from '../db/transaction.ts';
import type { AggregatorListingSort } from '../graphql/generated/resolvers.ts';
import { eanOf, likePattern, toIso, toNumber } from '../catalogue/catalogue-scope.ts';
import { normalizeGtin } from '../matching/gtin.ts';

export const LISTING_SORTS: Record<AggregatorListingSort, string> = {
  PRODUCT_NAME_ASC: 'p.name ASC, a.name ASC, l.id ASC',
  PRODUCT_NAME_DESC: 'p.name DESC, a.name DESC, l.id DESC',
  LOWEST_PRICE_ASC: 'l.lowest_price ASC NULLS LAST, p.name ASC, l.id ASC',
  LOWEST_PRICE_DESC: 'l.lowest_price DESC NULLS LAST, p.name ASC, l.id ASC',
  OFFERS_COUNT_ASC: 'l.offers_count ASC, p.name ASC, l.id ASC',
  OFFERS_COUNT_DESC: 'l.offers_count DESC, p.name ASC, l.id ASC',
  OUR_RANK_ASC: 'l.our_rank ASC NULLS LAST, p.name ASC, l.id ASC',
  OUR_RANK_DESC: 'l.our_rank DESC NULLS LAST, p.name ASC, l.id ASC',
  SEEN_AT_DESC: 'l.seen_at DESC, p.name ASC, l.id ASC',
};

interface AggregatorRow {
  id: string;
  name: string;
  url: string;
}

interface ListingRow {
  id: string;
  offers_count: number;
  lowest_price: string | null;
  our_rank: number | null;
  url: string | null;
  seen_at: Date;
  aggregator_id: string;
  aggregator_name: string;
  aggregator_url: string;
  product_id: string;
  product_name: string;
  brand: string | null;
  gtin: string | null;
  price: string | null;
  currency: string;
}

const toAggregator = (row: AggregatorRow) => ({ id: row.id, name: row.name, url: row.url });

function toListing(row: ListingRow) {
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
}

export type AggregatorListingObject = ReturnType<typeof toListing>;

export async function listAggregators(db: Queryable) {
  const { rows } = await db.query<AggregatorRow>('SELECT id, name, url FROM aggregators ORDER BY name, id');
  return rows.map(toAggregator);
}

export interface ListingFilter {
  websiteId: string;
  aggregatorId: string | null;
  /** A GTIN (digits, spaces, dashes) matches the product's; other text its name, brand or code. */
  search: string | null;
  rankAtMost: number | null;
  /** true: only products we are not listed with; false: only those we are. */
  notListed: boolean | null;
  sort: AggregatorListingSort;
  limit: number;
  offset: number;
}

export async function listAggregatorListings(
  db: Queryable,
  filter: ListingFilter,
): Promise<{ rows: AggregatorListingObject[]; total: number }> {
  const params: unknown[] = [filter.websiteId];
  const conditions = ['p.organization_website_id = $1'];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.aggregatorId) conditions.push(`l.aggregator_id = ${add(filter.aggregatorId)}`);
  if (filter.search) {
    const gtin = /^[\d\s-]+$/.test(filter.search) ? normalizeGtin(filter.search) : null;
    if (gtin) conditions.push(`p.gtin = ${add(gtin)}`);
    else conditions.push(`p.search_text LIKE lower(${add(likePattern(filter.search))})`);
  }
  if (filter.rankAtMost != null) conditions.push(`l.our_rank <= ${add(filter.rankAtMost)}`);
  if (filter.notListed === true) conditions.push('l.our_rank IS NULL');
  if (filter.notListed === false) conditions.push('l.our_rank IS NOT NULL');
  const from = `aggregator_listings l JOIN products p ON p.id = l.product_id JOIN aggregators a ON a.id = l.aggregator_id WHERE ${conditions.join(' AND ')}`;
  const n = params.length;
  const [page, count] = await Promise.all([
    db.query<ListingRow>(
      `SELECT l.id, l.offers_count, l.lowest_price, l.our_rank, l.url, l.seen_at, a.id AS aggregator_id, a.name AS aggregator_name, a.url AS aggregator_url,
              p.id AS product_id, p.name AS product_name, p.brand, p.gtin, p.price, p.currency
         FROM ${from} ORDER BY ${LISTING_SORTS[filter.sort]} LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...params, filter.limit, filter.offset],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${from}`, params),
  ]);
  return { rows: page.rows.map(toListing), total: count.rows[0]!.total };
}
