/**
 * Verification of Firebase ID tokens, shared by the API (Node) and the edge worker (workerd):
 * it uses only `jose` and `fetch`.
 *
 * - dev / production: RS256, signed by one of Google's securetoken keys (fetched once and
 *   cached by jose), audience = project id, issuer = https://securetoken.google.com/<project id>,
 *   not expired, subject (uid) present.
 * - local with the Auth emulator: the emulator signs nothing (`alg: none`), so the same claims
 *   are checked but not a signature. Only a verifier built with `emulator: true` accepts them,
 *   and `assertAuthConfig` refuses a dev or production configuration that names an emulator.
 */
import {
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';

export const GOOGLE_SECURETOKEN_JWKS_URL =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

export interface VerifiedToken {
  uid: string;
  email: string | null;
  claims: JWTPayload;
}

export interface TokenVerifierOptions {
  projectId: string;
  /** Accept the Auth emulator's unsigned tokens. Local only. */
  emulator?: boolean;
  /** Where the signing keys come from; defaults to Google's published keys. */
  keys?: JWTVerifyGetKey;
  /** Allowed clock skew in seconds. */
  clockToleranceSec?: number;
}

export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const { projectId, emulator = false, clockToleranceSec = 5 } = options;
  if (!projectId) throw new Error('createTokenVerifier: projectId is required');
  const issuer = `https://securetoken.google.com/${projectId}`;
  const keys = options.keys ?? createRemoteJWKSet(new URL(GOOGLE_SECURETOKEN_JWKS_URL));

  return async function verifyFirebaseToken(token) {
    if (!token) throw new InvalidTokenError('No ID token');
    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw new InvalidTokenError('Malformed ID token');
    }
    const unsigned = header.alg === 'none' && emulator;
    // Firebase names its signing key in every token; one without a kid is not Firebase's.
    if (!unsigned && !header.kid) throw new InvalidTokenError('ID token has no key id');
    const claims = unsigned ? checkUnsigned(token) : await checkSigned(token);
    if (!claims.sub) throw new InvalidTokenError('ID token has no subject');
    return { uid: claims.sub, email: typeof claims.email === 'string' ? claims.email : null, claims };
  };

  async function checkSigned(token: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, keys, {
        algorithms: ['RS256'],
        audience: projectId,
        issuer,
        clockTolerance: clockToleranceSec,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      return payload;
    } catch (error) {
      throw new InvalidTokenError(`ID token rejected: ${(error as Error).message}`);
    }
  }

  function checkUnsigned(token: string): JWTPayload {
    let claims: JWTPayload;
    try {
      claims = decodeJwt(token);
    } catch {
      throw new InvalidTokenError('Malformed ID token');
    }
    const now = Math.floor(Date.now() / 1000);
    if (claims.aud !== projectId) throw new InvalidTokenError('ID token audience mismatch');
    if (claims.iss !== issuer) throw new InvalidTokenError('ID token issuer mismatch');
    if (typeof claims.exp !== 'number' || claims.exp + clockToleranceSec < now) {
      throw new InvalidTokenError('ID token expired');
    }
    return claims;
  }
}

export type Environment = 'local' | 'dev' | 'production';

/** Throws when a configuration is unsafe: an emulator named outside local, or not on this machine. */
export function assertAuthConfig(environment: string | undefined, authEmulatorHost: string | undefined | null): void {
  if (!environment) {
    throw new Error('Refusing to start: APP_ENV is not set (expected local, dev or production).');
  }
  if (!['local', 'dev', 'production'].includes(environment)) {
    throw new Error(`Unknown environment "${environment}" (expected local, dev or production)`);
  }
  if (environment !== 'local' && authEmulatorHost) {
    throw new Error(
      `Refusing to start: the ${environment} configuration names an Auth emulator (${authEmulatorHost}); emulator tokens are unsigned.`,
    );
  }
  if (authEmulatorHost && !isLoopbackHost(authEmulatorHost)) {
    throw new Error(
      `Refusing to start: the Auth emulator must run on this machine (127.0.0.1, localhost or [::1]), not ${authEmulatorHost}; emulator tokens are unsigned.`,
    );
  }
}

/** Is `host:port` (or a bare host) a loopback address? Only such an emulator is trusted. */
export function isLoopbackHost(hostAndPort: string): boolean {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(hostAndPort.trim());
  if (!match) return false;
  const host = match[1]!.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | null | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
