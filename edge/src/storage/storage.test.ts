/**
 * The storage routes on both backends: R2 (an in-memory fake of the binding) and Firebase Storage
 * (a fake server speaking its REST shapes). Local tokens are the Auth emulator's; roles come from
 * a fake of the API's AppUser answer.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeFirebaseStorage, type FakeFirebaseStorage } from '../../test/fake-firebase-storage.ts';
import { SERVICE_ACCOUNT_EMAIL, SERVICE_ACCOUNT_PUBLIC_KEY, serviceAccountKey } from '../../test/service-account.ts';
import { fakeR2, type FakeR2 } from '../../test/fake-r2.ts';
import { unsignedToken } from '../../test/tokens.ts';
import { envFor } from '../../test/wrangler-env.ts';
import { createApp } from '../app.ts';
import type { EdgeBindings } from '../env.ts';
import { APP_USER_QUERY } from './access.ts';

const PROJECT = 'demo-price-console';
const MAIN = 'price-console-local-main';
const PUBLIC = 'price-console-local-public';
const tokenOf = (uid: string) => unsignedToken(PROJECT, { sub: uid });
const ADMIN = tokenOf('admin-1');
const USER = tokenOf('user-1');
const OWNER = tokenOf('owner-1');
const ROLES: Record<string, string[]> = { 'admin-1': ['User', 'Admin'], 'user-1': ['User'], 'owner-1': ['Owner'] };
/** Who may read the main bucket (Read on `settings`: Admin only). */
const READER = ADMIN;

interface ApiCall {
  authorization: string | null;
  body: { operationName: string; query: string; variables: { userId: string } };
}
const apiCalls: ApiCall[] = [];
let apiAnswer: ((userId: string) => Response) | null = null;

/** The API's answer to AppUser: the caller's roles, or NOT_FOUND for an unknown account. */
async function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input as RequestInfo, init);
  const body = (await request.json()) as ApiCall['body'];
  apiCalls.push({ authorization: request.headers.get('Authorization'), body });
  if (apiAnswer) return apiAnswer(body.variables.userId);
  const roles = ROLES[body.variables.userId];
  if (!roles)
    return Response.json({
      data: { appUser: null },
      errors: [{ message: 'User not found', extensions: { code: 'NOT_FOUND' } }],
    });
  return Response.json({ data: { appUser: { id: body.variables.userId, roles } } });
}

type Backend = 'r2' | 'firebase';
let firebase: FakeFirebaseStorage;
let r2: { main: FakeR2; public: FakeR2 };

beforeAll(async () => {
  firebase = await startFakeFirebaseStorage({
    publicBucket: PUBLIC,
    serviceAccount: { clientEmail: SERVICE_ACCOUNT_EMAIL, publicKeyPem: SERVICE_ACCOUNT_PUBLIC_KEY },
  });
});
afterAll(async () => {
  await firebase.close();
});

const SEED: [bucket: 'main' | 'public', name: string, body: string, contentType?: string][] = [
  ['public', 'languages/cs.json', '{"hello":"Ahoj"}'],
  ['public', 'languages/de.json', '{"hello":"Hallo"}'],
  ['public', 'languages/en.json', '{"hello":"Hello"}'],
  ['public', 'languages/drafts/fr.json', '{"hello":"Bonjour"}'],
  ['public', 'logo.svg', '<svg/>', 'image/svg+xml'],
  ['main', 'exports/2026/a.json', '{"a":1}'],
  ['main', 'exports/2026/b.json', '{"b":2}'],
  ['main', 'exports/c.json', '{"c":3}'],
  ['main', 'readme.txt', 'plain text', 'text/plain'],
  ['main', 'reports/q1.json', '[1,2,3]'],
];

