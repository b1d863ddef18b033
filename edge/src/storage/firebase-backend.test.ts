/**
 * What the worker sends to Firebase Storage and how it maps the answers: the REST shapes of
 * the web SDK (v0), the worker's own service account token on every request (never the
 * caller's ID token; storage.rules deny every direct request), errors passed through by status.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedPortUrl } from '../../test/fake-upstream.ts';
import { startFakeFirebaseStorage, type FakeFirebaseStorage } from '../../test/fake-firebase-storage.ts';
import { SERVICE_ACCOUNT_EMAIL, SERVICE_ACCOUNT_PUBLIC_KEY, serviceAccountKey } from '../../test/service-account.ts';
import { unsignedToken } from '../../test/tokens.ts';
import { envFor } from '../../test/wrangler-env.ts';
import { createApp } from '../app.ts';
import { firebaseBackend } from './firebase-backend.ts';
import { StorageError } from './errors.ts';
import { forgetServiceAccountToken } from './service-account.ts';

const MAIN = 'price-console-local-main';
const PUBLIC = 'price-console-local-public';
const ADMIN = unsignedToken('demo-price-console', { sub: 'admin-1' });
let firebase: FakeFirebaseStorage;

const apiFetch = async () => Response.json({ data: { appUser: { id: 'admin-1', roles: ['Admin'] } } });

beforeAll(async () => {
  firebase = await startFakeFirebaseStorage({
    publicBucket: PUBLIC,
    serviceAccount: { clientEmail: SERVICE_ACCOUNT_EMAIL, publicKeyPem: SERVICE_ACCOUNT_PUBLIC_KEY },
  });
});
afterAll(async () => {
  await firebase.close();
});
beforeEach(() => {
  forgetServiceAccountToken();
  firebase.accessTokens.clear();
  firebase.buckets.clear();
  firebase.requests.length = 0;
  firebase.seed(MAIN, 'reports/q1.json', '[1]');
  firebase.seed(PUBLIC, 'languages/cs.json', '{"a":"b"}');
});

function request(
  path: string,
  init: RequestInit & { token?: string } = {},
  baseUrl = firebase.url,
  serviceAccount: string | null = serviceAccountKey(`${firebase.url}/token`),
) {
  const app = createApp({ storage: { firebaseBaseUrl: baseUrl, apiFetch } });
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  const env = envFor('local', { STORAGE_BACKEND: 'firebase' });
  if (serviceAccount !== null) env.STORAGE_SERVICE_ACCOUNT = serviceAccount;
  return app.request(path, { ...init, headers }, env);
}

/** The service account's access token the fake handed out (the one it honours). */
const accessToken = () => {
  expect(firebase.accessTokens.size).toBe(1);
  return [...firebase.accessTokens][0]!;
};

