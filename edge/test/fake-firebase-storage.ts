/**
 * A local HTTP server speaking Firebase Storage's REST API (v0) as the web SDK sees it, since the
 * real service cannot be reached from the tests:
 *
 *   GET    /v0/b/{bucket}/o?prefix=&delimiter=&pageToken=&maxResults=  -> { prefixes, items: [{ name, bucket }], nextPageToken? }
 *   GET    /v0/b/{bucket}/o/{encoded name}                              -> { name, bucket, generation, size: "n", contentType, updated, timeCreated, downloadTokens, ... }
 *   GET    /v0/b/{bucket}/o/{encoded name}?alt=media                    -> the bytes
 *   POST   /v0/b/{bucket}/o?name=  X-Goog-Upload-Protocol: multipart, multipart/related (metadata JSON part, then the data part) -> metadata
 *   DELETE /v0/b/{bucket}/o/{encoded name}                              -> 204
 *
 * Errors are `{ "error": { "code": <status>, "message": "..." } }`. Access as the project's
 * committed rules (storage.rules) and Google's token endpoint make it: a service account's access
 * token (`Authorization: Bearer <token>` that POST /token handed out) is not subject to the rules;
 * everything else meets the rules, which deny every request (no Authorization: 401; a user's ID
 * token `Firebase <token>` or any other: 403). Names under `quota/` answer 402, under `forbidden/`
 * 403, under `broken/` 500.
 *
 *   POST   /token   grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=<JWT>  -> { access_token, expires_in, token_type }
 *
 * The assertion must be signed with the service account's key (RS256) for `iss` = its e-mail,
 * `aud` = this /token address and a scope; `tokenRequests` counts the exchanges.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify } from 'jose';
import { listKeys } from './listing.ts';

export interface StoredObject {
  bytes: Buffer;
  contentType: string;
  updated: string;
}

export interface FirebaseRequest {
  method: string;
  /** Path and query as received (still encoded). */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeFirebaseStorage {
  /** The origin to use instead of https://firebasestorage.googleapis.com */
  url: string;
  requests: FirebaseRequest[];
  /** bucket -> name -> object */
  buckets: Map<string, Map<string, StoredObject>>;
  seed(bucket: string, name: string, body: string, contentType?: string): void;
  /** How many access tokens POST /token handed out. */
  tokenRequests: number;
  /** Access tokens handed out and still honoured (a test may revoke one). */
  accessTokens: Set<string>;
  close(): Promise<void>;
}

