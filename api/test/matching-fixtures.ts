/**
 * Matching scenarios for the decision suites: a fresh organization website of a demo
 * organization with its own competitors, products and candidate pairs (so the demo catalogue's
 * pairs never interfere), and the GraphQL documents the suites send.
 */
import type { Pool } from 'pg';
import { createOrganizationWebsite } from './helpers.ts';

export interface Scenario {
  siteId: string;
  competitors: Array<{ id: string; name: string }>;
  products: Array<{
    id: string;
    name: string;
    brand: string;
    category: string;
    price: number;
    gtin: string | null;
    pairs: Record<string, string[]>;
  }>;
}

let made = 0;

/** 12 digits and their GTIN check digit (an EAN-13). */
export function withCheckDigit(digits: string): string {
  const sum = [...digits].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return digits + String((10 - (sum % 10)) % 10);
}

/**
 * `products` products; at each of `competitors` competitors `candidates` candidate pairs per
 * product (WAITING, stage candidate), scores falling by 0.1 with the product index (so the
 * queue's priority follows the index) and by 0.2 with the rank, priced 10% x (rank + 1) under
 * ours; the best candidate carries the product's EAN. Brands alternate Acme/Bolt, categories
 * Kettles/Toasters.
 */
export async function buildScenario(
  pool: Pool,
  organizationId: string,
  options: { products: number; competitors: number; candidates: number },
): Promise<Scenario> {
  made += 1;
  const site = await createOrganizationWebsite(pool, organizationId);
  const competitors: Scenario['competitors'] = [];
  for (let c = 0; c < options.competitors; c += 1) {
    const name = `Rival ${String.fromCharCode(65 + c)} ${made}`;
    const { rows } = await pool.query(
      'INSERT INTO competitors (organization_website_id, name, url) VALUES ($1, $2, $3) RETURNING id',
      [site.id, name, `https://rival-${c}-${made}-${process.pid}.example`],
    );
    competitors.push({ id: rows[0].id, name });
  }
  const products: Scenario['products'] = [];
  for (let i = 0; i < options.products; i += 1) {
    const brand = i % 2 ? 'Bolt' : 'Acme';
    const category = i % 3 ? 'Kettles' : 'Toasters';
    const price = 100 + i * 10;
    const gtin = withCheckDigit(`00000${String(1000000 + made * 1000 + i)}`.slice(-12));
    const name = `${brand} Scenario Kettle K${100 + i} ${made}`;
    const { rows } = await pool.query(
      `INSERT INTO products (organization_website_id, item_id, name, brand, category, price) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [site.id, `S${made}-${i}`, name, brand, category, price],
    );
    const pairs: Record<string, string[]> = {};
    for (const competitor of competitors) {
      pairs[competitor.id] = [];
      for (let k = 0; k < options.candidates; k += 1) {
        const cp = await pool.query(
          `INSERT INTO competitor_products (competitor_id, external_id, name, brand, gtin, price) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [
            competitor.id,
            `X${i}-${k}`,
            `${brand} Kettle K${100 + i}${k ? ` variant ${k}` : ''}`,
            brand,
            k === 0 ? `0${gtin}`.slice(-14) : null,
            price * (1 - (k + 1) / 10),
          ],
        );
        const score = Math.max(0.05, 0.95 - i * 0.1 - k * 0.2);
        const m = await pool.query(
          `INSERT INTO product_matches (product_id, competitor_product_id, score, evidence, waiting_since)
           VALUES ($1, $2, $3, $4, now() - make_interval(hours => $5)) RETURNING id`,
          [
            rows[0].id,
            cp.rows[0].id,
            score,
            JSON.stringify({
              matchedIdentifiers: k === 0 ? ['gtin'] : [],
              brandEqual: true,
              nameSimilarity: 0.8,
              sharedWords: ['kettle', brand.toLowerCase()],
              sharedModelNumbers: [`K${100 + i}`],
              // the engine's relation (score.ts): the first candidate writes our code alike, the
              // others as two words ('K101' / 'K 101 variant 1' read so)
              relatedModelNumbers: [
                {
                  left: `K${100 + i}`,
                  right: `K${100 + i}`,
                  relation: k === 0 ? 'exact' : 'partial',
                  leftIn: 'name',
                  rightIn: 'name',
                  ...(k === 0 ? {} : { apart: 'right' }),
                },
              ],
              modelNumbersConflict: false,
            }),
            i,
          ],
        );
        pairs[competitor.id]!.push(m.rows[0].id);
      }
    }
    products.push({ id: rows[0].id, name, brand, category, price, gtin: `0${gtin}`.slice(-14), pairs });
  }
  return { siteId: site.id, competitors, products };
}

