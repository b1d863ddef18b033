/** The storage limits of web/src/config/constants.ts. */

/** A listing page holds 1 to 1000 entries. */
export const MIN_LIST_PAGE_SIZE = 1;
export const MAX_LIST_PAGE_SIZE = 1000;

/** How long an operation (or an upload) may keep retrying before it gives up. */
export const MAX_OPERATION_RETRY_MS = 120_000;
export const MAX_UPLOAD_RETRY_MS = 600_000;

/** The worker's storage routes: `/storage/{bucket}/o`. */
export const STORAGE_BASE_PATH = '/storage';
export type Bucket = 'main' | 'public';
