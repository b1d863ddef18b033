/**
 * What error reports must not carry (README "For operators", error reports): tokens, cookies, the
 * edge's secret and e-mail addresses. Without dependencies, so the API, the job worker, the edge
 * worker and the console scrub their reports the same way before anything leaves.
 */

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** Three base64url parts: an ID token or any other JWT. */
const JWT = /\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'x-edge-secret', 'proxy-authorization']);

export function scrubText(text: string): string {
  return text.replace(BEARER, '$1 [redacted]').replace(JWT, '[token]').replace(EMAIL, '[email]');
}

export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key,
      SECRET_HEADERS.has(key.toLowerCase()) ? '[redacted]' : scrubValue(item, depth + 1),
    ]),
  );
}

/** The event with every secret and address taken out (also what breadcrumbs and extra carry). */
export function scrubEvent<T extends object>(event: T): T {
  const scrubbed = scrubValue(event) as {
    request?: { cookies?: unknown; data?: unknown };
    user?: { id?: string | number };
  };
  if (scrubbed.request) {
    delete scrubbed.request.cookies;
    delete scrubbed.request.data;
  }
  if (scrubbed.user) scrubbed.user = scrubbed.user.id ? { id: scrubbed.user.id } : {};
  return scrubbed as T;
}
