/**
 * A small catalogue for the matching-run suites: a fresh website of a demo organization with a
 * CSV feed of our products (imported through the upload route) and two competitors, one in
 * automatic and one in confirmation mode, whose products come in through the CSV import of
 * competitor products (GraphQL) — the same paths production data takes.
 *
 *   K1 Acme kettle KX-100 (EAN E1)  A: same EAN            B: same EAN (waits for confirmation)
 *   K2 Bolt toaster TB-220           A: code without dash
 *   K3 Acme blender BL-300 (EAN E3)                         B: same EAN, code without dash
 *   K4 Bolt mixer MX-400             A: the same listing twice (two offers of the black one): too close to choose
 *   K5 Zeta grill GR-500             none at first
 *   K6 Acme fan FN-600               A and B: other word order, no EAN
 *   K7 Yotta kettle, no code                                B: other word order (found by name only)
 */
import type { Actor } from '../src/matching/state/machine.ts';
import { createOrganizationWebsite } from './helpers.ts';
import type { CatalogueWorld } from './catalogue-fixtures.ts';
import { ADMIN } from './catalogue-fixtures.ts';
import { emulatorToken } from './tokens.ts';

/** The Admin deciding pairs directly (state/apply.ts), with every capability. */
export const reviewer: Actor = { kind: 'user', userId: ADMIN.uid, decide: true, confirm: true, revert: true };

export function ean(n: number): string {
  const body = String(590_000_000_000 + n);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 ? 3 : 1);
  return body + ((10 - (sum % 10)) % 10);
}

export const PRODUCTS_HEADER = 'ITEM_ID,NAME,PRICE,EAN,BRAND,MPN';
export const PRODUCTS = [
  'K1,Kettle Acme KX-100 steel,1000,E1,Acme,KX-100',
  'K2,Toaster Bolt TB-220 white,800,,Bolt,TB-220',
  'K3,Blender Acme BL-300 red,1500,E3,Acme,BL-300',
  'K4,Mixer Bolt MX-400 black,600,,Bolt,MX-400',
  'K5,Grill Zeta GR-500 large,2500,,Zeta,GR-500',
  'K6,Fan Acme FN-600 white,400,,Acme,FN-600',
  'K7,Yotta Classic Kettle glass,300,,Yotta,',
];

export const COMPETITOR_HEADER = 'external_id,name,brand,ean,mpn,price,currency,availability,url';
export const RIVAL_A = [
  'A1,Acme KX-100 Kettle steel,Acme,E1,KX-100,990,CZK,in_stock,',
  'A2,BOLT TB220 toaster white,Bolt,,,790,CZK,in_stock,',
  'A4a,Bolt Mixer MX-400 black,Bolt,,,610,CZK,in_stock,',
  'A4b,Bolt Mixer MX-400 black,Bolt,,,615,CZK,in_stock,',
  'A6,Acme fan white FN-600,Acme,,,420,CZK,in_stock,',
  'A9,Zeta Oven OV-900,Zeta,,,3000,CZK,in_stock,',
];
export const RIVAL_B = [
  'B1,Kettle Acme KX-100,Acme,E1,,1010,CZK,in_stock,',
  'B3,Acme Blender BL300 red,Acme,E3,,1450,CZK,in_stock,',
  'B6,Acme Fan FN600,Acme,,,399,CZK,in_stock,',
  'B7,Classic glass kettle YOTTA,Yotta,,,310,CZK,in_stock,',
];

/** The CSV text with E<n> replaced by valid EANs. */
export const csv = (header: string, lines: readonly string[]) =>
  `${[header, ...lines].join('\n').replace(/\bE(\d)\b/g, (_m, n) => ean(Number(n)))}\n`;

export interface Scenario {
  siteId: string;
  feedId: string;
  rivalA: string;
  rivalB: string;
  /** item id (K1...) -> product id */
  product: Record<string, string>;
  /** external id (A1, B3...) -> competitor product id */
  offer: Record<string, string>;
}

export const IMPORT_COMPETITOR_PRODUCTS = `mutation CompetitorProductsImport($competitorId: ID!, $csv: String!) {
  competitorProductsImport(competitorId: $competitorId, csv: $csv) { rows inserted updated unchanged skipped errors { line field reason } } }`;

export async function uploadFeed(w: CatalogueWorld, uid: string, feedId: string, body: string) {
  const response = await w.api.fetch(`http://api.test/feeds/${feedId}/upload?fileName=products.csv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emulatorToken(uid)}`, 'content-type': 'text/csv' },
    body,
  });
  const json = (await response.json()) as {
    run?: { status: string; productsCreated: number; productsUpdated: number };
  };
  if (response.status !== 200 || json.run?.status !== 'SUCCEEDED')
    throw new Error(`feed upload: ${response.status} ${JSON.stringify(json)}`);
  return json.run!;
}