/** The six statistics recounted from the pairs themselves, overall and per competitor. */
export async function recount(pool: Pool, siteId: string) {
  const { rows } = await pool.query(
    `SELECT c.id,
            count(m.id) FILTER (WHERE m.status = 'MATCHED')::int AS matched,
            count(m.id) FILTER (WHERE m.status = 'WAITING' AND m.stage = 'candidate')::int AS "waitingToMatch",
            count(m.id) FILTER (WHERE m.status = 'WAITING' AND m.stage = 'confirmation')::int AS "waitingToConfirm",
            count(m.id) FILTER (WHERE m.status = 'SKIPPED')::int AS skipped,
            count(m.id) FILTER (WHERE m.status = 'NEVER_MATCH')::int AS "neverMatch",
            count(m.id) FILTER (WHERE m.status = 'EXPIRED')::int AS expired
       FROM competitors c LEFT JOIN product_matches m ON m.competitor_id = c.id
      WHERE c.organization_website_id = $1 GROUP BY c.id, c.name ORDER BY c.name, c.id`,
    [siteId],
  );
  const overall = { matched: 0, waitingToMatch: 0, waitingToConfirm: 0, skipped: 0, neverMatch: 0, expired: 0 };
  for (const r of rows) for (const key of Object.keys(overall) as (keyof typeof overall)[]) overall[key] += r[key];
  return { overall, competitors: rows.map(({ id, ...statistics }) => ({ id, statistics })) };
}

/** The matching queue's size recounted from the pairs: products waiting to match, overall and per competitor. */
export async function recountQueue(pool: Pool, siteId: string) {
  const { rows } = await pool.query(
    `SELECT c.id, (SELECT count(DISTINCT m.product_id)::int FROM product_matches m WHERE m.competitor_id = c.id AND m.status = 'WAITING' AND m.stage = 'candidate') AS n
       FROM competitors c WHERE c.organization_website_id = $1 ORDER BY c.name, c.id`,
    [siteId],
  );
  const all = await pool.query(
    `SELECT count(DISTINCT m.product_id)::int AS n FROM product_matches m JOIN products p ON p.id = m.product_id
      WHERE p.organization_website_id = $1 AND m.status = 'WAITING' AND m.stage = 'candidate'`,
    [siteId],
  );
  return {
    products: all.rows[0].n as number,
    competitors: rows.map((r) => ({ id: r.id as string, products: r.n as number })),
  };
}

export const STATS_FIELDS = 'matched waitingToMatch waitingToConfirm skipped neverMatch expired';
export const SUMMARY = 'id itemId name brand ean mpn category price currency imageUrl url';
export const CP = 'id externalId name brand ean mpn price currency availability url seenAt';
export const PAIR = `id status stage version score priceDifference priceDifferencePercent updatedAt
  evidence { gtinEqual mpnEqual brandEqual nameSimilarity sharedWords sharedModelNumbers
    relatedModelNumbers { ours theirs relation apart oursIn theirsIn } modelNumbersConflict raw } competitorProduct { ${CP} }`;
export const MATCHING_PRODUCT = `product { ${SUMMARY} } waitingToMatch lease { productId userId userEmail mine expiresAt }
  competitors { competitor { id name } matchingMode pairs { ${PAIR} } }`;
export const DECISION = `id decidedAt actor { id email } event source matchId product { id name } competitor { id name } competitorProduct { id name }
  statusBefore stageBefore statusAfter stageAfter version score causedBy reverts revertedBy revertable`;
export const RESULT = `decisions { ${DECISION} } replayed product { ${MATCHING_PRODUCT} }`;

