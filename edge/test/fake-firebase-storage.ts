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
 * Errors are `{ "error": { "code": <status>, "message": "..." } }`. Security rules of the fake:
 * `Authorization: Firebase <token>` is required except for reads under languages/ of the
 * public bucket. Names under `quota/` answer 402, under `forbidden/` 403, under `broken/` 500.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
  close(): Promise<void>;
}

export async function startFakeFirebaseStorage(options: { publicBucket: string }): Promise<FakeFirebaseStorage> {
  const requests: FirebaseRequest[] = [];
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
      requests.push({ method, url: rawUrl, headers: request.headers, body });
      const url = new URL(rawUrl, 'http://fake');
      const fail = (status: number, message: string) => {
        response.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' });
        response.end(JSON.stringify({ error: { code: status, message } }));
      };
      const json = (value: unknown) => {
        response.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' });
        response.end(JSON.stringify(value));
      };

      const match = /^\/v0\/b\/([^/]+)\/o(?:\/([^/]+))?$/.exec(url.pathname);
      if (!match) return fail(404, 'Not Found.');
      const bucketName = decodeURIComponent(match[1]!);
      const objectName = match[2] === undefined ? null : decodeURIComponent(match[2]);
      const bucket = bucketOf(bucketName);
      const authorization = request.headers.authorization ?? '';
      const signedIn = /^Firebase \S+$/.test(authorization);
      const reading = method === 'GET';
      const target = objectName ?? url.searchParams.get('name') ?? url.searchParams.get('prefix') ?? '';
      const publicRead = reading && bucketName === options.publicBucket && target.startsWith('languages/');
      if (!signedIn && !publicRead) return fail(401, 'Unauthorized.');
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
        if (!parts || parts.length !== 2 || !/^application\/json/.test(parts[0]!.contentType))
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
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    buckets,
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