function setup(backend: Backend) {
  r2 = { main: fakeR2(), public: fakeR2() };
  for (const bucket of [MAIN, PUBLIC]) firebase.buckets.get(bucket)?.clear();
  for (const [bucket, name, body, contentType] of SEED) {
    if (backend === 'r2') r2[bucket].seed(name, body, contentType);
    else firebase.seed(bucket === 'main' ? MAIN : PUBLIC, name, body, contentType);
  }
  firebase.requests.length = 0;
  apiCalls.length = 0;
  apiAnswer = null;
}

function appFor(backend: Backend) {
  const app = createApp({
    storage: { firebaseBaseUrl: backend === 'firebase' ? firebase.url : undefined, apiFetch: fakeApi },
  });
  const env = (): EdgeBindings => ({
    ...envFor('local', {
      STORAGE_BACKEND: backend,
      STORAGE_SERVICE_ACCOUNT: serviceAccountKey(`${firebase.url}/token`),
    }),
    MAIN_BUCKET: r2.main,
    PUBLIC_BUCKET: r2.public,
  });
  return {
    request(path: string, init: RequestInit & { token?: string | null } = {}) {
      const headers = new Headers(init.headers);
      if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
      return app.request(path, { ...init, headers }, env());
    },
    /** Whether the object exists, asked of the backend directly. */
    stored(bucket: 'main' | 'public', name: string): string | null {
      if (backend === 'r2') {
        const object = r2[bucket].objects.get(name);
        return object ? new TextDecoder().decode(object.bytes) : null;
      }
      return (
        firebase.buckets
          .get(bucket === 'main' ? MAIN : PUBLIC)
          ?.get(name)
          ?.bytes.toString('utf8') ?? null
      );
    },
  };
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(Object.keys(body.error).sort()).toEqual(['code', 'message']);
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(10);
  return body.error.message;
}

interface ListBody {
  prefixes: string[];
  items: { name: string; size: number | null; contentType: string | null; updated: string | null }[];
  nextPageToken?: string;
}

