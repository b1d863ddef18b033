/**
 * Product feeds: CRUD with validation, imports from an uploaded file (CSV, Google Merchant XML,
 * Heureka XML) and from a URL (time and size limits), row errors, idempotent re-imports,
 * deactivation of missing products, failed runs leaving products unchanged, live progress, and
 * who may do what (every role, own and other organization); on every available engine.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier } from '@console/firebase-token';
import { loadAccessControl } from '../src/access.ts';
import { createApi, type Api } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import { importsSettled } from '../src/feeds/import.ts';
import { setFeedLimits } from '../src/feeds/limits.ts';
import { startDueImports } from '../src/feeds/schedule.ts';
import { DEMO_USERS } from '../src/seed/demo-users.ts';
import { availableEngines, openDemo } from './engines.ts';
import { codes, gql, organizationIds } from './helpers.ts';
import { ORGANIZATION_WEBSITE_LIST } from './operations.ts';
import { emulatorToken, PROJECT_ID } from './tokens.ts';

const engines = await availableEngines();
const user = (role: string) => DEMO_USERS.find((u) => u.roles[0] === role)!;
const ADMIN = user('Admin');
const OWNER = user('Owner');
const EDITOR = user('Editor');
const VIEWER = user('Viewer');
const USER = user('User');

const RUN =
  'id status source fileName rowsRead rowsImported rowsRejected productsCreated productsUpdated productsDeactivated errorMessage errorCode errorValues { name value } errorLine errorColumn startedAt finishedAt';
const FEED = `id organizationWebsiteId name source url format columnMapping { field column } csvDelimiter schedule uploadPath lastRun { ${RUN} }`;
const CREATE = `mutation ProductFeedCreate($input: ProductFeedCreateInput!) { productFeedCreate(input: $input) { ${FEED} } }`;
const UPDATE = `mutation ProductFeedUpdate($productFeedId: ID!, $input: ProductFeedUpdateInput!) { productFeedUpdate(productFeedId: $productFeedId, input: $input) { ${FEED} } }`;
const DELETE = `mutation ProductFeedDelete($productFeedId: ID!) { productFeedDelete(productFeedId: $productFeedId) { id } }`;
const IMPORT = `mutation ProductFeedImport($productFeedId: ID!) { productFeedImport(productFeedId: $productFeedId) { ${RUN} } }`;
const LIST = `query ProductFeedList($organizationWebsiteId: ID!, $limit: Int!, $offset: Int!) { productFeedList(organizationWebsiteId: $organizationWebsiteId, limit: $limit, offset: $offset) { data { id name } meta { pagination { total } } } }`;
const DETAIL = `query ProductFeed($productFeedId: ID!) { productFeed(productFeedId: $productFeedId) { ${FEED} runs { id status rowsImported } } }`;
const RUN_QUERY = `query FeedImportRun($runId: ID!) { feedImportRun(runId: $runId) { ${RUN} } }`;
const ERRORS = `query FeedImportErrors($runId: ID!, $limit: Int!, $offset: Int!) { feedImportErrors(runId: $runId, limit: $limit, offset: $offset) { data { line itemId field reason code text } meta { pagination { total } } } }`;

const MAPPING = [
  { field: 'ID', column: 'ITEM_ID' },
  { field: 'NAME', column: 'Product name' },
  { field: 'PRICE', column: 'Price' },
  { field: 'GTIN', column: 'EAN' },
  { field: 'BRAND', column: 'Brand' },
];

/** A valid EAN-13 for n (12 digits + check digit). */
function ean(n: number): string {
  const body = String(200_000_000_000 + n).padStart(12, '0');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 ? 3 : 1);
  return body + ((10 - (sum % 10)) % 10);
}

