/** Firebase-shaped ID tokens for tests: unsigned emulator tokens and RS256 tokens from local keys. */
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';

export const PROJECT_ID = 'demo-price-console';
export const ISSUER = `https://securetoken.google.com/${PROJECT_ID}`;

export function emulatorToken(uid: string, claims: { aud?: string; iss?: string; exp?: number | string } = {}) {
  return new UnsecuredJWT({ email: `${uid}@demo.test` })
    .setAudience(claims.aud ?? PROJECT_ID)
    .setIssuer(claims.iss ?? ISSUER)
    .setSubject(uid)
    .setIssuedAt()
    .setExpirationTime(claims.exp ?? '1h')
    .encode();
}

export async function createSigningKeys() {
  const pair = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256' }] });
  function signed(
    uid: string,
    options: { aud?: string; iss?: string; exp?: number | string; otherKey?: boolean; kid?: string | null } = {},
  ) {
    const kid = options.kid === undefined ? 'test-key' : options.kid;
    return new SignJWT({ email: `${uid}@demo.test` })
      .setProtectedHeader(kid ? { alg: 'RS256', kid } : { alg: 'RS256' })
      .setAudience(options.aud ?? PROJECT_ID)
      .setIssuer(options.iss ?? ISSUER)
      .setSubject(uid)
      .setIssuedAt()
      .setExpirationTime(options.exp ?? '1h')
      .sign(options.otherKey ? other.privateKey : pair.privateKey);
  }
  return { keys, signed };
}
