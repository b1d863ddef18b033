/**
 * The worker's own credential for Firebase Storage (docs/storage.md): a Google service account
 * (the STORAGE_SERVICE_ACCOUNT secret, the JSON key file Google hands out) exchanged for an OAuth
 * access token with the JWT bearer grant. Firebase Storage's security rules do not apply to such a
 * token, so the committed rules (storage.rules) deny every direct request and the worker, which
 * checks every read and write itself (routes.ts), is the only way in. A user's ID token is never
 * sent to Firebase Storage.
 *
 * The access token is kept per isolate until five minutes before it expires; callers that need one
 * while it is being fetched wait for the same exchange.
 */
import { importPKCS8, SignJWT } from 'jose';
import { StorageError } from './errors.ts';

export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
/** Access to Google Cloud APIs; what the account may touch is decided by its IAM roles on the two buckets. */
export const STORAGE_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const RENEW_BEFORE_MS = 5 * 60 * 1000;

export interface ServiceAccount {
  clientEmail: string;
  privateKey: string;
  privateKeyId: string | null;
  tokenUri: string;
}

const notConfigured = (why: string) => {
  console.error(`[edge] STORAGE_SERVICE_ACCOUNT: ${why}`);
  return new StorageError('storage/unknown', 'The storage service is not configured.', 500);
};

/** What is wrong with the secret (null: a key file with the fields this worker needs); env.ts refuses to start on it. */
export function serviceAccountProblem(json: string | undefined): string | null {
  if (!json?.trim()) return 'is not set';
  let key: unknown;
  try {
    key = JSON.parse(json);
  } catch {
    return 'is not JSON (expected the service account key file)';
  }
  const { client_email, private_key } = (key ?? {}) as Record<string, unknown>;
  if (typeof client_email !== 'string' || typeof private_key !== 'string' || !private_key.includes('PRIVATE KEY'))
    return 'needs client_email and private_key';
  return null;
}

/** The key file's fields this worker needs; a missing or malformed secret is a 500 (logged, never echoed). */
export function parseServiceAccount(json: string | undefined): ServiceAccount {
  const problem = serviceAccountProblem(json);
  if (problem) throw notConfigured(problem);
  const { client_email, private_key, private_key_id, token_uri } = JSON.parse(json!) as Record<string, string>;
  return {
    clientEmail: client_email!,
    privateKey: private_key!,
    privateKeyId: typeof private_key_id === 'string' ? private_key_id : null,
    tokenUri: typeof token_uri === 'string' && token_uri ? token_uri : GOOGLE_TOKEN_URL,
  };
}

interface Kept {
  key: string;
  value: Promise<{ header: string; renewAt: number }>;
}
let kept: Kept | null = null;

/** `Bearer <access token>` for the account, fetched once and kept until shortly before it expires. */
export async function serviceAccountAuthorization(
  json: string | undefined,
  options: { fetch?: typeof fetch; timeoutMs: number; now?: () => number },
): Promise<string> {
  const now = options.now ?? Date.now;
  const key = json ?? '';
  const current = kept?.key === key ? kept : null;
  if (current) {
    const token = await current.value.catch(() => null);
    if (token && now() < token.renewAt) return token.header;
    if (kept === current) kept = null;
  }
  // Another caller may have started the next exchange while this one waited.
  if (kept?.key === key) return (await kept.value).header;
  const account = parseServiceAccount(json);
  const value = exchange(account, options.fetch ?? fetch, options.timeoutMs, now);
  kept = { key, value };
  value.catch(() => {
    if (kept?.value === value) kept = null;
  });
  return (await value).header;
}

async function exchange(
  account: ServiceAccount,
  doFetch: typeof fetch,
  timeoutMs: number,
  now: () => number,
): Promise<{ header: string; renewAt: number }> {
  let assertion: string;
  try {
    const signingKey = await importPKCS8(account.privateKey, 'RS256');
    const issuedAt = Math.floor(now() / 1000);
    assertion = await new SignJWT({ scope: STORAGE_SCOPE })
      .setProtectedHeader(
        account.privateKeyId ? { alg: 'RS256', typ: 'JWT', kid: account.privateKeyId } : { alg: 'RS256', typ: 'JWT' },
      )
      .setIssuer(account.clientEmail)
      .setAudience(account.tokenUri)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(signingKey);
  } catch {
    throw notConfigured('the private key could not be read');
  }
  const failed = () =>
    new StorageError(
      'storage/unknown',
      'The storage service could not sign in to Firebase Storage; try again in a moment.',
      502,
    );
  let response: Response;
  try {
    response = await doFetch(account.tokenUri, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
  } catch (error) {
    console.error(`[edge] service account token: unreachable: ${(error as Error).message}`);
    throw failed();
  }
  const body = (await response.json().catch(() => null)) as {
    access_token?: unknown;
    expires_in?: unknown;
  } | null;
  if (!response.ok || typeof body?.access_token !== 'string' || !body.access_token) {
    console.error(`[edge] service account token: refused with status ${response.status}`);
    throw failed();
  }
  const lifetimeMs = (typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600) * 1000;
  return { header: `Bearer ${body.access_token}`, renewAt: now() + Math.max(lifetimeMs - RENEW_BEFORE_MS, 0) };
}

/** Forgets the kept access token (tests). */
export function forgetServiceAccountToken(): void {
  kept = null;
}
