import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertAuthConfig, bearerToken, createTokenVerifier, InvalidTokenError } from './index.ts';

const projectId = 'demo-price-console';
const issuer = `https://securetoken.google.com/${projectId}`;
let keys: ReturnType<typeof createLocalJWKSet>;
type Key = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let privateKey: Key;
let otherKey: Key;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' }] });
});

function signed(
  claims: { aud?: string; iss?: string; exp?: string | number; sub?: string } = {},
  key = () => privateKey,
  kid: string | null = 'k1',
) {
  return new SignJWT({ email: 'a@demo.test' })
    .setProtectedHeader(kid ? { alg: 'RS256', kid } : { alg: 'RS256' })
    .setAudience(claims.aud ?? projectId)
    .setIssuer(claims.iss ?? issuer)
    .setSubject(claims.sub ?? 'uid-1')
    .setIssuedAt()
    .setExpirationTime(claims.exp ?? '1h')
    .sign(key());
}

const unsigned = (claims: Record<string, unknown> = {}) =>
  new UnsecuredJWT({ email: 'a@demo.test', ...claims })
    .setAudience((claims.aud as string) ?? projectId)
    .setIssuer((claims.iss as string) ?? issuer)
    .setSubject('uid-1')
    .setIssuedAt()
    .setExpirationTime((claims.exp as string) ?? '1h')
    .encode();

describe('signed tokens (dev and production)', () => {
  const verify = () => createTokenVerifier({ projectId, keys });

  it('accepts a valid RS256 token and returns uid and email', async () => {
    await expect(verify()(await signed())).resolves.toMatchObject({ uid: 'uid-1', email: 'a@demo.test' });
  });

  it.each([
    ['wrong audience', () => signed({ aud: 'other-project' })],
    ['wrong issuer', () => signed({ iss: 'https://securetoken.google.com/other-project' })],
    ['expired', () => signed({ exp: Math.floor(Date.now() / 1000) - 3600 })],
    ['bad signature', () => signed({}, () => otherKey)],
    ['missing kid', () => signed({}, () => privateKey, null)],
    ['alg none', () => Promise.resolve(unsigned())],
    ['garbage', () => Promise.resolve('not-a-token')],
    ['empty', () => Promise.resolve('')],
  ])('rejects %s', async (_name, make) => {
    await expect(verify()(await make())).rejects.toBeInstanceOf(InvalidTokenError);
  });
});

describe('emulator tokens (local only)', () => {
  const verify = () => createTokenVerifier({ projectId, keys, emulator: true });

  it('accepts an unsigned token for the project', async () => {
    await expect(verify()(unsigned())).resolves.toMatchObject({ uid: 'uid-1' });
  });

  it.each([
    ['wrong audience', { aud: 'other' }],
    ['wrong issuer', { iss: 'https://securetoken.google.com/other' }],
    ['expired', { exp: '-1h' }],
  ])('still rejects %s', async (_name, claims) => {
    await expect(verify()(unsigned(claims))).rejects.toBeInstanceOf(InvalidTokenError);
  });
});

describe('assertAuthConfig', () => {
  it('allows an emulator only in local', () => {
    expect(() => assertAuthConfig('local', '127.0.0.1:9099')).not.toThrow();
    expect(() => assertAuthConfig('dev', '127.0.0.1:9099')).toThrow(/Refusing to start/);
    expect(() => assertAuthConfig('production', '127.0.0.1:9099')).toThrow(/Refusing to start/);
    expect(() => assertAuthConfig('production', undefined)).not.toThrow();
    expect(() => assertAuthConfig('staging', undefined)).toThrow(/Unknown environment/);
    expect(() => assertAuthConfig(undefined, undefined)).toThrow(/APP_ENV is not set/);
    expect(() => assertAuthConfig('', undefined)).toThrow(/APP_ENV is not set/);
  });

  it.each([
    ['127.0.0.1:9099', true],
    ['localhost:9099', true],
    ['[::1]:9099', true],
    ['127.0.0.2:9099', true],
    ['10.0.0.5:9099', false],
    ['emulator.internal:9099', false],
    ['127.0.0.1.example.com:9099', false],
    ['localhost.example.com:9099', false],
  ])('accepts the local emulator at %s only on loopback (%s)', (host, accepted) => {
    const check = () => assertAuthConfig('local', host);
    if (accepted) expect(check).not.toThrow();
    else expect(check).toThrow(/must run on this machine/);
  });
});

describe('bearerToken', () => {
  it.each([
    ['Bearer abc.def.ghi', 'abc.def.ghi'],
    ['bearer xyz', 'xyz'],
    ['Bearer ', null],
    ['', null],
    [null, null],
    ['Basic abc', null],
  ])('%j -> %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });
});
