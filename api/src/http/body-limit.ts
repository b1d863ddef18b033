/**
 * The size of a GraphQL request: at most 1 MB (the edge worker refuses more too,
 * edge/src/graphql-proxy.ts). The declared Content-Length decides before anything is read, and
 * Node's parser never delivers more than it declares; a body without one (chunked) is refused
 * with 411, as the worker always sends its length. Feed uploads have their own route and limit.
 */
import type { IncomingMessage } from 'node:http';

export const MAX_GRAPHQL_BODY_BYTES = 1024 * 1024;

export type BodyVerdict = { ok: true } | { ok: false; status: 411 | 413; message: string };

export function checkBodySize(req: IncomingMessage, limit = MAX_GRAPHQL_BODY_BYTES): BodyVerdict {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return { ok: true };
  const declared = req.headers['content-length'];
  if (declared === undefined) {
    if (req.headers['transfer-encoding'] === undefined) return { ok: true };
    return { ok: false, status: 411, message: 'Send the request body with a Content-Length.' };
  }
  const length = Number(declared);
  if (!Number.isSafeInteger(length) || length < 0)
    return { ok: false, status: 411, message: 'The Content-Length is not a number of bytes.' };
  if (length > limit) return { ok: false, status: 413, message: `The request body is larger than ${limit} bytes.` };
  return { ok: true };
}