/** `count` rows (ids P1..Pn) with an optional price tweak, minus the `skip`ped ids; `bad` rows replaced by broken ones. */
function csvFeed(
  count: number,
  options: { bad?: Record<number, string>; skip?: Set<number>; priceOffset?: number } = {},
): string {
  const lines = ['ITEM_ID,Product name,Price,EAN,Brand'];
  for (let n = 1; n <= count; n++) {
    if (options.skip?.has(n)) continue;
    lines.push(
      options.bad?.[n] ??
        `P${n},"Product ${n}, <b>bold</b>","${(n + (options.priceOffset ?? 0)).toFixed(2).replace('.', ',')} Kč",${ean(n)},Brand ${n % 7}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

describe.each(engines)('Product feeds on $name', (engine) => {
  let db: Database;
  let api: Api;
  let orgs: Record<string, string>;
  let server: Server;
  let baseUrl = '';
  /** What the local feed server answers, by path. */
  const routes = new Map<string, (res: import('node:http').ServerResponse) => void>();
  const call = (uid: string, query: string, variables: Record<string, unknown> = {}) =>
    gql(api, { query, token: emulatorToken(uid), variables });

  async function upload(
    uid: string,
    feedId: string,
    body: string | ReadableStream<Uint8Array> | FormData,
    headers: Record<string, string> = {},
  ) {
    const response = await api.fetch(`http://api.test/feeds/${feedId}/upload?fileName=feed.csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emulatorToken(uid)}`, ...headers },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);
    return { status: response.status, body: (await response.json()) as any };
  }

  /** A new organization website of the organization, without feeds. */
  let sites = 0;
  async function website(slug: string): Promise<string> {
    sites++;
    const name = `Feeds Shop ${engine.name} ${Date.now()} ${sites}`;
    const { rows } = await db.pool.query(
      `WITH w AS (INSERT INTO websites (name, url) VALUES ($1, $2) RETURNING id)
       INSERT INTO organization_websites (organization_id, website_id, name) SELECT $3, id, $1 FROM w RETURNING id`,
      [name, `https://feeds-${sites}-${Date.now()}-${process.pid}.shop.example`, orgs[slug]],
    );
    return rows[0].id;
  }

  async function createFeed(uid: string, input: Record<string, unknown>) {
    const response = await call(uid, CREATE, { input });
    expect(response.body.errors).toBeUndefined();
    return response.body.data.productFeedCreate;
  }
  const csvFeedOf = async (websiteId: string) =>
    createFeed(OWNER.uid, {
      organizationWebsiteId: websiteId,
      name: 'Catalogue CSV',
      source: 'UPLOAD',
      format: 'CSV',
      columnMapping: MAPPING,
    });

  const products = async (websiteId: string) =>
    (
      await db.pool.query(
        `SELECT item_id, name, price::text, currency, gtin, brand, active, updated_at, xmin::text AS version FROM products WHERE organization_website_id = $1 ORDER BY item_id`,
        [websiteId],
      )
    ).rows;

  async function waitForRun(uid: string, runId: string) {
    for (let i = 0; i < 400; i++) {
      const run = (await call(uid, RUN_QUERY, { runId })).body.data.feedImportRun;
      if (run.status === 'SUCCEEDED' || run.status === 'FAILED') return run;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the run did not finish');
  }

  beforeAll(async () => {
    // The test's feed server listens on 127.0.0.1, which production refuses (url-guard.ts).
    process.env.FEED_ALLOW_PRIVATE_HOSTS = '1';
    db = await openDemo(engine, 30);
    orgs = await organizationIds(db.pool);
    api = createApi({
      pool: db.pool,
      verifyToken: createTokenVerifier({ projectId: PROJECT_ID, emulator: true }),
      access: await loadAccessControl(),
      logging: false,
    });
    server = createServer((req, res) => {
      const route = routes.get(req.url ?? '');
      if (route) route(res);
      else res.writeHead(404).end('not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => setFeedLimits({}));
  afterAll(async () => {
    delete process.env.FEED_ALLOW_PRIVATE_HOSTS;
    await importsSettled();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await db?.close();
  });

  it('a feed of 1,000 rows with 3 bad ones imports 997 and lists the 3 (line, field, reason)', async () => {
    const site = await website('northwind');
    const feed = await csvFeedOf(site);
    const csv = csvFeed(1000, {
      bad: {
        10: ',No id,"5,00 Kč",,X',
        500: 'P500,Negative,-12.50,,X',
        999: `P999,Bad EAN,"12,50 Kč",${ean(999).slice(0, 12)}9,X`,
      },
    });
    const { status, body } = await upload(OWNER.uid, feed.id, csv, { 'content-type': 'text/csv' });
    expect(body).toMatchObject({ run: {} });
    expect(status).toBe(200);
    expect(body.run).toMatchObject({
      status: 'SUCCEEDED',
      source: 'UPLOAD',
      fileName: 'feed.csv',
      rowsRead: 1000,
      rowsImported: 997,
      rowsRejected: 3,
      productsCreated: 997,
      productsUpdated: 0,
      productsDeactivated: 0,
      errorMessage: null,
    });
    const errors = (await call(OWNER.uid, ERRORS, { runId: body.run.id, limit: 10, offset: 0 })).body.data
      .feedImportErrors;
    expect(errors.meta.pagination.total).toBe(3);
    expect(errors.data).toEqual([
      { line: 11, itemId: null, field: 'id', reason: 'is missing', code: 'MISSING', text: null },
      { line: 501, itemId: 'P500', field: 'price', reason: 'must not be negative', code: 'NEGATIVE', text: null },
      {
        line: 1000,
        itemId: 'P999',
        field: 'gtin',
        reason: expect.stringContaining('wrong check digit'),
        code: 'WRONG_CHECK_DIGIT',
        text: expect.stringMatching(/^\d{13}$/),
      },
    ]);
    const rows = await products(site);
    expect(rows).toHaveLength(997);
    // '12,50 Kč' style prices are read as CZK; HTML in a name is kept as text.
    expect(rows.find((r) => r.item_id === 'P12')).toMatchObject({
      name: 'Product 12, <b>bold</b>',
      price: '12.00',
      currency: 'CZK',
      gtin: `0${ean(12)}`,
      active: true,
    });
    // The detail shows the history and the last run's errors.
    const detail = (await call(OWNER.uid, DETAIL, { productFeedId: feed.id })).body.data.productFeed;
    expect(detail.lastRun).toMatchObject({ id: body.run.id, rowsImported: 997 });
    expect(detail.runs.map((r: any) => r.id)).toEqual([body.run.id]);
  });

  it('importing the same file again changes nothing (not even updated_at); a changed file updates what changed', async () => {
    const site = await website('northwind');
    const feed = await csvFeedOf(site);
    const csv = csvFeed(300);
    expect((await upload(OWNER.uid, feed.id, csv)).body.run).toMatchObject({
      status: 'SUCCEEDED',
      productsCreated: 300,
    });
    const before = await products(site);
    const again = (await upload(OWNER.uid, feed.id, csv)).body.run;
    expect(again).toMatchObject({
      status: 'SUCCEEDED',
      rowsImported: 300,
      productsCreated: 0,
      productsUpdated: 0,
      productsDeactivated: 0,
    });
    expect(await products(site)).toEqual(before);
    const changed = csv.replace('"7,00 Kč"', '"7,50 Kč"');
    expect((await upload(OWNER.uid, feed.id, changed)).body.run).toMatchObject({
      productsCreated: 0,
      productsUpdated: 1,
      productsDeactivated: 0,
    });
    expect((await products(site)).find((r) => r.item_id === 'P7').price).toBe('7.50');
  });

  it('products missing from a new full import become inactive (not deleted), and come back when listed again', async () => {
    const site = await website('northwind');
    const feed = await csvFeedOf(site);
    await upload(OWNER.uid, feed.id, csvFeed(50));
    // P3 is rejected (bad price) but listed: it stays active. P4 and P5 are gone.
    const run = (
      await upload(OWNER.uid, feed.id, csvFeed(50, { skip: new Set([4, 5]), bad: { 3: 'P3,Three,free,,X' } }))
    ).body.run;
    expect(run).toMatchObject({ status: 'SUCCEEDED', rowsRejected: 1, productsDeactivated: 2, productsUpdated: 0 });
    const rows = await products(site);
    expect(rows).toHaveLength(50);
    expect(rows.filter((r) => !r.active).map((r) => r.item_id)).toEqual(['P4', 'P5']);
    // Another feed of the same website keeps its own products.
    const other = await createFeed(OWNER.uid, {
      organizationWebsiteId: site,
      name: 'Second',
      source: 'UPLOAD',
      format: 'CSV',
      columnMapping: MAPPING,
    });
    await upload(OWNER.uid, other.id, 'ITEM_ID,Product name,Price,EAN,Brand\nQ1,Other,1,,X\n');
    expect((await upload(OWNER.uid, feed.id, csvFeed(50))).body.run).toMatchObject({
      productsUpdated: 2,
      productsDeactivated: 0,
    });
    expect((await products(site)).every((r) => r.active)).toBe(true);
    // Deleting a feed removes its runs; its products stay, no longer tied to a feed.
    await call(OWNER.uid, DELETE, { productFeedId: feed.id });
    const left = await db.pool.query(
      'SELECT count(*)::int AS products, count(product_feed_id)::int AS tied FROM products WHERE organization_website_id = $1',
      [site],
    );
    expect(left.rows[0]).toEqual({ products: 51, tied: 1 });
    expect(
      (await db.pool.query('SELECT count(*)::int AS n FROM feed_import_runs WHERE product_feed_id = $1', [feed.id]))
        .rows[0].n,
    ).toBe(0);
  });

  it('a broken XML file fails the run with its position and leaves the products exactly as they were', async () => {
    const site = await website('northwind');
    const feed = await createFeed(OWNER.uid, {
      organizationWebsiteId: site,
      name: 'Google',
      source: 'UPLOAD',
      format: 'GOOGLE_XML',
    });
    const item = (n: number, extra = '') =>
      `<item>\n<g:id>G${n}</g:id>\n<g:title>Item ${n} &lt;i&gt;x&lt;/i&gt;</g:title>\n<g:price>${n}.00 CZK</g:price>\n<g:gtin>${ean(n)}</g:gtin>${extra}\n</item>\n`;
    const xml = (items: string) =>
      `<?xml version="1.0"?>\n<rss xmlns:g="http://base.google.com/ns/1.0"><channel>\n${items}</channel></rss>\n`;
    const good = Array.from({ length: 20 }, (_, i) => item(i + 1)).join('');
    const first = (await upload(OWNER.uid, feed.id, xml(good), { 'content-type': 'application/xml' })).body.run;
    expect(first).toMatchObject({ status: 'SUCCEEDED', rowsImported: 20 });
    const before = await products(site);
    expect(before.find((r) => r.item_id === 'G1').name).toBe('Item 1 <i>x</i>');

    // A broken element spoils its row only.
    const spoiled = good.replace('<g:price>2.00 CZK</g:price>', '<g:price>2.00 CZK</g:prize>');
    const partly = (await upload(OWNER.uid, feed.id, xml(spoiled))).body.run;
    expect(partly).toMatchObject({ status: 'SUCCEEDED', rowsImported: 19, rowsRejected: 1, productsDeactivated: 0 });
    const rowErrors = (await call(OWNER.uid, ERRORS, { runId: partly.id, limit: 10, offset: 0 })).body.data
      .feedImportErrors.data;
    expect(rowErrors).toEqual([
      {
        line: 9,
        itemId: 'G2',
        field: 'price',
        reason: expect.stringContaining('broken XML element <g:price>'),
        code: 'BROKEN_XML',
        text: null,
      },
    ]);

    // A truncated file (and one with changes before the break) fails as a whole.
    const changed =
      Array.from({ length: 20 }, (_, i) => item(i + 1, i === 0 ? '<g:brand>New</g:brand>' : '')).join('') + item(21);
    const truncated = xml(changed).slice(0, xml(changed).indexOf('<g:title>Item 21'));
    const failed = (await upload(OWNER.uid, feed.id, truncated)).body.run;
    expect(failed).toMatchObject({
      status: 'FAILED',
      rowsImported: 0,
      errorLine: 123,
      errorMessage: expect.stringContaining('ends inside the <item>'),
      errorCode: 'XML_TRUNCATED',
      errorValues: [{ name: 'element', value: 'item' }],
    });
    expect(await products(site)).toEqual(before);
    const { rows } = await db.pool.query(
      `SELECT count(*)::int AS n FROM pg_tables WHERE tablename LIKE 'feed_stage_%'`,
    );
    expect(rows[0].n).toBe(0);
    // The history lists every run, newest first.
    const detail = (await call(OWNER.uid, DETAIL, { productFeedId: feed.id })).body.data.productFeed;
    expect(detail.runs.map((r: any) => r.status)).toEqual(['FAILED', 'SUCCEEDED', 'SUCCEEDED']);
    expect(detail.lastRun.id).toBe(failed.id);
  });

  it('imports a Heureka feed uploaded as multipart form data', async () => {
    const site = await website('northwind');
    const feed = await createFeed(EDITOR.uid, {
      organizationWebsiteId: site,
      name: 'Heureka',
      source: 'UPLOAD',
      format: 'HEUREKA_XML',
    });
    const xml = `<?xml version="1.0" encoding="utf-8"?><SHOP>
<SHOPITEM><ITEM_ID>H1</ITEM_ID><PRODUCTNAME>Batoh &lt;b&gt;30 l&lt;/b&gt;</PRODUCTNAME><MANUFACTURER>Deuter</MANUFACTURER><EAN>${ean(1)}</EAN><PRODUCTNO>D-30</PRODUCTNO><PRICE_VAT>1 290,50</PRICE_VAT><CATEGORYTEXT>Batohy</CATEGORYTEXT><URL>https://shop.example/h1</URL><DELIVERY_DATE>0</DELIVERY_DATE></SHOPITEM>
<SHOPITEM><PRODUCTNAME>No id</PRODUCTNAME><PRICE_VAT>5</PRICE_VAT></SHOPITEM>
</SHOP>`;
    const form = new FormData();
    form.append('file', new Blob([xml], { type: 'application/xml' }), 'heureka.xml');
    const { body } = await upload(EDITOR.uid, feed.id, form);
    expect(body.run).toMatchObject({
      status: 'SUCCEEDED',
      fileName: 'heureka.xml',
      rowsRead: 2,
      rowsImported: 1,
      rowsRejected: 1,
    });
    const { rows } = await db.pool.query(
      'SELECT item_id, name, brand, mpn, price::text, category, availability FROM products WHERE organization_website_id = $1',
      [site],
    );
    expect(rows).toEqual([
      {
        item_id: 'H1',
        name: 'Batoh <b>30 l</b>',
        brand: 'Deuter',
        mpn: 'D-30',
        price: '1290.50',
        category: 'Batohy',
        availability: 'in_stock',
      },
    ]);
  });

  it('shows live progress while a file streams in', async () => {
    const site = await website('northwind');
    const feed = await csvFeedOf(site);
    const csv = csvFeed(12_000);
    const cut = csv.indexOf('\nP11000,') + 1;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(csv.slice(0, cut)));
        await held;
        controller.enqueue(new TextEncoder().encode(csv.slice(cut)));
        controller.close();
      },
    });
    const uploading = upload(OWNER.uid, feed.id, body);
    let seen: any;
    for (let i = 0; i < 200 && !(seen?.rowsRead >= 5000); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      seen = (await call(OWNER.uid, DETAIL, { productFeedId: feed.id })).body.data.productFeed.lastRun;
    }
    expect(seen).toMatchObject({ status: 'RUNNING', rowsRejected: 0, errorMessage: null });
    expect(seen.rowsRead).toBeGreaterThanOrEqual(5000);
    expect(seen.rowsRead).toBeLessThan(12_000);
    // A second import of the same feed waits its turn.
    const refused = await upload(OWNER.uid, feed.id, csv);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].extensions).toEqual({ code: 'CONFLICT', reason: 'IMPORT_RUNNING', values: {} });
    release();
    expect((await uploading).body.run).toMatchObject({ status: 'SUCCEEDED', rowsRead: 12_000, rowsImported: 12_000 });
  });

  describe('from a URL', () => {
    it('fetches and imports a URL feed; the mutation answers at once and the run is polled', async () => {
      const site = await website('northwind');
      routes.set('/ok.csv', (res) => res.writeHead(200, { 'content-type': 'text/csv' }).end(csvFeed(100)));
      const feed = await createFeed(OWNER.uid, {
        organizationWebsiteId: site,
        name: 'URL',
        source: 'URL',
        url: `${baseUrl}/ok.csv`,
        format: 'CSV',
        columnMapping: MAPPING,
        schedule: 'DAILY',
      });
      expect(feed).toMatchObject({ source: 'URL', schedule: 'DAILY', url: `${baseUrl}/ok.csv` });
      const started = await call(OWNER.uid, IMPORT, { productFeedId: feed.id });
      expect(started.body.data.productFeedImport).toMatchObject({ status: 'RUNNING', source: 'URL' });
      const run = await waitForRun(OWNER.uid, started.body.data.productFeedImport.id);
      expect(run).toMatchObject({ status: 'SUCCEEDED', rowsImported: 100 });
    });

    it.each([
      [
        'a server that is too slow (time limit)',
        '/slow.csv',
        { timeoutMs: 300 },
        'took longer than 0.3 s',
        ['FETCH_TIMEOUT', { seconds: '0.3' }],
      ],
      [
        'a file that is too large (size limit)',
        '/large.csv',
        { maxBytes: 10_000 },
        'larger than the limit of 10000 bytes',
        ['FILE_TOO_LARGE', { limitBytes: '10000' }],
      ],
      [
        'a file that is too large by its Content-Length',
        '/declared.csv',
        { maxBytes: 10_000 },
        'larger than the limit',
        ['FILE_TOO_LARGE', { limitBytes: '10000', sizeBytes: expect.stringMatching(/^\d+$/) }],
      ],
      ['an HTTP error', '/missing.csv', {}, 'answered HTTP 404', ['HTTP_STATUS', { status: '404' }]],
    ] as const)('fails the run on %s and changes nothing', async (_case, path, limits, message, [code, values]) => {
      const site = await website('northwind');
      routes.set('/slow.csv', (res) => {
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.write(csvFeed(5));
        // never ends
      });
      routes.set('/large.csv', (res) => {
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.end(csvFeed(2000));
      });
      routes.set('/declared.csv', (res) =>
        res
          .writeHead(200, { 'content-type': 'text/csv', 'content-length': String(Buffer.byteLength(csvFeed(2000))) })
          .end(csvFeed(2000)),
      );
      setFeedLimits(limits);
      const feed = await createFeed(OWNER.uid, {
        organizationWebsiteId: site,
        name: 'URL',
        source: 'URL',
        url: `${baseUrl}${path}`,
        format: 'CSV',
        columnMapping: MAPPING,
      });
      const started = (await call(OWNER.uid, IMPORT, { productFeedId: feed.id })).body.data.productFeedImport;
      const run = await waitForRun(OWNER.uid, started.id);
      expect(run).toMatchObject({ status: 'FAILED', rowsImported: 0, errorMessage: expect.stringContaining(message) });
      expect(run.errorCode).toBe(code);
      expect(
        Object.fromEntries(run.errorValues.map((v: { name: string; value: string }) => [v.name, v.value])),
      ).toEqual(values);
      expect(await products(site)).toEqual([]);
    });

    it('refuses a URL on a private or local address (inside the service network): the run fails and nothing changes', async () => {
      const site = await website('northwind');
      routes.set('/inside.csv', (res) => res.writeHead(200, { 'content-type': 'text/csv' }).end(csvFeed(10)));
      delete process.env.FEED_ALLOW_PRIVATE_HOSTS;
      try {
        for (const url of [`${baseUrl}/inside.csv`, `${baseUrl.replace('127.0.0.1', 'localhost')}/inside.csv`]) {
          const feed = await createFeed(OWNER.uid, {
            organizationWebsiteId: site,
            name: 'Inside',
            source: 'URL',
            url,
            format: 'CSV',
            columnMapping: MAPPING,
          });
          const started = (await call(OWNER.uid, IMPORT, { productFeedId: feed.id })).body.data.productFeedImport;
          const run = await waitForRun(OWNER.uid, started.id);
          expect(run).toMatchObject({
            status: 'FAILED',
            rowsImported: 0,
            errorMessage: expect.stringContaining('private or local address'),
            errorCode: 'PRIVATE_ADDRESS',
          });
        }
      } finally {
        process.env.FEED_ALLOW_PRIVATE_HOSTS = '1';
      }
      expect(await products(site)).toEqual([]);
    });

    it('a daily URL feed is imported when due (never run, or last run a day ago); a manual one is not', async () => {
      const site = await website('northwind');
      routes.set('/daily.csv', (res) => res.writeHead(200, { 'content-type': 'text/csv' }).end(csvFeed(10)));
      const input = {
        organizationWebsiteId: site,
        source: 'URL',
        url: `${baseUrl}/daily.csv`,
        format: 'CSV',
        columnMapping: MAPPING,
      };
      const daily = await createFeed(OWNER.uid, { ...input, name: 'Daily', schedule: 'DAILY' });
      const manual = await createFeed(OWNER.uid, { ...input, name: 'Manual', schedule: 'MANUAL' });
      const mine = async () => {
        const started = await startDueImports(db.pool, 1000);
        const { rows } = await db.pool.query(
          'SELECT product_feed_id FROM feed_import_runs WHERE id = ANY($1::uuid[])',
          [started],
        );
        await importsSettled();
        return rows.map((r) => r.product_feed_id).filter((id) => id === daily.id || id === manual.id);
      };
      expect(await mine()).toEqual([daily.id]);
      expect((await call(OWNER.uid, DETAIL, { productFeedId: daily.id })).body.data.productFeed.lastRun).toMatchObject({
        status: 'SUCCEEDED',
        rowsImported: 10,
      });
      expect(await mine()).toEqual([]);
      await db.pool.query(
        `UPDATE feed_import_runs SET created_at = now() - interval '25 hours' WHERE product_feed_id = $1`,
        [daily.id],
      );
      expect(await mine()).toEqual([daily.id]);
    });

    it('an upload feed cannot be fetched', async () => {
      const feed = await csvFeedOf(await website('northwind'));
      const response = await call(OWNER.uid, IMPORT, { productFeedId: feed.id });
      expect(codes(response)).toEqual(['BAD_USER_INPUT']);
    });
  });

  describe('create, update, delete', () => {
    it('validates the input, naming the field', async () => {
      const site = await website('northwind');
      const base = {
        organizationWebsiteId: site,
        name: 'Feed',
        source: 'URL',
        url: 'https://shop.example/feed.csv',
        format: 'CSV',
        columnMapping: MAPPING,
      };
      for (const [field, input] of [
        ['name', { ...base, name: '  ' }],
        ['url', { ...base, url: 'ftp://shop.example/feed.csv' }],
        ['url', { ...base, url: null }],
        ['columnMapping', { ...base, columnMapping: null }],
        ['columnMapping', { ...base, columnMapping: MAPPING.filter((m) => m.field !== 'PRICE') }],
        ['columnMapping', { ...base, columnMapping: [...MAPPING, { field: 'ID', column: 'x' }] }],
        ['csvDelimiter', { ...base, csvDelimiter: ':' }],
        ['organizationWebsiteId', { ...base, organizationWebsiteId: 'nope' }],
      ] as const) {
        const response = await call(OWNER.uid, CREATE, { input });
        expect(codes(response), field).toEqual(['BAD_USER_INPUT']);
        expect(response.body.errors![0]!.extensions!.field).toBe(field);
      }
    });

    it('creates, updates and deletes; hasFeed of the website follows', async () => {
      const site = await website('northwind');
      const hasFeed = async () =>
        (
          await call(OWNER.uid, ORGANIZATION_WEBSITE_LIST, { limit: 1000, offset: 0 })
        ).body.data.organizationWebsiteList.data.find((w: any) => w.id === site)?.hasFeed;
      expect(await hasFeed()).toBe(false);
      const feed = await createFeed(OWNER.uid, {
        organizationWebsiteId: site,
        name: ' Main ',
        source: 'URL',
        url: 'https://shop.example/feed.xml',
        format: 'GOOGLE_XML',
      });
      expect(feed).toMatchObject({
        name: 'Main',
        source: 'URL',
        format: 'GOOGLE_XML',
        columnMapping: null,
        schedule: 'MANUAL',
        uploadPath: `/feeds/${feed.id}/upload`,
        lastRun: null,
      });
      expect(await hasFeed()).toBe(true);
      const list = (await call(OWNER.uid, LIST, { organizationWebsiteId: site, limit: 10, offset: 0 })).body.data
        .productFeedList;
      expect(list).toEqual({ data: [{ id: feed.id, name: 'Main' }], meta: { pagination: { total: 1 } } });
      const updated = (
        await call(OWNER.uid, UPDATE, {
          productFeedId: feed.id,
          input: { source: 'UPLOAD', format: 'CSV', columnMapping: MAPPING, csvDelimiter: ';', schedule: 'DAILY' },
        })
      ).body.data.productFeedUpdate;
      expect(updated).toMatchObject({
        name: 'Main',
        source: 'UPLOAD',
        url: null,
        format: 'CSV',
        csvDelimiter: ';',
        schedule: 'DAILY',
        columnMapping: [
          { field: 'ID', column: 'ITEM_ID' },
          { field: 'NAME', column: 'Product name' },
          { field: 'BRAND', column: 'Brand' },
          { field: 'GTIN', column: 'EAN' },
          { field: 'PRICE', column: 'Price' },
        ],
      });
      expect(codes(await call(OWNER.uid, UPDATE, { productFeedId: feed.id, input: { source: 'URL' } }))).toEqual([
        'BAD_USER_INPUT',
      ]);
      expect((await call(OWNER.uid, DELETE, { productFeedId: feed.id })).body.data.productFeedDelete.id).toBe(feed.id);
      expect(await hasFeed()).toBe(false);
      expect(codes(await call(OWNER.uid, DETAIL, { productFeedId: feed.id }))).toEqual(['NOT_FOUND']);
    });
  });

  describe('who may', () => {
    let own: { site: string; feed: any };
    let other: { site: string; feed: any };
    beforeAll(async () => {
      const ownSite = await website('northwind');
      const otherSite = await website('bohemia');
      own = {
        site: ownSite,
        feed: await createFeed(ADMIN.uid, {
          organizationWebsiteId: ownSite,
          name: 'Own',
          source: 'UPLOAD',
          format: 'CSV',
          columnMapping: MAPPING,
        }),
      };
      other = {
        site: otherSite,
        feed: await createFeed(ADMIN.uid, {
          organizationWebsiteId: otherSite,
          name: 'Other',
          source: 'UPLOAD',
          format: 'CSV',
          columnMapping: MAPPING,
        }),
      };
      await upload(ADMIN.uid, other.feed.id, csvFeed(3));
    });

    it.each([ADMIN, OWNER, EDITOR].map((u) => [u.roles[0], u] as const))(
      "%s reads, writes and imports its own organization's feeds",
      async (_role, u) => {
        expect((await call(u.uid, DETAIL, { productFeedId: own.feed.id })).body.data.productFeed.id).toBe(own.feed.id);
        expect(
          (await call(u.uid, LIST, { organizationWebsiteId: own.site, limit: 10, offset: 0 })).body.data.productFeedList
            .meta.pagination.total,
        ).toBe(1);
        expect(
          (await call(u.uid, UPDATE, { productFeedId: own.feed.id, input: { name: `Own ${u.uid}` } })).body.data
            .productFeedUpdate.name,
        ).toBe(`Own ${u.uid}`);
        expect((await upload(u.uid, own.feed.id, csvFeed(2))).body.run.status).toBe('SUCCEEDED');
        const created = await createFeed(u.uid, {
          organizationWebsiteId: own.site,
          name: 'Temp',
          source: 'UPLOAD',
          format: 'GOOGLE_XML',
        });
        expect(codes(await call(u.uid, DELETE, { productFeedId: created.id }))).toEqual([]);
      },
    );

    it.each([OWNER, EDITOR].map((u) => [u.roles[0], u] as const))(
      '%s finds no feed of another organization (NOT_FOUND), nor its runs',
      async (_role, u) => {
        const runId = (await call(ADMIN.uid, DETAIL, { productFeedId: other.feed.id })).body.data.productFeed.lastRun
          .id;
        for (const [query, variables] of [
          [DETAIL, { productFeedId: other.feed.id }],
          [LIST, { organizationWebsiteId: other.site, limit: 10, offset: 0 }],
          [UPDATE, { productFeedId: other.feed.id, input: { name: 'Mine' } }],
          [DELETE, { productFeedId: other.feed.id }],
          [IMPORT, { productFeedId: other.feed.id }],
          [RUN_QUERY, { runId }],
          [ERRORS, { runId, limit: 10, offset: 0 }],
          [
            CREATE,
            { input: { organizationWebsiteId: other.site, name: 'Mine', source: 'UPLOAD', format: 'GOOGLE_XML' } },
          ],
        ] as const) {
          expect(codes(await call(u.uid, query, variables)), query.slice(0, 40)).toEqual(['NOT_FOUND']);
        }
        expect((await upload(u.uid, other.feed.id, csvFeed(2))).status).toBe(404);
        expect((await call(ADMIN.uid, DETAIL, { productFeedId: other.feed.id })).body.data.productFeed.name).toBe(
          'Other',
        );
      },
    );

    it.each([VIEWER, USER].map((u) => [u.roles[0], u] as const))(
      '%s may not read or write feeds (FORBIDDEN)',
      async (_role, u) => {
        const feed = u.organization === 'northwind' ? own : other;
        for (const [query, variables] of [
          [DETAIL, { productFeedId: feed.feed.id }],
          [LIST, { organizationWebsiteId: feed.site, limit: 10, offset: 0 }],
          [UPDATE, { productFeedId: feed.feed.id, input: { name: 'Mine' } }],
          [DELETE, { productFeedId: feed.feed.id }],
          [IMPORT, { productFeedId: feed.feed.id }],
          [
            CREATE,
            { input: { organizationWebsiteId: feed.site, name: 'Mine', source: 'UPLOAD', format: 'GOOGLE_XML' } },
          ],
        ] as const) {
          expect(codes(await call(u.uid, query, variables)), query.slice(0, 40)).toEqual(['FORBIDDEN']);
        }
        expect((await upload(u.uid, feed.feed.id, csvFeed(2))).status).toBe(403);
      },
    );

    it('an upload without a valid token is 401', async () => {
      const response = await api.fetch(`http://api.test/feeds/${own.feed.id}/upload`, { method: 'POST', body: 'x' });
      expect(response.status).toBe(401);
    });
  });
});
