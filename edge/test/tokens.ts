/** RS256 keys and Firebase-shaped ID tokens made by the tests. */
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWTVerifyGetKey } from 'jose';

export interface TestKeys {
  keys: JWTVerifyGetKey;
  sign(
    claims: Record<string, unknown>,
    options?: { projectId?: string; issuer?: string; audience?: string; expiresIn?: number },
  ): Promise<string>;
  /** Same kid, another key: a bad signature. */
  signWithOtherKey(projectId: string): Promise<string>;
}

const KID = 'test-key-1';

export async function makeTestKeys(): Promise<TestKeys> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  const keys = createLocalJWKSet({ keys: [jwk] });

  async function signWith(
    key: CryptoKey,
    claims: Record<string, unknown>,
    options: Parameters<TestKeys['sign']>[1] = {},
  ): Promise<string> {
    const projectId = options.projectId ?? 'price-console-production';
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ email: 'reviewer@example.com', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: KID })
      .setSubject('user-1')
      .setIssuer(options.issuer ?? `https://securetoken.google.com/${projectId}`)
      .setAudience(options.audience ?? projectId)
      .setIssuedAt(now - 60)
      .setExpirationTime(now + (options.expiresIn ?? 3600))
      .sign(key);
  }

  return {
    keys,
    sign: (claims, options) => signWith(privateKey, claims, options),
    signWithOtherKey: (projectId) => signWith(other.privateKey, {}, { projectId }),
  };
}

/** The Auth emulator's shape: `alg: none`, no signature. */
export function unsignedToken(projectId: string, claims: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    sub: 'emulator-user',
    iat: now - 10,
    exp: now + 3600,
    ...claims,
  })}.`;
}
