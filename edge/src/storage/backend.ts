/** The interface both storage backends (R2 bindings, Firebase Storage) implement. */
import type { ListParams } from './paths.ts';

/** What the routes answer for an object. `updated` is an ISO 8601 time. */
export interface ObjectMetadata {
  name: string;
  size: number;
  contentType: string;
  updated: string;
}

/**
 * One entry of a listing. R2 lists metadata along with names; Firebase Storage's list answers
 * names only (`{ name, bucket }`), so there the other fields are null: ask the object's metadata.
 */
export interface ListItem {
  name: string;
  size: number | null;
  contentType: string | null;
  updated: string | null;
}

export interface ListResult {
  prefixes: string[];
  items: ListItem[];
  nextPageToken?: string;
}

export interface ObjectBody {
  contentType: string;
  /** Bytes, when the backend says. */
  size: number | null;
  body: ReadableStream<Uint8Array> | null;
}

/** Every method throws StorageError (404 object-not-found, 401/402/403 passed through, ...). */
export interface StorageBackend {
  list(params: ListParams): Promise<ListResult>;
  metadata(name: string): Promise<ObjectMetadata>;
  download(name: string): Promise<ObjectBody>;
  upload(name: string, bytes: Uint8Array, contentType: string): Promise<ObjectMetadata>;
  delete(name: string): Promise<void>;
}

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