export async function startFakeFirebaseStorage(options: {
  publicBucket: string;
  /** The service account whose assertions POST /token accepts. */
  serviceAccount?: { clientEmail: string; publicKeyPem: string };
}): Promise<FakeFirebaseStorage> {
  const requests: FirebaseRequest[] = [];
  const accessTokens = new Set<string>();
  const fake = { tokenRequests: 0 };
  let tokenUrl = '';
  const verificationKey = options.serviceAccount
    ? await importSPKI(options.serviceAccount.publicKeyPem, 'RS256')
    : null;

  /** Google's token endpoint for the JWT bearer grant, as far as the worker uses it. */
  async function issueToken(body: Buffer): Promise<{ status: number; value: unknown }> {
    const form = new URLSearchParams(body.toString('utf8'));
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !verificationKey)
      return { status: 400, value: { error: 'unsupported_grant_type' } };
    try {
      const { payload } = await jwtVerify(form.get('assertion') ?? '', verificationKey, {
        issuer: options.serviceAccount!.clientEmail,
        audience: tokenUrl,
        algorithms: ['RS256'],
      });
      if (typeof payload.scope !== 'string' || !payload.scope) throw new Error('no scope');
    } catch {
      return { status: 400, value: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
    }
    fake.tokenRequests += 1;
    const token = `fake-access-${fake.tokenRequests}-${Math.random().toString(36).slice(2)}`;
    accessTokens.add(token);
    return { status: 200, value: { access_token: token, expires_in: 3599, token_type: 'Bearer' } };
  }
  const buckets = new Map<string, Map<string, StoredObject>>();
  const bucketOf = (name: string) => {
    let bucket = buckets.get(name);
    if (!bucket) buckets.set(name, (bucket = new Map()));
    return bucket;
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const method = request.method ?? '';
      const rawUrl = request.url ?? '';
      const url = new URL(rawUrl, 'http://fake');
      // Token exchanges are Google's token endpoint, not Firebase Storage: not in `requests`.
      if (url.pathname !== '/token') requests.push({ method, url: rawUrl, headers: request.headers, body });
      const fail = (status: number, message: string) => {
        response.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' });
        response.end(JSON.stringify({ error: { code: status, message } }));
      };
      const json = (value: unknown) => {
        response.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' });
        response.end(JSON.stringify(value));
      };

      if (url.pathname === '/token' && method === 'POST') {
        void issueToken(body).then(({ status, value }) => {
          response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
          response.end(JSON.stringify(value));
        });
        return;
      }

      const match = /^\/v0\/b\/([^/]+)\/o(?:\/([^/]+))?$/.exec(url.pathname);
      if (!match) return fail(404, 'Not Found.');
      const bucketName = decodeURIComponent(match[1]!);
      const objectName = match[2] === undefined ? null : decodeURIComponent(match[2]);
      const bucket = bucketOf(bucketName);
      const authorization = request.headers.authorization ?? '';
      const serviceAccount = /^Bearer (\S+)$/.exec(authorization)?.[1];
      const target = objectName ?? url.searchParams.get('name') ?? url.searchParams.get('prefix') ?? '';
      // storage.rules: every request the rules judge is denied; a service account is not judged by them.
      if (!serviceAccount || !accessTokens.has(serviceAccount)) {
        if (!authorization) return fail(401, 'Unauthorized.');
        return fail(403, 'Permission denied.');
      }
      if (target.startsWith('quota/')) return fail(402, 'Quota exceeded.');
      if (target.startsWith('forbidden/')) return fail(403, 'Permission denied.');
      if (target.startsWith('broken/')) return fail(500, 'Internal error.');

      const metadataOf = (name: string, stored: StoredObject) => ({
        name,
        bucket: bucketName,
        generation: '1714557600000000',
        metageneration: '1',
        contentType: stored.contentType,
        timeCreated: stored.updated,
        updated: stored.updated,
        storageClass: 'STANDARD',
        size: String(stored.bytes.byteLength),
        md5Hash: 'bWQ1',
        contentEncoding: 'identity',
        contentDisposition: `inline; filename*=utf-8''${encodeURIComponent(name.split('/').pop()!)}`,
        crc32c: 'AAAAAA==',
        etag: 'CAE=',
        downloadTokens: 'token-1',
      });

      if (objectName === null && method === 'GET') {
        const maxResults = Number(url.searchParams.get('maxResults') ?? 1000);
        if (!(maxResults >= 1 && maxResults <= 1000)) return fail(400, 'Invalid maxResults.');
        const pageToken = url.searchParams.get('pageToken');
        const listing = listKeys(bucket.keys(), {
          prefix: url.searchParams.get('prefix') ?? '',
          delimiter: url.searchParams.get('delimiter') ?? undefined,
          after: pageToken ? Buffer.from(pageToken, 'base64url').toString('utf8') : undefined,
          limit: maxResults,
        });
        return json({
          prefixes: listing.prefixes,
          items: listing.keys.map((name) => ({ name, bucket: bucketName })),
          ...(listing.next === null ? {} : { nextPageToken: Buffer.from(listing.next).toString('base64url') }),
        });
      }

      if (objectName === null && method === 'POST') {
        const name = url.searchParams.get('name');
        if (!name || request.headers['x-goog-upload-protocol'] !== 'multipart') return fail(400, 'Bad upload request.');
        const parts = multipartRelated(request.headers['content-type'] ?? '', body);
        if (parts?.length !== 2 || !/^application\/json/.test(parts[0]!.contentType))
          return fail(400, 'Bad multipart body.');
        const metadata = JSON.parse(parts[0]!.body.toString('utf8')) as { name?: string; contentType?: string };
        if (metadata.name !== undefined && metadata.name !== name) return fail(400, 'Name mismatch.');
        const stored = {
          bytes: parts[1]!.body,
          contentType: metadata.contentType ?? parts[1]!.contentType,
          updated: new Date().toISOString(),
        };
        bucket.set(name, stored);
        return json(metadataOf(name, stored));
      }

      if (objectName !== null && (method === 'GET' || method === 'DELETE')) {
        const stored = bucket.get(objectName);
        if (!stored) return fail(404, 'Not Found.');
        if (method === 'DELETE') {
          bucket.delete(objectName);
          response.writeHead(204);
          return response.end();
        }
        if (url.searchParams.get('alt') === 'media') {
          response.writeHead(200, {
            'Content-Type': stored.contentType,
            'Content-Length': String(stored.bytes.byteLength),
          });
          return response.end(stored.bytes);
        }
        return json(metadataOf(objectName, stored));
      }
      return fail(405, 'Method not allowed.');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  tokenUrl = `http://127.0.0.1:${port}/token`;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    buckets,
    get tokenRequests() {
      return fake.tokenRequests;
    },
    accessTokens,
    seed(bucket, name, body, contentType = 'application/json') {
      bucketOf(bucket).set(name, { bytes: Buffer.from(body), contentType, updated: '2026-05-01T10:00:00.000Z' });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The parts of a multipart/related body (headers reduced to the content type). */
function multipartRelated(contentType: string, body: Buffer): { contentType: string; body: Buffer }[] | null {
  const boundary = /^multipart\/related;\s*boundary=(.+)$/i.exec(contentType)?.[1];
  if (!boundary) return null;
  const text = body.toString('latin1');
  const delimiter = `--${boundary}`;
  if (!text.startsWith(`${delimiter}\r\n`) || !text.endsWith(`${delimiter}--`)) return null;
  const sections = text.slice(delimiter.length + 2, text.length - delimiter.length - 2).split(`\r\n${delimiter}\r\n`);
  const parts = [];
  for (const section of sections) {
    const end = section.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const headers = section.slice(0, end);
    let content = section.slice(end + 4);
    if (content.endsWith('\r\n')) content = content.slice(0, -2);
    parts.push({
      contentType: /content-type:\s*(.+)/i.exec(headers)?.[1]?.trim() ?? '',
      body: Buffer.from(content, 'latin1'),
    });
  }
  return parts;
}
