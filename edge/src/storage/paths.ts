/**
 * Validation of what the client names: buckets, object paths, list parameters, and which
 * objects are public language files.
 */
import { invalidArgument } from './errors.ts';

export const BUCKETS = ['main', 'public'] as const;
export type BucketName = (typeof BUCKETS)[number];

/** Firebase Storage / Cloud Storage limit on object names, in UTF-8 bytes. */
export const MAX_NAME_BYTES = 1024;
export const MAX_DELIMITER_LENGTH = 16;
export const MAX_PAGE_TOKEN_LENGTH = 2048;
/** web/src/config/constants.ts: a listing page holds 1 to 1000 entries. */
export const MIN_RESULTS = 1;
export const MAX_RESULTS = 1000;

/** The public bucket's folder of language files, `languages/{lang}.json` (docs/languages.md). */
export const LANGUAGES_FOLDER = 'languages/';
const LANGUAGE_FILE = /^languages\/[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*\.json$/;

export function parseBucket(value: string | undefined): BucketName {
  if (!BUCKETS.includes(value as BucketName))
    throw invalidArgument(`Unknown bucket '${value}': use 'main' or 'public'.`);
  return value as BucketName;
}

/** `languages/{lang}.json` of the public bucket: readable without signing in, written by Admins. */
export function isLanguageFile(bucket: BucketName, name: string): boolean {
  return bucket === 'public' && LANGUAGE_FILE.test(name);
}

/** Anything in the public bucket's language folder (writes there must be language files). */
export function inLanguagesFolder(bucket: BucketName, name: string): boolean {
  return bucket === 'public' && name.startsWith(LANGUAGES_FOLDER);
}

// Control characters, backslash and the characters Firebase Storage advises against.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f\\#[\]*?]/;

function checkPathText(kind: string, value: string): void {
  if (value.startsWith('/')) throw invalidArgument(`The ${kind} must not start with '/'.`);
  if (new TextEncoder().encode(value).byteLength > MAX_NAME_BYTES)
    throw invalidArgument(`The ${kind} is longer than ${MAX_NAME_BYTES} bytes.`);
  if (FORBIDDEN_CHARACTERS.test(value))
    throw invalidArgument(`The ${kind} contains a character that is not allowed (control characters, \\ # [ ] * ?).`);
  const segments = value.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.'))
    throw invalidArgument(`The ${kind} must not contain '.' or '..' segments.`);
  // The last segment of a prefix may be empty ("folder/"); nothing else may.
  if (segments.slice(0, -1).some((segment) => segment === ''))
    throw invalidArgument(`The ${kind} must not contain '//'.`);
}

/** An object name: a non-empty path without a leading or trailing slash. */
export function parseObjectName(value: string | undefined | null): string {
  if (!value) throw invalidArgument('The object name is missing.');
  checkPathText('object name', value);
  if (value.endsWith('/')) throw invalidArgument("The object name must not end with '/'.");
  return value;
}

/** The percent-encoded rest of a URL path (`languages%2Fcs.json` or `languages/cs.json`). */
export function decodeObjectName(encoded: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    throw invalidArgument('The object name is not valid percent-encoding.');
  }
  return parseObjectName(decoded);
}

export interface ListParams {
  prefix: string;
  delimiter: string | undefined;
  pageToken: string | undefined;
  maxResults: number;
}

/** The query of a list request; every bad value is a 400 saying what is wrong. */
export function parseListParams(query: URLSearchParams): ListParams {
  const prefix = query.get('prefix') ?? '';
  if (prefix) checkPathText('prefix', prefix);

  const delimiterText = query.get('delimiter');
  let delimiter: string | undefined;
  if (delimiterText !== null && delimiterText !== '') {
    if (delimiterText.length > MAX_DELIMITER_LENGTH || FORBIDDEN_CHARACTERS.test(delimiterText)) {
      throw invalidArgument(`delimiter must be at most ${MAX_DELIMITER_LENGTH} printable characters.`);
    }
    delimiter = delimiterText;
  }

  const pageTokenText = query.get('pageToken');
  let pageToken: string | undefined;
  if (pageTokenText !== null && pageTokenText !== '') {
    if (pageTokenText.length > MAX_PAGE_TOKEN_LENGTH || !/^[\x21-\x7e]+$/.test(pageTokenText)) {
      throw invalidArgument('pageToken is not a token this service handed out.');
    }
    pageToken = pageTokenText;
  }

  const maxResultsText = query.get('maxResults');
  let maxResults = MAX_RESULTS;
  if (maxResultsText !== null) {
    const value = /^\d{1,7}$/.test(maxResultsText) ? Number(maxResultsText) : Number.NaN;
    if (!(value >= MIN_RESULTS && value <= MAX_RESULTS)) {
      throw invalidArgument(
        `maxResults must be a whole number from ${MIN_RESULTS} to ${MAX_RESULTS}, not '${maxResultsText}'.`,
      );
    }
    maxResults = value;
  }
  return { prefix, delimiter, pageToken, maxResults };
}
