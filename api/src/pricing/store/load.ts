/**
 * Reads products with their MATCHED competitor offers for the engine, in batches by id (one
 * statement per batch: each product's offers come as one JSON array, so a batch of 2,000
 * products with 20,000 offers is one round trip and 2,000 rows).
 */
import type { Queryable } from '../../db/transaction.ts';
import type { CompetitorOffer, ProductFacts } from '../engine/types.ts';
import type { SqlPart } from './selection-sql.ts';

export interface LoadedProduct extends ProductFacts {
  active: boolean;
  offers: CompetitorOffer[];
}

export interface Competitors {
  /** Active competitors of the website by id: their names. Offers of others are left out. */
  names: Map<string, string>;
  /** Their ids in a fixed order: `websiteProductsSql` names a competitor by its place here (1, 2, ...). */
  ids: string[];
}

export async function loadCompetitors(db: Queryable, websiteId: string): Promise<Competitors> {
  const { rows } = await db.query<{ id: string; name: string }>(
    'SELECT id, name FROM competitors WHERE organization_website_id = $1 AND active ORDER BY id',
    [websiteId],
  );
  return { names: new Map(rows.map((r) => [r.id, r.name])), ids: rows.map((r) => r.id) };
}

/**
 * Whether a MATCHED pair was matched by the matching engine on its own: its latest decision into
 * MATCHED is an automatic match (api/src/matching/STATE.md). Pairs without a decision (imported
 * or seeded as MATCHED) count as confirmed. Read only when a rule asks for confirmed matches.
 */
const AUTOMATIC = `coalesce((SELECT d.event = 'automatic_match' FROM matching_decisions d
   WHERE d.match_id = m.id AND d.status_after = 'MATCHED' ORDER BY d.id DESC LIMIT 1), false)`;

type OfferTuple = [
  /** The competitor's id, or its place in `Competitors.ids` (from 1; websiteProductsSql). */
  competitor: string | number,
  price: number,
  currency: string,
  availability: string | null,
  seenAt: number,
  automatic: boolean,
];

interface ProductRow {
  id: string;
  brand: string | null;
  category: string | null;
  price: string | null;
  stock: number | null;
  cost: string | null;
  map: string | null;
  rrp: string | null;
  currency: string;
  active: boolean;
  offers: OfferTuple[] | null;
}

const num = (value: string | null) => (value == null ? null : Number(value));

function productSql(where: string, needAutomatic: boolean, tail: string): string {
  return `SELECT p.id, p.brand, p.category, p.price, p.stock, p.cost, p.map, p.rrp, p.currency, p.active,
    (SELECT json_agg(json_build_array(cp.competitor_id, cp.price, cp.currency, cp.availability,
                                      floor(extract(epoch FROM cp.seen_at) * 1000), ${needAutomatic ? AUTOMATIC : 'false'}))
       FROM product_matches m JOIN competitor_products cp ON cp.id = m.competitor_product_id
      WHERE m.product_id = p.id AND m.status = 'MATCHED' AND cp.price IS NOT NULL) AS offers
  FROM products p WHERE ${where} ${tail}`;
}

function toLoaded(row: ProductRow, competitors: Competitors): LoadedProduct {
  const offers: CompetitorOffer[] = [];
  for (const [competitor, price, currency, availability, seenAt, automatic] of row.offers ?? []) {
    const competitorId = typeof competitor === 'number' ? competitors.ids[competitor - 1] : competitor;
    const competitorName = competitorId === undefined ? undefined : competitors.names.get(competitorId);
    if (competitorId === undefined || competitorName === undefined) continue;
    offers.push({
      competitorId,
      competitorName,
      price: Number(price),
      currency: currency.trim(),
      availability,
      seenAt: Number(seenAt),
      automatic,
    });
  }
  return {
    id: row.id,
    brand: row.brand,
    category: row.category,
    price: num(row.price),
    stock: row.stock,
    cost: num(row.cost),
    map: num(row.map),
    rrp: num(row.rrp),
    currency: row.currency.trim(),
    active: row.active,
    offers,
  };
}

/** The website's products after `afterId` (id order), at most `limit`, optionally only those `condition` (parameters from $4) selects. */
export async function loadProductPage(
  db: Queryable,
  websiteId: string,
  competitors: Competitors,
  options: { afterId: string | null; limit: number; needAutomatic: boolean; condition?: SqlPart },
): Promise<LoadedProduct[]> {
  const condition = options.condition ? ` AND ${options.condition.sql}` : '';
  const { rows } = await db.query<ProductRow>(
    productSql(
      `p.organization_website_id = $1 AND ($2::uuid IS NULL OR p.id > $2::uuid)${condition}`,
      options.needAutomatic,
      'ORDER BY p.id LIMIT $3',
    ),
    [websiteId, options.afterId, options.limit, ...(options.condition?.params ?? [])],
  );
  return rows.map((row) => toLoaded(row, competitors));
}

/**
 * Every product of the website with its offers in ONE statement for a full recompute: the matched
 * pairs of the website's competitors are joined once (hash joins over the tables, sorted by
 * product) instead of two index look-ups per offer per product, which made the paged read most
 * of a full recompute's time (api/src/pricing/README.md, "Benchmark"). `$2` is `Competitors.ids`:
 * an offer names its competitor by its place in that list (1, 2, ...), not by its id, which made
 * a third of the statement's text (about 1 KB per product at 10 offers). Rows come in no order.
 */
export function websiteProductsSql(needAutomatic: boolean): string {
  return `SELECT p.id, p.brand, p.category, p.price, p.stock, p.cost, p.map, p.rrp, p.currency, p.active, o.offers
    FROM products p LEFT JOIN (
      SELECT m.product_id, json_agg(json_build_array(c.n, cp.price, cp.currency, cp.availability,
                                    floor(extract(epoch FROM cp.seen_at) * 1000), ${needAutomatic ? AUTOMATIC : 'false'})) AS offers
        FROM unnest($2::uuid[]) WITH ORDINALITY AS c (id, n)
        JOIN competitor_products cp ON cp.competitor_id = c.id
        JOIN product_matches m ON m.competitor_product_id = cp.id AND m.status = 'MATCHED'
       WHERE cp.price IS NOT NULL
       GROUP BY m.product_id) o ON o.product_id = p.id
   WHERE p.organization_website_id = $1`;
}

/** Rows of `websiteProductsSql` as the engine reads them. */
export function toLoadedProducts(rows: unknown[], competitors: Competitors): LoadedProduct[] {
  return (rows as ProductRow[]).map((row) => toLoaded(row, competitors));
}

/** The given products of the website (inactive ones too: they lose their suggestion). */
export async function loadProducts(
  db: Queryable,
  websiteId: string,
  competitors: Competitors,
  ids: string[],
  needAutomatic: boolean,
): Promise<LoadedProduct[]> {
  const { rows } = await db.query<ProductRow>(
    productSql('p.organization_website_id = $1 AND p.id = ANY($2::uuid[])', needAutomatic, ''),
    [websiteId, ids],
  );
  return rows.map((row) => toLoaded(row, competitors));
}