describe('Firebase Storage requests', () => {
  it("lists with GET /v0/b/{bucket}/o and the query parameters, with the worker's service account token", async () => {
    await request('/storage/main/o?prefix=reports/&delimiter=/&maxResults=10&pageToken=abc', { token: ADMIN });
    const sent = firebase.requests.at(-1)!;
    expect(sent.method).toBe('GET');
    const url = new URL(sent.url, 'http://x');
    expect(url.pathname).toBe(`/v0/b/${MAIN}/o`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      prefix: 'reports/',
      delimiter: '/',
      pageToken: 'abc',
      maxResults: '10',
    });
    expect(sent.headers.authorization).toBe(`Bearer ${accessToken()}`);
  });

  it('asks for metadata and media at the encoded object name', async () => {
    await request('/storage/main/o/reports/q1.json', { token: ADMIN });
    expect(firebase.requests.at(-1)!.url).toBe(`/v0/b/${MAIN}/o/reports%2Fq1.json`);
    await request('/storage/main/o/reports%2Fq1.json?alt=media', { token: ADMIN });
    expect(firebase.requests.at(-1)!.url).toBe(`/v0/b/${MAIN}/o/reports%2Fq1.json?alt=media`);
  });

  it("reads public language files for anyone, with the worker's token (the rules let nobody read directly)", async () => {
    const response = await request('/storage/public/o/languages%2Fcs.json?alt=media');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"a":"b"}');
    const sent = firebase.requests.at(-1)!;
    expect(sent.url).toBe(`/v0/b/${PUBLIC}/o/languages%2Fcs.json?alt=media`);
    expect(sent.headers.authorization).toBe(`Bearer ${accessToken()}`);
  });

  it('uploads as the SDK does: POST ?name=, X-Goog-Upload-Protocol multipart, metadata part then data part', async () => {
    const response = await request('/storage/public/o?name=languages/sk.json', {
      method: 'POST',
      token: ADMIN,
      headers: { 'Content-Type': 'application/json' },
      body: '{"hello":"Ahoj"}',
    });
    expect(response.status).toBe(200);
    const sent = firebase.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe(`/v0/b/${PUBLIC}/o?name=languages%2Fsk.json`);
    expect(sent.headers['x-goog-upload-protocol']).toBe('multipart');
    expect(sent.headers.authorization).toBe(`Bearer ${accessToken()}`);
    const boundary = /^multipart\/related; boundary=(.+)$/.exec(sent.headers['content-type']!)![1]!;
    expect(sent.body.toString('utf8')).toBe(
      `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{"name":"languages/sk.json","contentType":"application/json"}\r\n` +
        `--${boundary}\r\nContent-Type: application/json\r\n\r\n{"hello":"Ahoj"}\r\n--${boundary}--`,
    );
  });

  it('deletes with DELETE at the encoded name', async () => {
    const response = await request('/storage/main/o/reports%2Fq1.json', { method: 'DELETE', token: ADMIN });
    expect(response.status).toBe(204);
    expect(firebase.requests.at(-1)).toMatchObject({ method: 'DELETE', url: `/v0/b/${MAIN}/o/reports%2Fq1.json` });
  });
});

