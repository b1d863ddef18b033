/**
 * What the worker sends to Firebase Storage and how it maps the answers: the REST shapes of
 * the web SDK (v0), `Authorization: Firebase <token>`, errors passed through by status.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedPortUrl } from '../../test/fake-upstream.ts';
import { startFakeFirebaseStorage, type FakeFirebaseStorage } from '../../test/fake-firebase-storage.ts';
import { unsignedToken } from '../../test/tokens.ts';
import { envFor } from '../../test/wrangler-env.ts';
import { createApp } from '../app.ts';
import { firebaseBackend } from './firebase-backend.ts';
import { StorageError } from './errors.ts';

const MAIN = 'price-console-local-main';
const PUBLIC = 'price-console-local-public';
const ADMIN = unsignedToken('demo-price-console', { sub: 'admin-1' });
let firebase: FakeFirebaseStorage;

const apiFetch = async () => Response.json({ data: { appUser: { id: 'admin-1', roles: ['Admin'] } } });

beforeAll(async () => {
  firebase = await startFakeFirebaseStorage({ publicBucket: PUBLIC });
});
afterAll(async () => {
  await firebase.close();
});
beforeEach(() => {
  firebase.buckets.clear();
  firebase.requests.length = 0;
  firebase.seed(MAIN, 'reports/q1.json', '[1]');
  firebase.seed(PUBLIC, 'languages/cs.json', '{"a":"b"}');
});

function request(path: string, init: RequestInit & { token?: string } = {}, baseUrl = firebase.url) {
  const app = createApp({ storage: { firebaseBaseUrl: baseUrl, apiFetch } });
  const headers = new Headers(init.headers);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  return app.request(path, { ...init, headers }, envFor('local', { STORAGE_BACKEND: 'firebase' }));
}

describe('Firebase Storage requests', () => {
  it("lists with GET /v0/b/{bucket}/o and the query parameters, with the caller's token", async () => {
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
    expect(sent.headers.authorization).toBe(`Firebase ${ADMIN}`);
  });

  it('asks for metadata and media at the encoded object name', async () => {
    await request('/storage/main/o/reports/q1.json', { token: ADMIN });
    expect(firebase.requests.at(-1)!.url).toBe(`/v0/b/${MAIN}/o/reports%2Fq1.json`);
    await request('/storage/main/o/reports%2Fq1.json?alt=media', { token: ADMIN });
    expect(firebase.requests.at(-1)!.url).toBe(`/v0/b/${MAIN}/o/reports%2Fq1.json?alt=media`);
  });

  it('reads public language files without any Authorization header', async () => {
    const response = await request('/storage/public/o/languages%2Fcs.json?alt=media', { token: ADMIN });
    expect(response.status).toBe(200);
    const sent = firebase.requests.at(-1)!;
    expect(sent.url).toBe(`/v0/b/${PUBLIC}/o/languages%2Fcs.json?alt=media`);
    expect(sent.headers.authorization).toBeUndefined();
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
    expect(sent.headers.authorization).toBe(`Firebase ${ADMIN}`);
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

  it('maps a Firebase 401 to storage/unauthenticated', async () => {
    const backend = firebaseBackend({
      bucket: MAIN,
      alias: 'main',
      token: null,
      timeoutMs: 5_000,
      baseUrl: firebase.url,
    });
    const error = await backend.metadata('reports/q1.json').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageError);
    expect(error).toMatchObject({ status: 401, code: 'storage/unauthenticated' });
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
      token: 't',
      timeoutMs: 50,
      fetch: (_input, init) =>
        new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    });
    await expect(backend.metadata('reports/q1.json')).rejects.toMatchObject({ status: 504, code: 'storage/unknown' });
  });
});
