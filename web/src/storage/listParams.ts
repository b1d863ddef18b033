import { MAX_LIST_PAGE_SIZE, MIN_LIST_PAGE_SIZE } from './constants.ts';
import { StorageError } from './storageError.ts';

export interface ListOptions {
  prefix?: string;
  delimiter?: string;
  pageToken?: string;
  /** 1 to 1000 (api/src/graphql/validate.ts); the worker's default is 1000. */
  maxResults?: number;
}

/** The listing's query string; a page size outside 1..1000 is refused before anything is sent. */
export function listQuery({ prefix, delimiter, pageToken, maxResults }: ListOptions): URLSearchParams {
  if (
    maxResults !== undefined &&
    (!Number.isInteger(maxResults) || maxResults < MIN_LIST_PAGE_SIZE || maxResults > MAX_LIST_PAGE_SIZE)
  ) {
    throw new StorageError('invalid-page-size', prefix ?? '', 0, `maxResults ${String(maxResults)}`);
  }
  const query = new URLSearchParams();
  if (prefix) query.set('prefix', prefix);
  if (delimiter) query.set('delimiter', delimiter);
  if (pageToken) query.set('pageToken', pageToken);
  if (maxResults !== undefined) query.set('maxResults', String(maxResults));
  return query;
}
