/**
 * Demo data for a fresh database: three invented shop organizations, their websites (enough that
 * the picker's limit of 500 is exceeded), product feeds for some of them, and the DEMO_USERS.
 * Idempotent: organizations and websites are created only when the demo organizations are
 * absent, users only when their uid is absent, all in one transaction.
 */
import type { Pool } from 'pg';
import { inTransaction } from '../db/transaction.ts';
import { DEMO_USERS, type DemoUser } from './demo-users.ts';
import { seedCatalogueDemo } from './catalogue-demo.ts';
import { seedPricingDemo } from './pricing-demo.ts';
import { seedMatchingDecisions, seedMatchingRuns } from './matching-demo.ts';
import { seedInsightsHistory } from '../insights/demo.ts';
import { foldChanges } from '../insights/fold.ts';

type OrganizationKey = NonNullable<DemoUser['organization']>;

export const DEMO_ORGANIZATIONS: ReadonlyArray<{ slug: OrganizationKey; name: string; plan: string; share: number }> = [
  { slug: 'northwind', name: 'Northwind Outdoor Supply', plan: 'enterprise', share: 79 },
  { slug: 'bohemia', name: 'Bohemia Glass & Home', plan: 'business', share: 12 },
  { slug: 'danube', name: 'Danube Electronics', plan: 'starter', share: 9 },
];

const BRANDS = [
  'Alpine',
  'Baltic',
  'Carpathian',
  'Elbe',
  'Forest',
  'Granite',
  'Harbor',
  'Juniper',
  'Kestrel',
  'Linden',
  'Meadow',
  'Nordic',
  'Oakwood',
  'Pinecrest',
  'Riverside',
  'Summit',
  'Timber',
  'Upland',
  'Valley',
  'Willow',
  'Zenith',
  'Amber',
  'Cedar',
  'Falcon',
];
const CATEGORIES = [
  'Outdoor',
  'Kitchen',
  'Garden',
  'Electronics',
  'Toys',
  'Books',
  'Sports',
  'Fashion',
  'Pets',
  'Home',
  'Tools',
  'Beauty',
  'Bikes',
  'Audio',
  'Coffee',
  'Lighting',
];
const KINDS = ['Shop', 'Store', 'Market', 'Outlet', 'Depot', 'House'];
const COUNTRIES = ['CZ', 'SK', 'DE', 'AT', 'PL', 'HU'];
const SEED_LOCK = 4_000_002;

export interface SeedResult {
  organizations: number;
  websites: number;
  users: number;
}

/**
 * `matching`: then the first matching run of the demo catalogue websites (matching-demo.ts),
 * worked before this returns, and the demo Owner's first decisions on its proposals (the API does
 * both on its first start; suites leave them out).
 * `history` (default as `matching`): 90 days of competitor price history for the insights
 * (api/src/insights/demo.ts).
 */
export async function seedDemoData(
  pool: Pool,
  { websites = 660, matching = false, history }: { websites?: number; matching?: boolean; history?: boolean } = {},
): Promise<SeedResult> {
  const result = await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const result: SeedResult = { organizations: 0, websites: 0, users: 0 };
    const existing = await client.query('SELECT 1 FROM organizations WHERE slug = ANY($1::text[])', [
      DEMO_ORGANIZATIONS.map((o) => o.slug),
    ]);
    if (existing.rowCount === 0) {
      for (const org of DEMO_ORGANIZATIONS) {
        await client.query('INSERT INTO organizations (slug, name, plan) VALUES ($1, $2, $3)', [
          org.slug,
          org.name,
          org.plan,
        ]);
      }
      result.organizations = DEMO_ORGANIZATIONS.length;
      result.websites = await insertWebsites(client, 1, websites);
      // Fresh statistics, so the planner uses the picker's indexes from the first request.
      await client.query('ANALYZE organizations, websites, organization_websites, product_feeds');
    }
    for (const user of DEMO_USERS) {
      const inserted = await client.query(
        `INSERT INTO app_users (id, email, roles, organization_id)
         VALUES ($1, $2, $3, (SELECT id FROM organizations WHERE slug = $4))
         ON CONFLICT (id) DO NOTHING`,
        [user.uid, user.email, user.roles, user.organization],
      );
      result.users += inserted.rowCount ?? 0;
    }
    await seedBillingHistory(client);
    await seedCatalogueDemo(client);
    // 90 days of competitor price history for the insights' charts (npm start; suites that want it ask).
    if (history ?? matching) await seedInsightsHistory(client);
    return result;
  });
  if (matching) {
    await seedMatchingRuns(pool);
    // The demo Owner's first decisions, so the calibration estimates and the log has a history.
    await seedMatchingDecisions(pool);
    // Rules on the matched demo websites, their suggestions computed from the matches just made;
    // on the first run only, so rules a user deleted do not come back at the next start.
    if (result.organizations > 0) await seedPricingDemo(pool);
  }
  // The insights' rollups take in what the seed wrote (the job worker would within seconds).
  await foldChanges(pool);
  return result;
}

