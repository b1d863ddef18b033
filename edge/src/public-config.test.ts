import { describe, expect, it } from 'vitest';
import { envFor, ENVIRONMENTS } from '../test/wrangler-env.ts';
import { createApp } from './app.ts';

const app = createApp();

describe('/config.json', () => {
  it.each([
    {
      environment: 'local' as const,
      expected: {
        environment: 'local',
        firebase: {
          apiKey: 'demo-api-key',
          authDomain: 'demo-price-console.firebaseapp.com',
          projectId: 'demo-price-console',
        },
        authEmulatorUrl: 'http://127.0.0.1:9099',
        graphqlUrl: '/graphql',
        storage: { mainBucket: 'price-console-local-main', publicBucket: 'price-console-local-public' },
        errorReporting: null,
        buildId: 'unversioned',
      },
    },
    {
      environment: 'dev' as const,
      expected: {
        environment: 'dev',
        firebase: {
          apiKey: 'dev-web-api-key',
          authDomain: 'price-console-dev.firebaseapp.com',
          projectId: 'price-console-dev',
        },
        authEmulatorUrl: null,
        graphqlUrl: '/graphql',
        storage: { mainBucket: 'price-console-dev-main', publicBucket: 'price-console-dev-public' },
        errorReporting: null,
        buildId: 'unversioned',
      },
    },
    {
      environment: 'production' as const,
      expected: {
        environment: 'production',
        firebase: {
          apiKey: 'production-web-api-key',
          authDomain: 'price-console-production.firebaseapp.com',
          projectId: 'price-console-production',
        },
        authEmulatorUrl: null,
        graphqlUrl: '/graphql',
        storage: { mainBucket: 'price-console-production-main', publicBucket: 'price-console-production-public' },
        errorReporting: null,
        buildId: 'unversioned',
      },
    },
  ])('serves the $environment configuration of wrangler.toml, uncached', async ({ environment, expected }) => {
    const response = await app.request('/config.json', {}, envFor(environment));
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(expected);
  });

  it.each([
    { environment: 'local' as const, expected: null },
    { environment: 'dev' as const, expected: null },
    { environment: 'production' as const, expected: { dsn: 'https://key@errors.example/1' } },
  ])('error reporting in $environment with a DSN set: $expected', async ({ environment, expected }) => {
    const env = envFor(environment, { ERROR_REPORTING_DSN: 'https://key@errors.example/1' });
    const body = (await (await app.request('/config.json', {}, env)).json()) as { errorReporting: unknown };
    expect(body.errorReporting).toEqual(expected);
  });

  it.each(['dev', 'production'] as const)(
    'refuses a %s configuration that names the Auth emulator (500 JSON on every route)',
    async (environment) => {
      const env = envFor(environment, { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' });
      for (const [path, init] of [
        ['/config.json', {}],
        ['/graphql', { method: 'POST' }],
        ['/products', {}],
      ] as const) {
        const response = await app.request(path, init, env);
        expect(response.status).toBe(500);
        const body = (await response.json()) as { errors: { message: string; extensions: { code: string } }[] };
        expect(body.errors[0]?.message).toMatch(new RegExp(`${environment} configuration names an Auth emulator`));
        expect(body.errors[0]?.extensions.code).toBe('MISCONFIGURED');
      }
    },
  );

  it('refuses an unknown APP_ENV and a missing value', async () => {
    const unknown = await app.request('/config.json', {}, envFor('local', { APP_ENV: 'staging' }));
    expect(unknown.status).toBe(500);
    expect(((await unknown.json()) as { errors: { message: string }[] }).errors[0]?.message).toMatch(
      /Unknown environment "staging"/,
    );
    const missing = await app.request('/config.json', {}, envFor('dev', { FIREBASE_PROJECT_ID: '' }));
    expect(missing.status).toBe(500);
    expect(await missing.text()).toMatch(/FIREBASE_PROJECT_ID/);
  });

  it.each(['dev', 'production'] as const)(
    'refuses to serve %s without the EDGE_SHARED_SECRET its API checks',
    async (environment) => {
      for (const secret of ['', 'too-short']) {
        const response = await app.request('/config.json', {}, envFor(environment, { EDGE_SHARED_SECRET: secret }));
        expect(response.status).toBe(500);
        expect(await response.text()).toMatch(
          secret ? /at least 32 characters/ : new RegExp(`wrangler secret put EDGE_SHARED_SECRET --env ${environment}`),
        );
      }
    },
  );

  it.each([
    ['10.0.0.8:9099', /must run on this machine/],
    ['emulator.example:9099', /must run on this machine/],
  ])('refuses a local Auth emulator off this machine (%s)', async (host, reason) => {
    const response = await app.request('/config.json', {}, envFor('local', { FIREBASE_AUTH_EMULATOR_HOST: host }));
    expect(response.status).toBe(500);
    expect(await response.text()).toMatch(reason);
  });

  it('has a configuration for every environment', () => {
    expect(ENVIRONMENTS).toEqual(['local', 'dev', 'production']);
  });
});
