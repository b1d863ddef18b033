/**
 * The storage service (docs/storage.md) for the environment's main and public bucket:
 *
 *   GET    /storage/{main|public}/o?prefix=&delimiter=&pageToken=&maxResults=   list
 *   GET    /storage/{main|public}/o/{name}                                      metadata
 *   GET    /storage/{main|public}/o/{name}?alt=media                            the bytes
 *   POST   /storage/{main|public}/o?name={name}   (multipart `file` part or application/json) upload a JSON document
 *   DELETE /storage/{main|public}/o/{name}                                      204
 *
 * `{name}` may be percent-encoded as a whole (`languages%2Fcs.json`, as the Firebase SDK does) or
 * not (`languages/cs.json`). Public language files (`public` bucket, `languages/{lang}.json`, and
 * the listing of that folder) are readable without signing in. Every other read is checked like a
 * write: a verified ID token, then the caller's account according to the API (a disabled user, a
 * suspended organization's user or a signed-in stranger without an account reads nothing), and for the main bucket the policy's
 * Read on `settings` (Admin only); every write needs the policy's permission on `settings` too.
 */
import { Hono, type Context } from 'hono';
import type { Action } from '@console/policies';
import { edgeSecretHeaders, readConfig, type EdgeBindings, type EdgeEnv } from '../env.ts';
import type { Authenticator } from '../firebase-auth.ts';
import { MAX_BODY_BYTES, readLimited, REQUEST_ID_HEADER, requestIdOf } from '../graphql-proxy.ts';
import { callerRole, policy } from './access.ts';
import type { StorageBackend } from './backend.ts';
import { invalidArgument, StorageError, storageErrorResponse } from './errors.ts';
import { firebaseBackend } from './firebase-backend.ts';
import {
  decodeObjectName,
  inLanguagesFolder,
  isLanguageFile,
  LANGUAGES_FOLDER,
  parseBucket,
  parseListParams,
  parseObjectName,
  type BucketName,
} from './paths.ts';
import { r2Backend } from './r2-backend.ts';
import { serviceAccountAuthorization } from './service-account.ts';

export const STORAGE_PATH = '/storage';
/** The resource of the access policy that storage writes need (Admin only in policies/policy.csv). */
export const STORAGE_WRITE_RESOURCE = 'settings';
export const JSON_CONTENT_TYPE = 'application/json';

export interface StorageOptions {
  /** Replaces fetch for Firebase Storage calls and the service account token exchange (tests). */
  fetch?: typeof fetch;
  /** Firebase Storage's origin; tests point it at a fake speaking the same REST shapes. */
  firebaseBaseUrl?: string;
  /** Replaces fetch for the AppUser role lookup at GRAPHQL_UPSTREAM (tests). */
  apiFetch?: typeof fetch;
  maxBodyBytes?: number;
}

type StorageContext = Context<EdgeEnv>;

/** Who is asking: nobody (anonymous public read) or a verified user with their token. */
type SignedIn = { token: string; uid: string; authorization: string };
type Caller = { token: null } | SignedIn;

