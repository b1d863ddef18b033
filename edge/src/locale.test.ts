import { describe, expect, it } from 'vitest';
import { envFor } from '../test/wrangler-env.ts';
import { createApp } from './app.ts';
import { isLocaleCode } from './locale.ts';

const app = createApp();

describe('locale cookie from ?locale=', () => {
  it.each([
    { url: '/?locale=cs', cookie: 'NEXT_LOCALE=cs; Max-Age=31536000; Path=/; SameSite=Lax' },
    { url: '/products?owid=3&locale=en-US', cookie: 'NEXT_LOCALE=en-US; Max-Age=31536000; Path=/; SameSite=Lax' },
    { url: '/auth/login?locale=de', cookie: 'NEXT_LOCALE=de; Max-Age=31536000; Path=/; SameSite=Lax' },
    { url: '/?locale=es-419', cookie: 'NEXT_LOCALE=es-419; Max-Age=31536000; Path=/; SameSite=Lax' },
    { url: '/?locale=', cookie: null },
    { url: '/?locale=english', cookie: null },
    { url: '/?locale=en;%20Path=/x', cookie: null },
    { url: '/?locale=%3Cscript%3E', cookie: null },
    { url: '/products', cookie: null },
  ])('GET $url sets $cookie', async ({ url, cookie }) => {
    const response = await app.request(url, {}, envFor('local'));
    expect(response.status).toBe(200);
    expect(response.headers.get('Set-Cookie')).toBe(cookie);
  });

  it.each([
    ['local', 'NEXT_LOCALE=cs; Max-Age=31536000; Path=/; SameSite=Lax'],
    ['dev', 'NEXT_LOCALE=cs; Max-Age=31536000; Path=/; SameSite=Lax; Secure'],
    ['production', 'NEXT_LOCALE=cs; Max-Age=31536000; Path=/; SameSite=Lax; Secure'],
  ] as const)('in %s the cookie is %s', async (environment, cookie) => {
    const response = await app.request('/?locale=cs', {}, envFor(environment));
    expect(response.headers.get('Set-Cookie')).toBe(cookie);
  });

  it('does not set the cookie on API calls', async () => {
    const response = await app.request('/config.json?locale=cs', {}, envFor('local'));
    expect(response.headers.get('Set-Cookie')).toBeNull();
  });

  it.each([
    ['en', true],
    ['cs', true],
    ['en-US', true],
    ['zh-Hant-TW', true],
    ['e', false],
    ['en_US', false],
    ['en-USA-x', false],
    ['../etc', false],
  ])('isLocaleCode(%s) = %s', (value, expected) => {
    expect(isLocaleCode(value)).toBe(expected);
  });
});

describe('legacy /{locale}/... URLs', () => {
  it.each([
    { from: '/cs/products', to: '/products?locale=cs' },
    { from: '/en/product-matching/123?owid=5', to: '/product-matching/123?owid=5&locale=en' },
    { from: '/cs/users?locale=en&owid=2', to: '/users?locale=cs&owid=2' },
    { from: '/en', to: '/?locale=en' },
    { from: '/en/', to: '/?locale=en' },
  ])('$from redirects 308 to $to', async ({ from, to }) => {
    const response = await app.request(from, {}, envFor('local'));
    expect(response.status).toBe(308);
    expect(response.headers.get('Location')).toBe(to);
  });

  it.each(['/de/products', '/english/products', '/products/en', '/enx/a'])(
    '%s is not a legacy locale URL',
    async (path) => {
      const response = await app.request(path, {}, envFor('local'));
      expect(response.status).toBe(200);
    },
  );
});
