/**
 * GET /price-feed/{organizationWebsiteId}: the website's suggested prices for the shop's systems
 * (api/src/pricing/README.md), authenticated with the website's API key (header X-Api-Key, or
 * `?key=`), not a user's token. `format` json (default), csv or xml; `accepted=true` only the
 * accepted suggestions, else every suggestion with a price. Streamed page by page (2,000 rows
 * per query, keyset on the product id): memory stays flat whatever the size.
 *   no key / a key the website never had -> 401; a rotated (revoked) key or a suspended
 *   organization -> 403; a bad format -> 400. The website's existence is not revealed to a
 *   caller without its key (401 either way).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Pool } from 'pg';
import type { Plugin } from 'graphql-yoga';
import { toNumber } from '../../catalogue/catalogue-scope.ts';
import { CONTENT_TYPES, FEED_FORMATS, feedHead, feedRow, feedTail, type FeedFormat } from './format.ts';

export const PRICE_FEED_PATH = '/price-feed/:organizationWebsiteId';
const ROUTE = /^\/price-feed\/([^/]+)\/?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAGE = 2000;

const failure = (status: number, code: string, message: string) =>
  new Response(JSON.stringify({ errors: [{ message, extensions: { code } }] }), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...(status === 401 ? { 'www-authenticate': 'ApiKey header="X-Api-Key"' } : {}),
    },
  });

const digest = (key: string) => createHash('sha256').update(key, 'utf8').digest();

/** 'ok', or why the key does not open this website's feed. */
export async function checkFeedKey(
  pool: Pool,
  websiteId: string,
  key: string | null,
): Promise<'ok' | 'unknown' | 'revoked' | 'suspended'> {
  if (!key || key.length > 200 || !UUID.test(websiteId)) return 'unknown';
  const { rows } = await pool.query<{ api_key: string; suspended: boolean; revoked: boolean }>(
    `SELECT ow.api_key, o.suspended,
            EXISTS (SELECT 1 FROM price_feed_revoked_keys k WHERE k.key_digest = $2 AND k.organization_website_id = ow.id) AS revoked
       FROM organization_websites ow JOIN organizations o ON o.id = ow.organization_id WHERE ow.id = $1`,
    [websiteId, digest(key)],
  );
  const row = rows[0];
  if (!row) return 'unknown';
  const given = digest(key);
  if (timingSafeEqual(given, digest(row.api_key))) return row.suspended ? 'suspended' : 'ok';
  return row.revoked ? 'revoked' : 'unknown';
}

interface FeedDbRow {
  product_id: string;
  item_id: string;
  name: string;
  currency: string;
  current_price: string | null;
  suggested_price: string;
  change: string | null;
  change_percent: string | null;
  outcome: string;
  review: string;
}

/** The feed's body: pulls one page per read the client makes (backpressure), so memory stays flat. */
export function feedStream(
  pool: Pool,
  websiteId: string,
  format: FeedFormat,
  acceptedOnly: boolean,
  now = new Date(),
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let afterId: string | null = null;
  let first = true;
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(feedHead(format, { websiteId, generatedAt: now.toISOString(), acceptedOnly })));
    },
    async pull(controller) {
      if (done) return;
      const { rows } = await pool.query<FeedDbRow>(
        `SELECT s.product_id, p.item_id, p.name, s.currency, s.current_price, s.suggested_price, s.change, s.change_percent, s.outcome, s.review
           FROM price_suggestions s JOIN products p ON p.id = s.product_id
          WHERE s.organization_website_id = $1 AND s.suggested_price IS NOT NULL AND ($2::uuid IS NULL OR s.product_id > $2::uuid)
            AND ${acceptedOnly ? "s.review = 'ACCEPTED'" : 'true'}
          ORDER BY s.product_id LIMIT ${PAGE}`,
        [websiteId, afterId],
      );
      let chunk = '';
      for (const r of rows) {
        chunk += feedRow(
          format,
          {
            itemId: r.item_id,
            name: r.name,
            currency: r.currency.trim(),
            currentPrice: toNumber(r.current_price),
            suggestedPrice: Number(r.suggested_price),
            change: toNumber(r.change),
            changePercent: toNumber(r.change_percent),
            outcome: r.outcome,
            review: r.review,
          },
          first,
        );
        first = false;
      }
      if (rows.length) afterId = rows[rows.length - 1]!.product_id;
      if (rows.length < PAGE) {
        chunk += feedTail(format);
        done = true;
      }
      if (chunk) controller.enqueue(encoder.encode(chunk));
      if (done) controller.close();
    },
  });
}

export async function handlePriceFeed(request: Request, url: URL, websiteId: string, pool: Pool): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return failure(405, 'METHOD_NOT_ALLOWED', 'The price feed is read with GET.');
  const key = request.headers.get('x-api-key') ?? url.searchParams.get('key');
  const verdict = await checkFeedKey(pool, websiteId, key);
  if (verdict === 'unknown')
    return failure(
      401,
      'UNAUTHENTICATED',
      "Send the website's API key (header X-Api-Key): this key does not open this price feed.",
    );
  if (verdict === 'revoked')
    return failure(
      403,
      'FORBIDDEN',
      "This API key was replaced and no longer opens the price feed; use the website's current key.",
    );
  if (verdict === 'suspended')
    return failure(403, 'FORBIDDEN', 'The organization is suspended: its price feed is closed.');
  const format = (url.searchParams.get('format') ?? 'json').toLowerCase() as FeedFormat;
  if (!FEED_FORMATS.includes(format)) return failure(400, 'BAD_USER_INPUT', 'format must be json, csv or xml.');
  const accepted = url.searchParams.get('accepted');
  if (accepted !== null && accepted !== 'true' && accepted !== 'false')
    return failure(400, 'BAD_USER_INPUT', 'accepted must be true or false.');
  const headers = {
    'content-type': CONTENT_TYPES[format],
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(feedStream(pool, websiteId.toLowerCase(), format, accepted === 'true'), { status: 200, headers });
}

/** The route in front of GraphQL (app.ts), like the feed uploads. */
export function usePriceFeed(deps: { pool: Pool }): Plugin {
  return {
    async onRequest({ request, url, endResponse }) {
      const match = ROUTE.exec(url.pathname);
      if (!match) return;
      endResponse(await handlePriceFeed(request, url, decodeURIComponent(match[1]!), deps.pool));
    },
  };
}