describe.each(['r2', 'firebase'] as const)('storage on %s', (backend) => {
  let api: ReturnType<typeof appFor>;
  beforeEach(() => {
    setup(backend);
    api = appFor(backend);
  });

  describe('list', () => {
    it('lists one level with a delimiter: folders as prefixes, objects as items', async () => {
      const response = await api.request('/storage/main/o?prefix=&delimiter=/', { token: READER });
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe('private, no-store');
      const body = (await response.json()) as ListBody;
      expect(body.prefixes).toEqual(['exports/', 'reports/']);
      expect(body.items.map((item) => item.name)).toEqual(['readme.txt']);
      expect(body.nextPageToken).toBeUndefined();
      if (backend === 'r2') {
        expect(body.items[0]).toEqual({
          name: 'readme.txt',
          size: 10,
          contentType: 'text/plain',
          updated: '2026-05-01T10:00:00.000Z',
        });
      } else {
        // Firebase Storage lists names only.
        expect(body.items[0]).toEqual({ name: 'readme.txt', size: null, contentType: null, updated: null });
      }
    });

    it('lists under a prefix, and everything below it without a delimiter', async () => {
      const nested = (await (
        await api.request('/storage/main/o?prefix=exports/&delimiter=/', { token: READER })
      ).json()) as ListBody;
      expect(nested).toMatchObject({ prefixes: ['exports/2026/'], items: [{ name: 'exports/c.json' }] });
      const flat = (await (await api.request('/storage/main/o?prefix=exports/', { token: READER })).json()) as ListBody;
      expect(flat.prefixes).toEqual([]);
      expect(flat.items.map((item) => item.name)).toEqual([
        'exports/2026/a.json',
        'exports/2026/b.json',
        'exports/c.json',
      ]);
    });

    it('pages with maxResults and pageToken until everything was seen once', async () => {
      const seen: string[] = [];
      let pageToken: string | undefined;
      let pages = 0;
      do {
        const query = new URLSearchParams({ maxResults: '2', ...(pageToken ? { pageToken } : {}) });
        const response = await api.request(`/storage/main/o?${query}`, { token: READER });
        expect(response.status).toBe(200);
        const body = (await response.json()) as ListBody;
        expect(body.items.length + body.prefixes.length).toBeLessThanOrEqual(2);
        seen.push(...body.items.map((item) => item.name));
        pageToken = body.nextPageToken;
        pages += 1;
      } while (pageToken && pages < 10);
      expect(pages).toBe(3);
      expect(seen).toEqual([
        'exports/2026/a.json',
        'exports/2026/b.json',
        'exports/c.json',
        'readme.txt',
        'reports/q1.json',
      ]);
    });

    it.each(['0', '1001', 'abc', '-1', '1.5', '', '1e3'])('refuses maxResults=%j with a 400', async (value) => {
      const message = await expectError(
        await api.request(`/storage/main/o?maxResults=${value}`, { token: READER }),
        400,
        'storage/invalid-argument',
      );
      expect(message).toContain('maxResults must be a whole number from 1 to 1000');
    });

    it.each(['1', '1000'])('accepts maxResults=%s', async (value) => {
      const response = await api.request(`/storage/main/o?maxResults=${value}`, { token: READER });
      expect(response.status).toBe(200);
      const body = (await response.json()) as ListBody;
      expect(body.items).toHaveLength(value === '1' ? 1 : 5);
      expect(Boolean(body.nextPageToken)).toBe(value === '1');
    });

    it('refuses a bad prefix, delimiter or page token', async () => {
      for (const query of [
        'prefix=/exports/',
        'prefix=exports/../',
        'prefix=a//b',
        `delimiter=${'x'.repeat(17)}`,
        'pageToken=%20bad',
      ]) {
        await expectError(
          await api.request(`/storage/main/o?${query}`, { token: READER }),
          400,
          'storage/invalid-argument',
        );
      }
    });

    it('lists the public language folder without a token (custom language discovery)', async () => {
      const response = await api.request('/storage/public/o?prefix=languages/&delimiter=/');
      expect(response.status).toBe(200);
      const body = (await response.json()) as ListBody;
      expect(body.prefixes).toEqual(['languages/drafts/']);
      expect(body.items.map((item) => item.name)).toEqual([
        'languages/cs.json',
        'languages/de.json',
        'languages/en.json',
      ]);
    });

    it.each([
      '/storage/main/o',
      '/storage/main/o?prefix=languages/&delimiter=/',
      '/storage/public/o',
      '/storage/public/o?prefix=languages/',
      '/storage/public/o?prefix=languages/drafts/&delimiter=/',
    ])('needs a token for any other listing: %s', async (path) => {
      await expectError(await api.request(path), 401, 'storage/unauthenticated');
    });
  });

  describe('metadata and download', () => {
    it('answers the metadata of an object', async () => {
      const response = await api.request('/storage/main/o/reports%2Fq1.json', { token: READER });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        name: 'reports/q1.json',
        size: 7,
        contentType: 'application/json',
        updated: '2026-05-01T10:00:00.000Z',
      });
    });

    it('takes the name encoded as a whole or as a path', async () => {
      for (const path of ['/storage/main/o/exports%2F2026%2Fa.json', '/storage/main/o/exports/2026/a.json']) {
        const response = await api.request(path, { token: READER });
        expect(response.status).toBe(200);
        expect(((await response.json()) as { name: string }).name).toBe('exports/2026/a.json');
      }
    });

    it('downloads the bytes with their content type', async () => {
      const response = await api.request('/storage/main/o/reports%2Fq1.json?alt=media', { token: READER });
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('application/json');
      expect(response.headers.get('Content-Length')).toBe('7');
      expect(response.headers.get('Content-Disposition')).toBeNull();
      expect(await response.json()).toEqual([1, 2, 3]);
    });

    it('never serves a non-JSON object inline', async () => {
      const response = await api.request('/storage/public/o/logo.svg?alt=media', { token: USER });
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toBe('image/svg+xml');
      expect(response.headers.get('Content-Disposition')).toBe('attachment');
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(await response.text()).toBe('<svg/>');
    });

    it('answers 404 object-not-found for a missing object', async () => {
      for (const path of ['/storage/main/o/reports%2Fq9.json', '/storage/main/o/reports%2Fq9.json?alt=media']) {
        const message = await expectError(await api.request(path, { token: READER }), 404, 'storage/object-not-found');
        expect(message).toContain('reports/q9.json');
      }
      // A missing language file too, even anonymously.
      await expectError(
        await api.request('/storage/public/o/languages%2Fsk.json?alt=media'),
        404,
        'storage/object-not-found',
      );
    });

    it('reads are checked like writes: the main bucket only with Read on settings (Admin), and only for an account the API knows as active', async () => {
      const reads = [
        '/storage/main/o/reports%2Fq1.json',
        '/storage/main/o/reports%2Fq1.json?alt=media',
        '/storage/main/o?prefix=exports/',
      ];
      for (const token of [USER, OWNER]) {
        for (const path of reads) {
          const message = await expectError(await api.request(path, { token }), 403, 'storage/unauthorized');
          expect(message).toMatch(/may not read the main bucket/);
        }
      }
      // A signed-in stranger without an account reads nothing, in either bucket.
      for (const path of [...reads, '/storage/public/o/logo.svg?alt=media', '/storage/public/o?prefix=']) {
        await expectError(await api.request(path, { token: tokenOf('stranger') }), 403, 'storage/unauthorized');
      }
      // A disabled user (the API answers 403 FORBIDDEN) neither.
      apiAnswer = () =>
        Response.json(
          { errors: [{ message: 'This account is disabled.', extensions: { code: 'FORBIDDEN' } }] },
          { status: 403 },
        );
      await expectError(
        await api.request('/storage/public/o/logo.svg?alt=media', { token: USER }),
        403,
        'storage/unauthorized',
      );
      await expectError(
        await api.request('/storage/main/o/reports%2Fq1.json', { token: ADMIN }),
        403,
        'storage/unauthorized',
      );
      // A user of a suspended organization (the API refuses StorageAccess with ORGANIZATION_SUSPENDED) neither.
      apiAnswer = () =>
        Response.json({
          data: null,
          errors: [
            {
              message: 'Your organization is suspended. Contact support.',
              extensions: { code: 'ORGANIZATION_SUSPENDED' },
            },
          ],
        });
      for (const [path, token] of [
        ['/storage/public/o/logo.svg?alt=media', OWNER],
        ['/storage/public/o?prefix=', USER],
        ['/storage/main/o/reports%2Fq1.json', OWNER],
      ] as const) {
        const message = await expectError(await api.request(path, { token }), 403, 'storage/unauthorized');
        expect(message).toMatch(/organization is suspended/);
      }
      // The API down: no read on a guess.
      apiAnswer = () => new Response('bad gateway', { status: 502 });
      expect((await api.request('/storage/main/o/reports%2Fq1.json', { token: ADMIN })).status).toBeGreaterThanOrEqual(
        500,
      );
      // Each refused read asked the API with the caller's own token.
      expect(apiCalls.at(-1)!.authorization).toBe(`Bearer ${ADMIN}`);
    });

    it('serves public language files without a token', async () => {
      const metadata = await api.request('/storage/public/o/languages%2Fcs.json');
      expect(metadata.status).toBe(200);
      expect(metadata.headers.get('Cache-Control')).toBe('no-cache');
      expect(await metadata.json()).toMatchObject({
        name: 'languages/cs.json',
        size: 16,
        contentType: 'application/json',
      });
      const media = await api.request('/storage/public/o/languages%2Fcs.json?alt=media');
      expect(media.status).toBe(200);
      expect(await media.json()).toEqual({ hello: 'Ahoj' });
    });

    it.each([
      '/storage/main/o/reports%2Fq1.json',
      '/storage/main/o/reports%2Fq1.json?alt=media',
      '/storage/main/o/languages%2Fcs.json?alt=media',
      '/storage/public/o/logo.svg?alt=media',
      '/storage/public/o/languages%2Fdrafts%2Ffr.json?alt=media',
    ])('needs a token for every other read: %s', async (path) => {
      await expectError(await api.request(path), 401, 'storage/unauthenticated');
      await expectError(await api.request(path, { token: 'not-a-jwt' }), 401, 'storage/unauthenticated');
      await expectError(
        await api.request(path, { token: unsignedToken('another-project') }),
        401,
        'storage/unauthenticated',
      );
    });

    it.each([
      ['/storage/main/o/..%2Freports%2Fq1.json', "'.' or '..'"],
      ['/storage/main/o/reports%2F..%2F..%2Fsecret', "'.' or '..'"],
      ['/storage/main/o/%2Freports%2Fq1.json', "start with '/'"],
      ['/storage/main/o/reports%2F', "end with '/'"],
      ['/storage/main/o/a%2F%2Fb', "'//'"],
      ['/storage/main/o/bad%ZZname', 'percent-encoding'],
      ['/storage/main/o/a%5Cb', 'not allowed'],
      [`/storage/main/o/${'x'.repeat(1025)}`, '1024 bytes'],
      ['/storage/other/o/reports%2Fq1.json', "'main' or 'public'"],
    ])('refuses a bad path %s with a 400', async (path, reason) => {
      const message = await expectError(await api.request(path, { token: USER }), 400, 'storage/invalid-argument');
      expect(message).toContain(reason);
    });
  });

  describe('upload', () => {
    const upload = (
      name: string,
      init: { token?: string | null; body?: BodyInit; contentType?: string | null; bucket?: 'main' | 'public' } = {},
    ) =>
      api.request(`/storage/${init.bucket ?? 'public'}/o?name=${encodeURIComponent(name)}`, {
        method: 'POST',
        token: init.token === undefined ? ADMIN : init.token,
        headers: init.contentType === null ? {} : { 'Content-Type': init.contentType ?? 'application/json' },
        body: init.body ?? '{"hello":"Hej"}',
      });

    it("stores an Admin's language file (application/json) and answers its metadata", async () => {
      const response = await upload('languages/sv.json');
      expect(response.status).toBe(200);
      const metadata = (await response.json()) as Record<string, unknown>;
      expect(metadata).toMatchObject({ name: 'languages/sv.json', size: 15, contentType: 'application/json' });
      expect(new Date(metadata.updated as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(api.stored('public', 'languages/sv.json')).toBe('{"hello":"Hej"}');
      // Readable by anyone now.
      expect(await (await api.request('/storage/public/o/languages%2Fsv.json?alt=media')).json()).toEqual({
        hello: 'Hej',
      });
    });

    it("asks the API who the caller is, with the caller's own Authorization header", async () => {
      await upload('languages/sv.json');
      expect(apiCalls).toHaveLength(1);
      expect(apiCalls[0]).toEqual({
        authorization: `Bearer ${ADMIN}`,
        body: { operationName: 'StorageAccess', query: APP_USER_QUERY, variables: { userId: 'admin-1' } },
      });
      expect(APP_USER_QUERY).toBe('query StorageAccess($userId: ID!) { appUser(userId: $userId) { id roles } }');
    });

    it('stores a multipart/form-data `file` part', async () => {
      const form = new FormData();
      form.append('file', new Blob(['{"hello":"Hei"}'], { type: 'application/json' }), 'nb.json');
      const response = await upload('languages/nb.json', { body: form, contentType: null });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        name: 'languages/nb.json',
        size: 15,
        contentType: 'application/json',
      });
      expect(api.stored('public', 'languages/nb.json')).toBe('{"hello":"Hei"}');
    });

    it('replaces an existing file', async () => {
      expect((await upload('languages/cs.json', { body: '{"hello":"Nazdar"}' })).status).toBe(200);
      expect(api.stored('public', 'languages/cs.json')).toBe('{"hello":"Nazdar"}');
    });

    it("stores an Admin's JSON document in the main bucket", async () => {
      const response = await upload('exports/2026/d.json', { bucket: 'main', body: '[{"d":4}]' });
      expect(response.status).toBe(200);
      expect(api.stored('main', 'exports/2026/d.json')).toBe('[{"d":4}]');
    });

    it.each([
      ['unparsable JSON', { body: '{"hello":' }, 'not valid JSON'],
      ['an empty body', { body: '' }, 'not valid JSON'],
      ['text/plain', { contentType: 'text/plain' }, 'Upload a JSON document'],
      ['no content type', { contentType: null, body: new Blob(['{}']) }, 'Upload a JSON document'],
      [
        'bytes that are not UTF-8',
        { body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]) },
        'not valid JSON',
      ],
      ['a language file that is not an object', { body: '["Ahoj"]' }, 'JSON object of translations'],
    ] as const)('refuses %s with a 400 and stores nothing', async (_, init, reason) => {
      const message = await expectError(
        await upload('languages/sk.json', init as Parameters<typeof upload>[1]),
        400,
        'storage/invalid-argument',
      );
      expect(message).toContain(reason);
      expect(api.stored('public', 'languages/sk.json')).toBeNull();
    });

    it('refuses multipart bodies without a JSON `file` part', async () => {
      const text = new FormData();
      text.append('file', new Blob(['hello'], { type: 'text/plain' }), 'sk.txt');
      expect(
        await expectError(
          await upload('languages/sk.json', { body: text, contentType: null }),
          400,
          'storage/invalid-argument',
        ),
      ).toContain('must be a JSON document');
      const noFile = new FormData();
      noFile.append('document', '{}');
      expect(
        await expectError(
          await upload('languages/sk.json', { body: noFile, contentType: null }),
          400,
          'storage/invalid-argument',
        ),
      ).toContain("no 'file' part");
      const badJson = new FormData();
      badJson.append('file', new Blob(['{nope'], { type: 'application/json' }), 'sk.json');
      expect(
        await expectError(
          await upload('languages/sk.json', { body: badJson, contentType: null }),
          400,
          'storage/invalid-argument',
        ),
      ).toContain('not valid JSON');
      expect(api.stored('public', 'languages/sk.json')).toBeNull();
    });

    it('refuses an upload over 1 MB with a 413', async () => {
      const body = JSON.stringify({ big: 'x'.repeat(1024 * 1024) });
      await expectError(await upload('languages/sk.json', { body }), 413, 'storage/invalid-argument');
      expect(api.stored('public', 'languages/sk.json')).toBeNull();
    });

    it.each([
      ['', 'missing'],
      ['/languages/sk.json', "start with '/'"],
      ['languages/../sk.json', "'.' or '..'"],
      ['languages/sk.txt', 'only language files'],
      ['languages/drafts/sk.json', 'only language files'],
    ])('refuses the name %j with a 400', async (name, reason) => {
      expect(await expectError(await upload(name), 400, 'storage/invalid-argument')).toContain(reason);
    });

    it("refuses a User's and an Owner's write with a 403 and stores nothing", async () => {
      for (const token of [USER, OWNER]) {
        const message = await expectError(await upload('languages/sk.json', { token }), 403, 'storage/unauthorized');
        expect(message).toMatch(/Your role \((User|Owner)\) may not create/);
        await expectError(await upload('reports/q2.json', { token, bucket: 'main' }), 403, 'storage/unauthorized');
      }
      expect(api.stored('public', 'languages/sk.json')).toBeNull();
      expect(api.stored('main', 'reports/q2.json')).toBeNull();
      if (backend === 'firebase') expect(firebase.requests).toHaveLength(0);
    });

    it('refuses a write without a token (401) before looking at anything else', async () => {
      await expectError(await upload('languages/sk.json', { token: null }), 401, 'storage/unauthenticated');
      await expectError(await upload('../bad', { token: null, body: 'nope' }), 401, 'storage/unauthenticated');
      expect(apiCalls).toHaveLength(0);
    });
  });

  describe('delete', () => {
    const remove = (path: string, token: string | null = ADMIN) => api.request(path, { method: 'DELETE', token });

    it('deletes for an Admin with a 204, then the object is gone (404)', async () => {
      const response = await remove('/storage/public/o/languages%2Fde.json');
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
      expect(api.stored('public', 'languages/de.json')).toBeNull();
      await expectError(await api.request('/storage/public/o/languages%2Fde.json'), 404, 'storage/object-not-found');
      await expectError(await remove('/storage/public/o/languages%2Fde.json'), 404, 'storage/object-not-found');
    });

    it('deletes from the main bucket too', async () => {
      expect((await remove('/storage/main/o/exports/c.json')).status).toBe(204);
      expect(api.stored('main', 'exports/c.json')).toBeNull();
    });

    it("refuses a User's delete with a 403 and keeps the file", async () => {
      await expectError(await remove('/storage/public/o/languages%2Fde.json', USER), 403, 'storage/unauthorized');
      expect(api.stored('public', 'languages/de.json')).toBe('{"hello":"Hallo"}');
    });

    it('needs a token', async () => {
      await expectError(await remove('/storage/public/o/languages%2Fde.json', null), 401, 'storage/unauthenticated');
      expect(api.stored('public', 'languages/de.json')).not.toBeNull();
    });
  });

  describe('role lookup', () => {
    it('refuses a signed-in account the API does not know (403)', async () => {
      const message = await expectError(
        await api.request('/storage/main/o/exports/c.json', { method: 'DELETE', token: tokenOf('stranger') }),
        403,
        'storage/unauthorized',
      );
      expect(message).toContain('no access to the console');
    });

    it("refuses a suspended organization's user every write", async () => {
      apiAnswer = () =>
        Response.json({
          data: null,
          errors: [{ message: 'Suspended', extensions: { code: 'ORGANIZATION_SUSPENDED' } }],
        });
      await expectError(
        await api.request('/storage/main/o/exports/c.json', { method: 'DELETE', token: OWNER }),
        403,
        'storage/unauthorized',
      );
      expect(api.stored('main', 'exports/c.json')).not.toBeNull();
    });

    it('passes on an API 401 as storage/unauthenticated', async () => {
      apiAnswer = () =>
        Response.json({ errors: [{ message: 'Sign in', extensions: { code: 'UNAUTHENTICATED' } }] }, { status: 401 });
      await expectError(
        await api.request('/storage/main/o/exports/c.json', { method: 'DELETE', token: ADMIN }),
        401,
        'storage/unauthenticated',
      );
    });

    it('answers 502 when the API gives no usable answer, and changes nothing', async () => {
      apiAnswer = () => new Response('<html>gateway</html>', { status: 500 });
      await expectError(
        await api.request('/storage/main/o/exports/c.json', { method: 'DELETE', token: ADMIN }),
        502,
        'storage/unknown',
      );
      expect(api.stored('main', 'exports/c.json')).not.toBeNull();
    });
  });

  it('answers 405 for other methods and 404 off the routes', async () => {
    const put = await api.request('/storage/main/o/exports/c.json', { method: 'PUT', token: ADMIN, body: '{}' });
    await expectError(put, 405, 'storage/invalid-argument');
    expect(put.headers.get('Allow')).toBe('GET, DELETE');
    await expectError(
      await api.request('/storage/main/o', { method: 'PATCH', token: ADMIN }),
      405,
      'storage/invalid-argument',
    );
    await expectError(await api.request('/storage/main', { token: ADMIN }), 404, 'storage/invalid-argument');
  });

  it('keeps the security headers on storage answers', async () => {
    const response = await api.request('/storage/public/o/languages%2Fcs.json?alt=media');
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
  });
});
