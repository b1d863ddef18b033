/**
 * Outside local the API answers only its edge worker: every request but the health checks must
 * carry the worker's EDGE_SHARED_SECRET in X-Edge-Secret (edge/src/env.ts sends it; config.ts makes
 * it required in dev and production). Anything else gets 403 before it is parsed.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const EDGE_SECRET_HEADER = 'x-edge-secret';

/** Does the request carry `secret`? (constant time in the secret's length) */
export function fromEdge(req: IncomingMessage, secret: string): boolean {
  const sent = req.headers[EDGE_SECRET_HEADER];
  if (typeof sent !== 'string') return false;
  const expected = Buffer.from(secret, 'utf8');
  const given = Buffer.from(sent, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
