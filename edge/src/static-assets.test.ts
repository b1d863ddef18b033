import { describe, expect, it } from 'vitest';
import { envFor } from '../test/wrangler-env.ts';
import { createApp } from './app.ts';
import { looksLikeFile } from './static-assets.ts';

const app = createApp();
const INDEX = '<!doctype html><title>Console</title>';

describe('static assets with the SPA fallback', () => {
  it.each([
    {
      path: '/assets/index-abc123.js',
      status: 200,
      body: 'console.log(1)',
      cache: 'public, max-age=31536000, immutable',
    },
    { path: '/favicon.svg', status: 200, body: '<svg/>', cache: 'public, max-age=0, must-revalidate' },
    { path: '/', status: 200, body: INDEX, cache: 'no-cache' },
    { path: '/auth/login', status: 200, body: INDEX, cache: 'no-cache' },
    { path: '/product-matching/123', status: 200, body: INDEX, cache: 'no-cache' },
    { path: '/organizations/42/billing?owid=7', status: 200, body: INDEX, cache: 'no-cache' },
    { path: '/assets/index-def456.js', status: 404, body: 'Not found', cache: 'no-store' },
    { path: '/assets/chunk', status: 404, body: 'Not found', cache: 'no-store' },
    { path: '/robots.txt', status: 404, body: 'Not found', cache: 'no-store' },
    { path: '/products/export.csv', status: 404, body: 'Not found', cache: 'no-store' },
  ])('GET $path -> $status', async ({ path, status, body, cache }) => {
    const response = await app.request(path, {}, envFor('local'));
    expect(response.status).toBe(status);
    expect(await response.text()).toBe(body);
    expect(response.headers.get('Cache-Control')).toBe(cache);
  });

  it('answers HEAD of a console route with the shell headers', async () => {
    const response = await app.request('/users/5', { method: 'HEAD' }, envFor('local'));
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
  });

  it('does not give the shell to a POST on a console route', async () => {
    const response = await app.request('/products', { method: 'POST' }, envFor('local'));
    expect(response.status).toBe(404);
  });

  it('says clearly when the console is not built', async () => {
    const response = await app.request('/products', {}, envFor('local', {}, {}));
    expect(response.status).toBe(503);
    expect(await response.text()).toMatch(/not built/);
  });

  it.each([
    ['/assets/index-abc123.js', true],
    ['/assets/x', true],
    ['/logo.png', true],
    ['/a/b.webmanifest', true],
    ['/', false],
    ['/product-matching/123', false],
    ['/users/ab.c-d/', false],
  ])('looksLikeFile(%s) = %s', (path, expected) => {
    expect(looksLikeFile(path)).toBe(expected);
  });
});
