import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestKeys, unsignedToken } from '../test/tokens.ts';
import { envFor, type EnvironmentName } from '../test/wrangler-env.ts';
import { createApp } from './app.ts';

/** The API: answers, or is down when the upstream URL says so. */
async function fakeApi(input: RequestInfo | URL): Promise<Response> {
  if (String(input).includes('down')) throw new TypeError('fetch failed');
  return Response.json({ data: {} });
}

let app: ReturnType<typeof createApp>;
let prodToken: string;

beforeAll(async () => {
  const keys = await makeTestKeys();
  prodToken = await keys.sign({});
  app = createApp({ auth: { keys: keys.keys }, graphql: { fetch: fakeApi } });
});

const KINDS: { kind: string; path: string; init?: RequestInit; status: number; overrides?: Record<string, string> }[] =
  [
    { kind: 'an asset', path: '/assets/index-abc123.js', status: 200 },
    { kind: 'the SPA shell', path: '/product-matching/1', status: 200 },
    { kind: 'a missing asset', path: '/assets/gone-1.js', status: 404 },
    { kind: 'the config', path: '/config.json', status: 200 },
    { kind: 'a locale redirect', path: '/cs/products', status: 308 },
    { kind: 'a 401', path: '/graphql', init: { method: 'POST' }, status: 401 },
    { kind: 'a 405', path: '/graphql', status: 405 },
    { kind: 'an OPTIONS', path: '/graphql', init: { method: 'OPTIONS' }, status: 204 },
    {
      kind: 'a 502',
      path: '/graphql',
      init: { method: 'POST' },
      status: 502,
      overrides: { GRAPHQL_UPSTREAM: 'http://down.invalid/graphql' },
    },
    { kind: 'a proxied answer', path: '/graphql', init: { method: 'POST' }, status: 200 },
    { kind: 'a misconfiguration 500', path: '/config.json', status: 500, overrides: { APP_ENV: 'nope' } },
  ];

function authorized(
  environment: EnvironmentName,
  init: RequestInit | undefined,
  needsToken: boolean,
): RequestInit | undefined {
  if (!needsToken) return init;
  const token = environment === 'local' ? unsignedToken('demo-price-console') : prodToken;
  return { ...init, headers: { Authorization: `Bearer ${token}` }, body: '{}' };
}

describe.each(['local', 'production'] as const)('security headers in %s', (environment) => {
  it.each(KINDS)('are on $kind ($status)', async ({ path, init, status, overrides, kind }) => {
    const needsToken = kind === 'a proxied answer' || kind === 'a 502';
    const env = envFor(environment, overrides ?? {});
    const response = await app.request(path, authorized(environment, init, needsToken), env);
    expect(response.status).toBe(status);
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('X-Frame-Options')).toBe('DENY');
    const hsts = response.headers.get('Strict-Transport-Security');
    if (environment === 'local' && kind !== 'a misconfiguration 500') expect(hsts).toBeNull();
    else expect(hsts).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('Content-Security-Policy connect-src per environment', () => {
  const connectSrc = async (environment: EnvironmentName, overrides: Record<string, string> = {}) => {
    const response = await app.request('/config.json', {}, envFor(environment, overrides));
    return /connect-src ([^;]*)/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1];
  };

  it('allows only self and the Auth emulator in local', async () => {
    expect(await connectSrc('local')).toBe("'self' http://127.0.0.1:9099");
  });

  it.each(['dev', 'production'] as const)('allows self and Google identity and storage in %s', async (environment) => {
    expect(await connectSrc(environment)).toBe(
      "'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://firebasestorage.googleapis.com",
    );
  });

  it('adds the error-reporting origin only where reporting is on', async () => {
    const dsn = { ERROR_REPORTING_DSN: 'https://key@errors.example/1' };
    expect(await connectSrc('production', dsn)).toContain('https://errors.example');
    expect(await connectSrc('dev', dsn)).not.toContain('errors.example');
  });
});