/**
 * Inserts websites number `from`..`to` in one statement: each gets an invented shop name, a
 * URL under the reserved .example domain, an organization by the shares above, and every third
 * one a product feed.
 */
async function insertWebsites(client: { query: Pool['query'] }, from: number, count: number): Promise<number> {
  if (count <= 0) return 0;
  const [first, second] = DEMO_ORGANIZATIONS;
  const { rows } = await client.query(
    `WITH src AS (
       SELECT i,
              ($3::text[])[1 + i % 24] || ' ' || ($4::text[])[1 + (i / 24) % 16] || ' ' ||
              ($5::text[])[1 + (i * 7 + i / 16) % 6] || ' ' || ($6::text[])[1 + (i * 5 + i / 96) % 6] AS name,
              CASE WHEN i % 100 < $7 THEN $9 WHEN i % 100 < $7 + $8 THEN $10 ELSE $11 END AS slug
         FROM generate_series($1::int, $2::int) AS i
     ),
     w AS (
       INSERT INTO websites (name, url)
       SELECT name, 'https://' || lower(replace(name, ' ', '-')) || '-' || i || '.shop.example' FROM src
       RETURNING id, url
     ),
     ow AS (
       INSERT INTO organization_websites (organization_id, website_id, name)
       SELECT o.id, w.id, src.name
         FROM src
         JOIN w ON w.url = 'https://' || lower(replace(src.name, ' ', '-')) || '-' || src.i || '.shop.example'
         JOIN organizations o ON o.slug = src.slug
       RETURNING id, name, website_id
     ),
     feeds AS (
       INSERT INTO product_feeds (organization_website_id, name, url, format, schedule)
       SELECT ow.id, ow.name || ' catalogue', w.url || '/feed.xml', 'xml', 'daily'
         FROM ow JOIN w ON w.id = ow.website_id
        WHERE (substring(w.url from '-([0-9]+)\\.shop\\.example$'))::int % 3 = 0
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM ow)::int AS websites`,
    [
      from,
      from + count - 1,
      BRANDS,
      CATEGORIES,
      KINDS,
      COUNTRIES,
      first!.share,
      second!.share,
      ...DEMO_ORGANIZATIONS.map((o) => o.slug),
    ],
  );
  return rows[0].websites as number;
}

/** Invoice currency of each demo organization (the rest pay in CZK). */
const DEMO_INVOICE_CURRENCY: Partial<Record<OrganizationKey, 'CZK' | 'EUR'>> = { northwind: 'EUR' };
const EUR_PER_CZK = 0.04;

/**
 * Twelve monthly invoices for each demo organization that has none: the eleven past months
 * paid (one of them void), the current month open; amounts from the organization's plan.
 */
async function seedBillingHistory(client: { query: Pool['query'] }): Promise<number> {
  let inserted = 0;
  for (const org of DEMO_ORGANIZATIONS) {
    const currency = DEMO_INVOICE_CURRENCY[org.slug] ?? 'CZK';
    const { rowCount } = await client.query(
      `INSERT INTO billing_invoices (organization_id, plan_id, period_start, period_end, amount, currency, status)
       SELECT o.id, o.plan, m::date, (m + interval '1 month - 1 day')::date,
              round(p.monthly_price * CASE WHEN $2 = 'EUR' THEN $3::numeric ELSE 1 END, 2), $2,
              CASE WHEN m = date_trunc('month', now()) THEN 'open' WHEN m = date_trunc('month', now()) - interval '5 months' AND o.slug = 'danube' THEN 'void' ELSE 'paid' END
         FROM organizations o
         JOIN plans p ON p.id = o.plan
         CROSS JOIN generate_series(date_trunc('month', now()) - interval '11 months', date_trunc('month', now()), interval '1 month') AS m
        WHERE o.slug = $1 AND NOT EXISTS (SELECT 1 FROM billing_invoices b WHERE b.organization_id = o.id)`,
      [org.slug, currency, EUR_PER_CZK],
    );
    inserted += rowCount ?? 0;
  }
  return inserted;
}
