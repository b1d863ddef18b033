/**
 * Verifies the Firebase ID token of the request (Authorization: Bearer ...) with the same rules as
 * the API: RS256 against Google's keys, audience/issuer = the project id; the Auth emulator's
 * unsigned tokens only in local with FIREBASE_AUTH_EMULATOR_HOST set. A missing or bad token is
 * a 401 in the GraphQL error shape.
 */
import type { MiddlewareHandler } from 'hono';
import type { JWTVerifyGetKey } from 'jose';
import { bearerToken, createTokenVerifier, InvalidTokenError, type TokenVerifier, type VerifiedToken } from '@console/api/firebase-token';
import { readConfig, type EdgeConfig, type EdgeEnv } from './env.ts';
import { graphqlError } from './json-error.ts';

export interface FirebaseAuthOptions {
  /** Where the signing keys come from; defaults to Google's published keys (tests inject their own). */
  keys?: JWTVerifyGetKey;
}

export type AuthVariables = { user: VerifiedToken };

export function firebaseAuth(options: FirebaseAuthOptions = {}): MiddlewareHandler<EdgeEnv & { Variables: AuthVariables }> {
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

  return async function firebaseAuthMiddleware(c, next) {
    const token = bearerToken(c.req.header('Authorization'));
    if (!token) return unauthenticated('Sign in first: the request has no Firebase ID token.');
    try {
      c.set('user', await verifierFor(readConfig(c.env))(token));
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
      return unauthenticated(`The Firebase ID token was rejected (${error.message}).`);
    }
    await next();
  };
}

function unauthenticated(message: string): Response {
  return graphqlError(message, 'UNAUTHENTICATED', 401, { 'WWW-Authenticate': 'Bearer' });
}
