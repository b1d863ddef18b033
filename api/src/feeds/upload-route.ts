/**
 * POST /feeds/{productFeedId}/upload: imports an uploaded file into the feed and answers with
 * the finished run (`{ "run": FeedImportRun }`, the GraphQL shape). Authenticated like /graphql
 * (Authorization: Bearer <Firebase ID token>), Update on productFeeds, the caller's own
 * organization only (else 404). The file is the raw request body, or the field "file" of a
 * multipart/form-data body; its name from the multipart part or `?fileName=`. The body is
 * streamed into the import (never held whole); while it runs, the feed's lastRun shows progress.
 */
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { type ApiContext, authenticate } from '../graphql/context.ts';
import type { Refusal } from '../graphql/errors.ts';
import { ORGANIZATION_SUSPENDED_MESSAGE } from '../graphql/suspension.ts';
import type { Pool } from 'pg';
import type { AccessControl } from '@console/policies';
import type { TokenVerifier } from '@console/firebase-token';
import { findFeed, findRun, toRun } from './feeds-store.ts';
import { ImportAlreadyRunning, runImport, startRun, track } from './import.ts';
import { feedLimits } from './limits.ts';
import { limited } from './source.ts';

const ROUTE = /^\/feeds\/([^/]+)\/upload\/?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface UploadDeps {
  pool: Pool;
  verifyToken: TokenVerifier;
  access: AccessControl;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
/** The GraphQL error shape; `refusal` as BAD_USER_INPUT carries it (graphql/errors.ts), for the console to word. */
const failure = (status: number, code: string, message: string, refusal?: Refusal) =>
  json(status, {
    errors: [
      { message, extensions: { code, ...(refusal ? { reason: refusal.reason, values: refusal.values ?? {} } : {}) } },
    ],
  });

/** A web ReadableStream's chunks (yoga's request body is its own ponyfill, not Node's class). */
async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** The uploaded file's bytes and name. */
function fileOf(request: Request, url: URL): Promise<{ stream: Readable; fileName: string | null }> {
  const body = Readable.from(chunksOf(request.body!), { objectMode: false });
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    return Promise.resolve({ stream: body, fileName: url.searchParams.get('fileName') });
  }
  return new Promise((resolve, reject) => {
    const parser = busboy({ headers: { 'content-type': type }, limits: { files: 1, fields: 10 } });
    let found = false;
    parser.on('file', (field, stream, info) => {
      if (field !== 'file' || found) {
        stream.resume();
        return;
      }
      found = true;
      resolve({ stream, fileName: info.filename || url.searchParams.get('fileName') });
    });
    parser.on('close', () => {
      if (!found) reject(new Error('The multipart body has no field "file"'));
    });
    parser.on('error', (error) => (found ? undefined : reject(error as Error)));
    body.on('error', (error) => parser.destroy(error));
    body.pipe(parser);
  });
}

async function handleUpload(request: Request, url: URL, feedId: string, deps: UploadDeps): Promise<Response> {
  if (request.method !== 'POST') return failure(405, 'METHOD_NOT_ALLOWED', 'Upload the file with POST.');
  let ctx: ApiContext;
  try {
    ctx = await authenticate(request.headers.get('authorization'), deps);
  } catch (error) {
    if (error instanceof GraphQLError) {
      const status = (error.extensions.http as { status?: number } | undefined)?.status ?? 403;
      return failure(status, String(error.extensions.code), error.message);
    }
    throw error;
  }
  if (ctx.viewer.organizationSuspended) return failure(403, 'ORGANIZATION_SUSPENDED', ORGANIZATION_SUSPENDED_MESSAGE);
  if (!UUID.test(feedId)) return failure(400, 'BAD_USER_INPUT', 'Invalid productFeedId: must be a UUID');
  if (!(await ctx.can('productFeeds', 'Update'))) return failure(403, 'FORBIDDEN', 'You may not import product feeds.');
  if (!request.body) return failure(400, 'BAD_USER_INPUT', 'The request has no file.');
  let feed: Awaited<ReturnType<typeof findFeed>>;
  try {
    feed = await findFeed(deps.pool, ctx, feedId.toLowerCase());
  } catch (error) {
    if (error instanceof GraphQLError) return failure(404, 'NOT_FOUND', error.message);
    throw error;
  }
  let file: Awaited<ReturnType<typeof fileOf>>;
  try {
    file = await fileOf(request, url);
  } catch (error) {
    return failure(400, 'BAD_USER_INPUT', (error as Error).message);
  }
  let runId: string;
  try {
    runId = await startRun(deps.pool, feed.id, {
      startedBy: ctx.viewer.id,
      source: 'upload',
      fileName: file.fileName?.slice(0, 200) ?? null,
    });
  } catch (error) {
    file.stream.resume();
    if (error instanceof ImportAlreadyRunning)
      return failure(409, 'CONFLICT', error.message, { reason: 'IMPORT_RUNNING' });
    throw error;
  }
  await track(runImport(deps.pool, runId, feed, limited(file.stream, feedLimits().maxBytes)));
  return json(200, { run: toRun(await findRun(deps.pool, ctx, runId)) });
}

/** The route as a yoga plugin: requests to it never reach GraphQL. */
export function useFeedUploads(deps: UploadDeps): Plugin {
  return {
    async onRequest({ request, url, endResponse }) {
      const match = ROUTE.exec(url.pathname);
      if (!match) return;
      endResponse(await handleUpload(request, url, match[1]!, deps));
    },
  };
}