export async function importCompetitorProducts(w: CatalogueWorld, competitorId: string, lines: readonly string[]) {
  const response = await w.call(ADMIN.uid, IMPORT_COMPETITOR_PRODUCTS, {
    competitorId,
    csv: csv(COMPETITOR_HEADER, lines),
  });
  if (response.body.errors || response.body.data.competitorProductsImport.errors.length)
    throw new Error(`competitor import: ${JSON.stringify(response.body)}`);
  return response.body.data.competitorProductsImport;
}

let made = 0;

export async function buildScenario(w: CatalogueWorld, organizationId: string): Promise<Scenario> {
  made++;
  const site = await createOrganizationWebsite(w.pool, organizationId);
  const feed = await w.pool.query<{ id: string }>(
    `INSERT INTO product_feeds (organization_website_id, name, source, format, column_mapping)
     VALUES ($1, 'Products CSV', 'upload', 'csv', $2) RETURNING id`,
    [site.id, JSON.stringify({ id: 'ITEM_ID', name: 'NAME', price: 'PRICE', gtin: 'EAN', brand: 'BRAND', mpn: 'MPN' })],
  );
  const rival = async (name: string, mode: string) =>
    (
      await w.pool.query<{ id: string }>(
        'INSERT INTO competitors (organization_website_id, name, url, matching_mode) VALUES ($1, $2, $3, $4) RETURNING id',
        [
          site.id,
          `${name} ${made}`,
          `https://${name.toLowerCase().replace(/\s/g, '-')}-${made}-${process.pid}-${Date.now()}.example`,
          mode,
        ],
      )
    ).rows[0]!.id;
  const scenario: Scenario = {
    siteId: site.id,
    feedId: feed.rows[0]!.id,
    rivalA: await rival('Rival Auto', 'automatic'),
    rivalB: await rival('Rival Confirm', 'confirmation'),
    product: {},
    offer: {},
  };
  await uploadFeed(w, ADMIN.uid, scenario.feedId, csv(PRODUCTS_HEADER, PRODUCTS));
  await importCompetitorProducts(w, scenario.rivalA, RIVAL_A);
  await importCompetitorProducts(w, scenario.rivalB, RIVAL_B);
  // The imports recorded their changes for an incremental run: dropped, the suites start the
  // first run themselves.
  await w.pool.query('DELETE FROM matching_changes WHERE organization_website_id = $1', [site.id]);
  await w.pool.query('DELETE FROM matching_runs WHERE organization_website_id = $1', [site.id]);
  await refreshIds(w, scenario);
  return scenario;
}

export async function refreshIds(w: CatalogueWorld, s: Scenario): Promise<void> {
  for (const row of (
    await w.pool.query('SELECT item_id, id FROM products WHERE organization_website_id = $1', [s.siteId])
  ).rows)
    s.product[row.item_id] = row.id;
  const offers = await w.pool.query(
    'SELECT external_id, id FROM competitor_products WHERE competitor_id = ANY($1::uuid[])',
    [[s.rivalA, s.rivalB]],
  );
  for (const row of offers.rows) s.offer[row.external_id] = row.id;
}

/** The scenario's pairs keyed 'K1/A1', with what a re-run must not change. */
export async function pairs(w: CatalogueWorld, s: Scenario) {
  const { rows } = await w.pool.query(
    `SELECT p.item_id || '/' || cp.external_id AS key, m.id, m.status, m.stage, m.version, m.score, m.evidence
       FROM product_matches m JOIN products p ON p.id = m.product_id JOIN competitor_products cp ON cp.id = m.competitor_product_id
      WHERE p.organization_website_id = $1 ORDER BY 1`,
    [s.siteId],
  );
  return Object.fromEntries(rows.map((r) => [r.key, r])) as Record<
    string,
    { id: string; status: string; stage: string; version: number; score: number; evidence: any }
  >;
}

export const START = `mutation MatchingRunStart($organizationWebsiteId: ID!, $competitorId: ID) {
  matchingRunStart(organizationWebsiteId: $organizationWebsiteId, competitorId: $competitorId) {
    created run { id organizationWebsiteId competitor { id name matchingMode } kind trigger status startedBy productsTotal productsDone keysRefreshed
                  candidatesCreated candidatesUpdated matchedAutomatically sentToConfirmation errorMessage createdAt startedAt finishedAt } } }`;
export const RUN = `query MatchingRun($runId: ID!) {
  matchingRun(runId: $runId) { id organizationWebsiteId competitor { id name } kind trigger status startedBy productsTotal productsDone keysRefreshed
    candidatesCreated candidatesUpdated matchedAutomatically sentToConfirmation errorMessage errorCode errorDetail createdAt startedAt finishedAt } }`;
export const LIST = `query MatchingRunList($organizationWebsiteId: ID!, $limit: Int!, $offset: Int!) {
  matchingRunList(organizationWebsiteId: $organizationWebsiteId, limit: $limit, offset: $offset) { data { id kind trigger status productsTotal } meta { pagination { total } } } }`;