export function storageRoutes(authenticate: Authenticator, options: StorageOptions = {}): Hono<EdgeEnv> {
  const routes = new Hono<EdgeEnv>();
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;

  function backendFor(c: StorageContext, bucket: BucketName): StorageBackend {
    const config = readConfig(c.env);
    if (config.storage.backend === 'firebase') {
      return firebaseBackend({
        bucket: bucket === 'main' ? config.storage.mainBucket : config.storage.publicBucket,
        alias: bucket,
        // The worker's own credential, never the caller's token (service-account.ts, storage.rules).
        authorization: () =>
          serviceAccountAuthorization(c.env.STORAGE_SERVICE_ACCOUNT, {
            timeoutMs: config.upstreamTimeoutMs,
            ...(options.fetch ? { fetch: options.fetch } : {}),
          }),
        timeoutMs: config.upstreamTimeoutMs,
        baseUrl: options.firebaseBaseUrl,
        fetch: options.fetch,
      });
    }
    const binding = bucket === 'main' ? c.env.MAIN_BUCKET : c.env.PUBLIC_BUCKET;
    if (!binding) {
      console.error(
        `[edge] STORAGE_BACKEND is r2 but the ${bucket === 'main' ? 'MAIN_BUCKET' : 'PUBLIC_BUCKET'} binding is missing`,
      );
      throw new StorageError('storage/unknown', `The ${bucket} bucket is not configured.`, 500);
    }
    return r2Backend(binding, bucket);
  }

  async function signedIn(c: StorageContext): Promise<SignedIn> {
    const authorization = c.req.header('Authorization');
    const result = await authenticate(c.env as EdgeBindings, authorization);
    if (!result.ok) throw new StorageError('storage/unauthenticated', result.message);
    return { token: result.token, uid: result.user.uid, authorization: authorization! };
  }

  /**
   * A read that is not a public language file: the API must know the caller as an active user, and
   * the main bucket needs Read on `settings`.
   */
  async function mayRead(c: StorageContext, caller: SignedIn, bucket: BucketName): Promise<void> {
    const role = await roleOf(c, caller);
    if (bucket === 'main' && !(await (await policy()).can(role, STORAGE_WRITE_RESOURCE, 'Read'))) {
      throw new StorageError('storage/unauthorized', `Your role (${role}) may not read the main bucket.`);
    }
  }

  function roleOf(c: StorageContext, caller: SignedIn) {
    const config = readConfig(c.env);
    return callerRole({
      graphqlUpstream: config.graphqlUpstream,
      timeoutMs: config.upstreamTimeoutMs,
      authorization: caller.authorization,
      uid: caller.uid,
      requestId: requestIdOf(c.req.header(REQUEST_ID_HEADER)),
      edgeHeaders: edgeSecretHeaders(config),
      fetch: options.apiFetch,
    });
  }

  /** A write: a verified token, then the caller's role (from the API) must hold every action on `settings`. */
  async function mayWrite(
    c: StorageContext,
    caller: SignedIn,
    bucket: BucketName,
    name: string,
    actions: Action[],
  ): Promise<void> {
    if (inLanguagesFolder(bucket, name) && !isLanguageFile(bucket, name)) {
      throw invalidArgument(
        `The public bucket's ${LANGUAGES_FOLDER} folder holds only language files named ${LANGUAGES_FOLDER}{lang}.json (e.g. ${LANGUAGES_FOLDER}cs.json).`,
      );
    }
    const role = await roleOf(c, caller);
    const access = await policy();
    for (const action of actions) {
      if (!(await access.can(role, STORAGE_WRITE_RESOURCE, action))) {
        throw new StorageError(
          'storage/unauthorized',
          `Your role (${role}) may not ${action.toLowerCase()} '${name}' in the ${bucket} bucket.`,
        );
      }
    }
  }

  routes.get('/:bucket/o', async (c) => {
    const bucket = parseBucket(c.req.param('bucket'));
    const params = parseListParams(new URL(c.req.url).searchParams);
    // The language folder of the public bucket may be listed by anyone (custom language discovery).
    const anonymous = bucket === 'public' && params.prefix === LANGUAGES_FOLDER && params.delimiter === '/';
    const caller: Caller = anonymous ? { token: null } : await signedIn(c);
    const backend = backendFor(c, bucket);
    if (caller.token !== null) await mayRead(c, caller, bucket);
    const result = await backend.list(params);
    return Response.json(result, { headers: { 'Cache-Control': anonymous ? 'no-cache' : 'private, no-store' } });
  });

  routes.post('/:bucket/o', async (c) => {
    const bucket = parseBucket(c.req.param('bucket'));
    // Authentication before anything else is looked at; then the name; then the role.
    const caller = await signedIn(c);
    const name = parseObjectName(c.req.query('name'));
    await mayWrite(c, caller, bucket, name, ['Create', 'Update']);
    const document = await jsonDocumentOf(c, maxBodyBytes);
    if (
      isLanguageFile(bucket, name) &&
      (typeof document.value !== 'object' || document.value === null || Array.isArray(document.value))
    ) {
      throw invalidArgument('A language file must be a JSON object of translations.');
    }
    const metadata = await backendFor(c, bucket).upload(name, document.bytes, JSON_CONTENT_TYPE);
    return Response.json(metadata, { headers: { 'Cache-Control': 'no-store' } });
  });

  routes.get('/:bucket/o/*', async (c) => {
    const bucket = parseBucket(c.req.param('bucket'));
    const name = objectNameOf(c, bucket);
    const anonymous = isLanguageFile(bucket, name);
    const caller: Caller = anonymous ? { token: null } : await signedIn(c);
    const backend = backendFor(c, bucket);
    if (caller.token !== null) await mayRead(c, caller, bucket);
    const cacheControl = anonymous ? 'no-cache' : 'private, no-store';
    if (c.req.query('alt') === 'media') {
      const object = await backend.download(name);
      const headers = new Headers({ 'Content-Type': object.contentType, 'Cache-Control': cacheControl });
      if (object.size !== null) headers.set('Content-Length', String(object.size));
      // Only JSON is uploaded here; anything else that got into a bucket is never rendered inline.
      if (!isJsonType(object.contentType)) headers.set('Content-Disposition', 'attachment');
      return new Response(c.req.method === 'HEAD' ? null : object.body, { headers });
    }
    return Response.json(await backend.metadata(name), { headers: { 'Cache-Control': cacheControl } });
  });

  routes.delete('/:bucket/o/*', async (c) => {
    const bucket = parseBucket(c.req.param('bucket'));
    const caller = await signedIn(c);
    const name = objectNameOf(c, bucket);
    await mayWrite(c, caller, bucket, name, ['Delete']);
    await backendFor(c, bucket).delete(name);
    return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  });

  routes.all('/:bucket/o', (c) => methodNotAllowed(c, 'GET, POST'));
  routes.all('/:bucket/o/*', (c) => methodNotAllowed(c, 'GET, DELETE'));
  routes.all('*', () => {
    throw new StorageError(
      'storage/invalid-argument',
      'No storage route here: use /storage/{main|public}/o[/{name}].',
      404,
    );
  });

  routes.onError((error) => {
    if (error instanceof StorageError) return storageErrorResponse(error);
    console.error('[edge] storage failed', error);
    return storageErrorResponse(
      new StorageError('storage/unknown', 'The storage service failed to handle this request.', 500),
    );
  });

  return routes;
}