describe('Firebase Storage errors', () => {
  it.each([
    ['quota/big.json', 402, 'storage/quota-exceeded'],
    ['forbidden/secret.json', 403, 'storage/unauthorized'],
    ['broken/file.json', 502, 'storage/unknown'],
  ])('%s: answered %i %s', async (name, status, code) => {
    for (const init of [{ token: ADMIN }, { token: ADMIN, method: 'DELETE' }]) {
      const response = await request(`/storage/main/o/${encodeURIComponent(name)}`, init);
      expect(response.status).toBe(status);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    const upload = await request(`/storage/main/o?name=${name}`, {
      method: 'POST',
      token: ADMIN,
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(upload.status).toBe(status);
  });

  it("maps a Firebase 401 or 403 for the worker's own credential to a failure of the service, not of the caller", async () => {
    for (const [authorization, status, code] of [
      ['', 502, 'storage/unknown'],
      [`Firebase ${ADMIN}`, 403, 'storage/unauthorized'],
    ] as const) {
      const backend = firebaseBackend({
        bucket: MAIN,
        alias: 'main',
        authorization: () => Promise.resolve(authorization),
        timeoutMs: 5_000,
        baseUrl: firebase.url,
      });
      const error = await backend.metadata('reports/q1.json').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StorageError);
      expect(error).toMatchObject({ status, code });
    }
  });

  it('answers 502 storage/unknown when Firebase Storage is unreachable', async () => {
    const closed = new URL(await closedPortUrl()).origin;
    const response = await request('/storage/main/o/reports%2Fq1.json', { token: ADMIN }, closed);
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('storage/unknown');
  });

  it('answers 504 when Firebase Storage does not answer in time', async () => {
    const backend = firebaseBackend({
      bucket: MAIN,
      alias: 'main',
      authorization: () => Promise.resolve('Bearer t'),
      timeoutMs: 50,
      fetch: (_input, init) =>
        new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    });
    await expect(backend.metadata('reports/q1.json')).rejects.toMatchObject({ status: 504, code: 'storage/unknown' });
  });
});

describe("the worker's service account", () => {
  it('signs in once and keeps the access token for the following requests', async () => {
    const before = firebase.tokenRequests;
    for (let i = 0; i < 3; i++) {
      const response = await request('/storage/main/o/reports%2Fq1.json', { token: ADMIN });
      expect(response.status).toBe(200);
    }
    expect(firebase.tokenRequests - before).toBe(1);
    expect(firebase.requests.map((sent) => sent.headers.authorization)).toEqual(
      Array(3).fill(`Bearer ${accessToken()}`),
    );
  });

  it("never sends the caller's ID token to Firebase Storage, and Firebase refuses it directly (storage.rules)", async () => {
    await request('/storage/main/o?prefix=reports/', { token: ADMIN });
    await request('/storage/public/o?name=languages/sk.json', {
      method: 'POST',
      token: ADMIN,
      headers: { 'Content-Type': 'application/json' },
      body: '{"hello":"Ahoj"}',
    });
    expect(firebase.requests).toHaveLength(2);
    for (const sent of firebase.requests) expect(JSON.stringify(sent.headers)).not.toContain(ADMIN);
    // A client going around the worker with its own ID token, or with none, reads nothing.
    for (const headers of [{ Authorization: `Firebase ${ADMIN}` }, {}] as Record<string, string>[]) {
      for (const path of [
        `/v0/b/${MAIN}/o/reports%2Fq1.json?alt=media`,
        `/v0/b/${PUBLIC}/o/languages%2Fcs.json?alt=media`,
      ]) {
        const direct = await fetch(`${firebase.url}${path}`, { headers });
        expect(direct.status).toBe(headers.Authorization ? 403 : 401);
      }
    }
  });

  it('without a usable STORAGE_SERVICE_ACCOUNT the worker refuses to serve (500 MISCONFIGURED), nothing sent', async () => {
    for (const [key, problem] of [
      [null, 'is not set'],
      ['', 'is not set'],
      ['not json', 'is not JSON'],
      ['{"client_email":"x@y"}', 'needs client_email and private_key'],
    ] as const) {
      for (const path of ['/storage/public/o/languages%2Fcs.json?alt=media', '/config.json']) {
        const response = await request(path, {}, firebase.url, key);
        expect(response.status).toBe(500);
        const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
        expect(body.errors[0]!.extensions.code).toBe('MISCONFIGURED');
        expect(body.errors[0]!.message).toContain(`STORAGE_SERVICE_ACCOUNT ${problem}`);
        expect(body.errors[0]!.message).toContain('wrangler secret put STORAGE_SERVICE_ACCOUNT');
      }
    }
    expect(firebase.requests).toHaveLength(0);
  });

  it('a key whose private key cannot be read: 500 storage/unknown, nothing sent', async () => {
    const broken = JSON.stringify({
      client_email: 'x@y',
      private_key: '-----BEGIN PRIVATE KEY-----\nnot-a-key\n-----END PRIVATE KEY-----\n',
    });
    const response = await request('/storage/main/o/reports%2Fq1.json', { token: ADMIN }, firebase.url, broken);
    expect(response.status).toBe(500);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error).toEqual({ code: 'storage/unknown', message: 'The storage service is not configured.' });
    expect(firebase.requests).toHaveLength(0);
  });

  it('a key the token endpoint refuses: 502 storage/unknown, nothing sent to Firebase Storage', async () => {
    const otherKey = serviceAccountKey(`${firebase.url}/token`, { otherKey: true });
    const response = await request('/storage/main/o/reports%2Fq1.json', { token: ADMIN }, firebase.url, otherKey);
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('storage/unknown');
    expect(firebase.requests).toHaveLength(0);
  });
});
