/**
 * Verifies the Firebase ID token of the request (Authorization: Bearer ...) with the same rules as
 * the API: RS256 against Google's keys, audience/issuer = the project id; the Auth emulator's
 * unsigned tokens only in local with FIREBASE_AUTH_EMULATOR_HOST set. A missing or bad token is
 * a 401 in the GraphQL error shape (the storage routes answer it in their own shape).
 */
import type { MiddlewareHandler } from 'hono';
import type { JWTVerifyGetKey } from 'jose';
import {
  bearerToken,
  createTokenVerifier,
  InvalidTokenError,
  type TokenVerifier,
  type VerifiedToken,
} from '@console/firebase-token';
import { readConfig, type EdgeBindings, type EdgeConfig, type EdgeEnv } from './env.ts';
import { graphqlError } from './json-error.ts';

export interface FirebaseAuthOptions {
  /** Where the signing keys come from; defaults to Google's published keys (tests inject their own). */
  keys?: JWTVerifyGetKey;
}

export type AuthVariables = { user: VerifiedToken };

export type Authentication = { ok: true; user: VerifiedToken; token: string } | { ok: false; message: string };

/** Checks the Authorization header of a request against the environment's Firebase project. */
export type Authenticator = (env: EdgeBindings, authorization: string | undefined) => Promise<Authentication>;

export function createAuthenticator(options: FirebaseAuthOptions = {}): Authenticator {
  // One verifier per configuration, so Google's key set is fetched once and cached by jose.
  const verifiers = new Map<string, TokenVerifier>();
  const verifierFor = (config: EdgeConfig): TokenVerifier => {
    const emulator = config.environment === 'local' && config.authEmulatorUrl !== null;
    const key = `${config.firebase.projectId}|${emulator}`;
    let verifier = verifiers.get(key);
    if (!verifier) {
      verifier = createTokenVerifier({ projectId: config.firebase.projectId, emulator, keys: options.keys });
      verifiers.set(key, verifier);
    }
    return verifier;
  };

  return async function authenticate(env, authorization) {
    const token = bearerToken(authorization);
    if (!token) return { ok: false, message: 'Sign in first: the request has no Firebase ID token.' };
    try {
      return { ok: true, user: await verifierFor(readConfig(env))(token), token };
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
      return { ok: false, message: `The Firebase ID token was rejected (${error.message}).` };
    }
  };
}

export function firebaseAuth(
  options: FirebaseAuthOptions | Authenticator = {},
): MiddlewareHandler<EdgeEnv & { Variables: AuthVariables }> {
  const authenticate = typeof options === 'function' ? options : createAuthenticator(options);
  return async function firebaseAuthMiddleware(c, next) {
    const result = await authenticate(c.env, c.req.header('Authorization'));
    if (!result.ok) return graphqlError(result.message, 'UNAUTHENTICATED', 401, { 'WWW-Authenticate': 'Bearer' });
    c.set('user', result.user);
    await next();
  };
}