function methodNotAllowed(c: StorageContext, allow: string): Response {
  const response = storageErrorResponse(
    new StorageError('storage/invalid-argument', `${c.req.method} is not supported here; use ${allow}.`, 405),
  );
  response.headers.set('Allow', allow);
  return response;
}

/** The object name from the raw path after /storage/{bucket}/o/ (decoded once). */
function objectNameOf(c: StorageContext, bucket: BucketName): string {
  const { pathname } = new URL(c.req.url);
  const marker = `${STORAGE_PATH}/${bucket}/o/`;
  const start = pathname.indexOf(marker);
  if (start !== 0) throw invalidArgument('The object name is missing.');
  return decodeObjectName(pathname.slice(marker.length));
}

function isJsonType(contentType: string): boolean {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === JSON_CONTENT_TYPE || type.endsWith('+json');
}

/**
 * The uploaded JSON document: a multipart/form-data `file` part, or an application/json body.
 * Anything else, bytes that are not UTF-8 or text that is not JSON is a 400; nothing is stored.
 */
async function jsonDocumentOf(c: StorageContext, maxBodyBytes: number): Promise<{ bytes: Uint8Array; value: unknown }> {
  const tooLarge = () =>
    new StorageError('storage/invalid-argument', `The upload is larger than ${maxBodyBytes} bytes.`, 413);
  if (Number(c.req.header('Content-Length') ?? 0) > maxBodyBytes) throw tooLarge();
  const contentType = c.req.header('Content-Type') ?? '';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type !== 'multipart/form-data' && !isJsonType(type)) {
    throw invalidArgument(
      `Upload a JSON document: multipart/form-data with a 'file' part, or an application/json body (not '${type || 'no content type'}').`,
    );
  }
  // Read with a small allowance for the multipart framing.
  const raw = await readLimited(
    c.req.raw.body,
    type === 'multipart/form-data' ? maxBodyBytes + 16 * 1024 : maxBodyBytes,
  );
  if (raw === null) throw tooLarge();

  let bytes = raw;
  if (type === 'multipart/form-data') {
    let form: FormData;
    try {
      form = await new Response(raw, { headers: { 'Content-Type': contentType } }).formData();
    } catch {
      throw invalidArgument('The multipart/form-data body could not be read.');
    }
    const file = form.get('file');
    if (file === null || typeof file === 'string')
      throw invalidArgument("The multipart upload has no 'file' part with the document.");
    if (file.type && !isJsonType(file.type))
      throw invalidArgument(`The 'file' part must be a JSON document, not '${file.type}'.`);
    bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.byteLength > maxBodyBytes) throw tooLarge();
  }

  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes));
  } catch {
    throw invalidArgument('The document is not valid JSON (UTF-8).');
  }
  return { bytes, value };
}
