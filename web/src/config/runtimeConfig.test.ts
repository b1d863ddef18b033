import { describe, expect, it } from 'vitest';
import { FALLBACK_GRAPHQL_URL, loadRuntimeConfig, parseRuntimeConfig } from './runtimeConfig.ts';

const complete = {
  environment: 'dev',
  firebase: { apiKey: 'key', authDomain: 'demo.firebaseapp.com', projectId: 'demo-price-console' },
  authEmulatorUrl: null,
  graphqlUrl: '/graphql',
  storage: { mainBucket: 'main', publicBucket: 'public' },
  errorReporting: null,
  buildId: 'abc1234-20261127T010000Z',
};

const answering =
  (status: number, body: string): typeof fetch =>
  async () =>
    new Response(body, { status, headers: { 'Content-Type': 'application/json' } });

describe('parseRuntimeConfig', () => {
  it('keeps a complete configuration', () => {
    const { config, problem } = parseRuntimeConfig(complete);
    expect(problem).toBeNull();
    expect(config).toEqual({ ...complete, environment: 'dev' });
  });

  it('keeps the auth emulator address', () => {
    expect(parseRuntimeConfig({ ...complete, authEmulatorUrl: 'http://127.0.0.1:9099' }).config.authEmulatorUrl).toBe(
      'http://127.0.0.1:9099',
    );
  });

  it.each([
    ['no firebase section', { ...complete, firebase: undefined }],
    ['an empty api key', { ...complete, firebase: { ...complete.firebase, apiKey: '' } }],
  ])('reports %s and keeps the rest', (_, json) => {
    const { config, problem } = parseRuntimeConfig(json);
    expect(config.firebase).toBeNull();
    expect(config.graphqlUrl).toBe('/graphql');
    expect(problem).toMatch(/firebase/);
  });

  it('falls back to the local GraphQL address when graphqlUrl is missing', () => {
    expect(parseRuntimeConfig({ ...complete, graphqlUrl: '' }).config.graphqlUrl).toBe(FALLBACK_GRAPHQL_URL);
  });
});

describe('loadRuntimeConfig', () => {
  it('loads the worker configuration', async () => {
    const { config } = await loadRuntimeConfig(answering(200, JSON.stringify(complete)));
    expect(config.firebase?.projectId).toBe('demo-price-console');
  });

  it.each([
    ['a 404', answering(404, 'not found')],
    ['a non-JSON body', answering(200, '<html>')],
    ['a network failure', (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch],
  ])('falls back on %s', async (_, fetchFn) => {
    const { config, problem } = await loadRuntimeConfig(fetchFn);
    expect(config.graphqlUrl).toBe('http://127.0.0.1:4000/graphql');
    expect(config.firebase).toBeNull();
    expect(problem).toBeTruthy();
  });
});
