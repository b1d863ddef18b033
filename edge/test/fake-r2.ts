/**
 * An in-memory R2 bucket with the binding methods the storage routes use (head, get, put,
 * delete, list with prefix / delimiter / cursor / limit / include), answering like R2:
 * null for a missing key, a silent no-op delete, httpMetadata in listings only when included,
 * delimited prefixes counted against the limit, an opaque cursor while truncated.
 */
import { listKeys } from './listing.ts';

interface Stored {
  bytes: Uint8Array;
  contentType: string | undefined;
  uploaded: Date;
}

export interface FakeR2 extends R2Bucket {
  readonly objects: Map<string, Stored>;
  seed(key: string, body: string, contentType?: string): void;
}

export function fakeR2(): FakeR2 {
  const objects = new Map<string, Stored>();

  const objectOf = (key: string, stored: Stored, withHttpMetadata = true) =>
    ({
      key,
      version: 'v1',
      size: stored.bytes.byteLength,
      etag: 'etag',
      httpEtag: '"etag"',
      uploaded: stored.uploaded,
      httpMetadata: withHttpMetadata ? { contentType: stored.contentType } : undefined,
      customMetadata: {},
      storageClass: 'Standard',
      checksums: {},
      writeHttpMetadata() {},
    }) as unknown as R2Object;

  const bytesOf = async (value: unknown): Promise<Uint8Array> => {
    if (typeof value === 'string') return new TextEncoder().encode(value);
    if (value instanceof Uint8Array) return new Uint8Array(value);
    if (value instanceof ArrayBuffer) return new Uint8Array(value.slice(0));
    if (value === null) return new Uint8Array();
    return new Uint8Array(await new Response(value as BodyInit).arrayBuffer());
  };

  const bucket = {
    objects,
    seed(key: string, body: string, contentType = 'application/json') {
      objects.set(key, {
        bytes: new TextEncoder().encode(body),
        contentType,
        uploaded: new Date('2026-05-01T10:00:00.000Z'),
      });
    },
    async head(key: string) {
      const stored = objects.get(key);
      return stored ? objectOf(key, stored) : null;
    },
    async get(key: string) {
      const stored = objects.get(key);
      if (!stored) return null;
      const bytes = stored.bytes;
      return Object.assign(objectOf(key, stored), {
        body: new Response(bytes).body,
        bodyUsed: false,
        arrayBuffer: async () => bytes.slice().buffer,
        text: async () => new TextDecoder().decode(bytes),
        json: async () => JSON.parse(new TextDecoder().decode(bytes)),
      }) as unknown as R2ObjectBody;
    },
    async put(key: string, value: unknown, options?: R2PutOptions) {
      const metadata = options?.httpMetadata;
      const contentType =
        metadata instanceof Headers ? (metadata.get('content-type') ?? undefined) : metadata?.contentType;
      const stored = { bytes: await bytesOf(value), contentType, uploaded: new Date() };
      objects.set(key, stored);
      return objectOf(key, stored);
    },
    async delete(keys: string | string[]) {
      for (const key of Array.isArray(keys) ? keys : [keys]) objects.delete(key);
    },
    async list(options: R2ListOptions = {}) {
      const limit = options.limit ?? 1000;
      if (limit < 1 || limit > 1000) throw new Error('list: limit must be between 1 and 1000');
      const after = options.cursor ? atob(options.cursor) : options.startAfter;
      const listing = listKeys(objects.keys(), { prefix: options.prefix, delimiter: options.delimiter, after, limit });
      const withHttpMetadata = options.include?.includes('httpMetadata') ?? false;
      const found = listing.keys.map((key) => objectOf(key, objects.get(key)!, withHttpMetadata));
      return listing.next === null
        ? { objects: found, delimitedPrefixes: listing.prefixes, truncated: false as const }
        : { objects: found, delimitedPrefixes: listing.prefixes, truncated: true as const, cursor: btoa(listing.next) };
    },
    createMultipartUpload() {
      throw new Error('not used');
    },
    resumeMultipartUpload() {
      throw new Error('not used');
    },
  };
  return bucket as unknown as FakeR2;
}