export const Q = {
  queue: `query MatchingQueue($organizationWebsiteId: ID!, $filter: MatchingQueueFilter, $limit: Int!, $offset: Int!) {
    matchingQueue(organizationWebsiteId: $organizationWebsiteId, filter: $filter, limit: $limit, offset: $offset) {
      data { product { ${SUMMARY} } candidates bestScore priceGapPercent waitingSince priority lease { userId mine expiresAt } }
      meta { pagination { total totalIsEstimate } counts { ${STATS_FIELDS} } } } }`,
  product: `query MatchingProduct($productId: ID!) { matchingProduct(productId: $productId) { ${MATCHING_PRODUCT} } }`,
  search: `query MatchingCompetitorSearch($productId: ID!, $competitorId: ID!, $search: String!, $limit: Int) {
    matchingCompetitorSearch(productId: $productId, competitorId: $competitorId, search: $search, limit: $limit) {
      competitorProduct { ${CP} } similarity pairStatus pairStage } }`,
  confirmation: `query MatchingConfirmationQueue($organizationWebsiteId: ID!, $filter: MatchingQueueFilter, $limit: Int, $offset: Int!) {
    matchingConfirmationQueue(organizationWebsiteId: $organizationWebsiteId, filter: $filter, limit: $limit, offset: $offset) {
      data { pair { ${PAIR} } product { ${SUMMARY} } competitor { id name } requestedBy { id email } requestedAt }
      meta { pagination { total totalIsEstimate } } } }`,
  log: `query MatchingLog($organizationWebsiteId: ID!, $filter: MatchingLogFilter, $limit: Int!, $offset: Int!) {
    matchingLog(organizationWebsiteId: $organizationWebsiteId, filter: $filter, limit: $limit, offset: $offset) {
      data { ${DECISION} } meta { pagination { total totalIsEstimate } } } }`,
  logExport: `query MatchingLogExport($organizationWebsiteId: ID!, $filter: MatchingLogFilter) {
    matchingLogExport(organizationWebsiteId: $organizationWebsiteId, filter: $filter) { csv rows truncated } }`,
  timeline: `query MatchingProductTimeline($productId: ID!, $limit: Int) { matchingProductTimeline(productId: $productId, limit: $limit) { ${DECISION} } }`,
  statistics: `query MatchingStatistics($organizationWebsiteId: ID!) { matchingStatistics(organizationWebsiteId: $organizationWebsiteId) {
    overall { ${STATS_FIELDS} } competitors { competitor { id name } statistics { ${STATS_FIELDS} } } productsWaitingToMatch } }`,
  claimNext: `mutation MatchingClaimNext($organizationWebsiteId: ID!, $filter: MatchingQueueFilter, $count: Int, $excludeProductIds: [ID!]) {
    matchingClaimNext(organizationWebsiteId: $organizationWebsiteId, filter: $filter, count: $count, excludeProductIds: $excludeProductIds) { ${MATCHING_PRODUCT} } }`,
  claim: `mutation MatchingClaimProduct($productId: ID!) { matchingClaimProduct(productId: $productId) { productId userId userEmail mine expiresAt } }`,
  release: `mutation MatchingReleaseProduct($productId: ID!) { matchingReleaseProduct(productId: $productId) }`,
  decide: `mutation MatchingDecide($input: MatchingDecisionInput!) { matchingDecide(input: $input) { ${RESULT} } }`,
  skipProduct: `mutation MatchingSkipProduct($input: MatchingSkipProductInput!) { matchingSkipProduct(input: $input) { ${RESULT} } }`,
  pick: `mutation MatchingPick($input: MatchingPickInput!) { matchingPick(input: $input) { ${RESULT} } }`,
  undo: `mutation MatchingUndo($input: MatchingUndoInput!) { matchingUndo(input: $input) { ${RESULT} } }`,
  confirm: `mutation MatchingConfirm($input: MatchingConfirmInput!) { matchingConfirm(input: $input) {
    decisions { ${DECISION} } failed { matchId code reason message } replayed } }`,
  revert: `mutation MatchingRevert($input: MatchingRevertInput!) { matchingRevert(input: $input) { ${RESULT} } }`,
};
