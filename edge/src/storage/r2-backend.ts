/**
 * The storage service on an R2 binding (MAIN_BUCKET / PUBLIC_BUCKET). Locally wrangler dev keeps
 * the objects on disk (`--persist-to`). Object names are R2 keys unchanged.
 */
import { DEFAULT_CONTENT_TYPE, type ObjectMetadata, type StorageBackend } from './backend.ts';
import { notFound } from './errors.ts';
import type { BucketName } from './paths.ts';

export function r2Backend(binding: R2Bucket, bucket: BucketName): StorageBackend {
  return {
    async list({ prefix, delimiter, pageToken, maxResults }) {
      const result = await binding.list({
        prefix: prefix || undefined,
        delimiter,
        cursor: pageToken,
        limit: maxResults,
        include: ['httpMetadata'],
      });
      return {
        prefixes: result.delimitedPrefixes,
        items: result.objects.map(metadataOf),
        ...(result.truncated ? { nextPageToken: result.cursor } : {}),
      };
    },

    async metadata(name) {
      const object = await binding.head(name);
      if (!object) throw notFound(bucket, name);
      return metadataOf(object);
    },

    async download(name) {
      const object = await binding.get(name);
      if (!object) throw notFound(bucket, name);
      const { contentType, size } = metadataOf(object);
      return { contentType, size, body: object.body };
    },

    async upload(name, bytes, contentType) {
      return metadataOf(await binding.put(name, bytes, { httpMetadata: { contentType } }));
    },

    async delete(name) {
      // R2 deletes a missing key silently; the storage service answers 404 for it.
      if (!(await binding.head(name))) throw notFound(bucket, name);
      await binding.delete(name);
    },
  };
}

function metadataOf(object: R2Object): ObjectMetadata {
  return {
    name: object.key,
    size: object.size,
    contentType: object.httpMetadata?.contentType || DEFAULT_CONTENT_TYPE,
    updated: object.uploaded.toISOString(),
  };
}
