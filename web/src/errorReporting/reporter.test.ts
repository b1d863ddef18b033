/**
 * The console's error reports against the fake collector the API's tests use (a real HTTP server
 * on loopback): a thrown error reaches it from production with a DSN, tagged and scrubbed;
 * elsewhere the reporter is not even loaded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCollector, type FakeCollector } from '../../../api/test/fake-collector.ts';
import type { RuntimeConfig } from '../config/runtimeConfig.ts';
import { errorReportingOn, reportError, startErrorReporting } from './start.ts';

let collector: FakeCollector;
beforeAll(async () => {
  collector = await startFakeCollector();
});
afterAll(async () => {
  await collector.close();
});

const config = (environment: RuntimeConfig['environment'], dsn: string | null): RuntimeConfig => ({
  environment,
  firebase: null,
  authEmulatorUrl: null,
  graphqlUrl: '/graphql',
  storage: null,
  errorReporting: dsn ? { dsn } : null,
  buildId: 'web-build-9',
});

describe('error reports from the console', () => {
  it.each<[RuntimeConfig['environment'], boolean, boolean]>([
    ['production', true, true],
    ['production', false, false],
    ['dev', true, false],
    ['local', true, false],
  ])('%s, DSN set %s: on = %s', (environment, withDsn, on) => {
    expect(errorReportingOn(config(environment, withDsn ? 'https://k@errors.example/1' : null))).toBe(on);
  });

  it('dev with a DSN loads no reporter and sends nothing', async () => {
    expect(await startErrorReporting(config('dev', collector.dsn('46')))).toBe(false);
    reportError(new Error('not sent'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(collector.received).toEqual([]);
  });

  it('production with a DSN: a thrown error reaches the collector, tagged with the build id and environment, scrubbed', async () => {
    const token = 'eyJhbGciOiJSUzI1NiIsImtpZCI6IngifQ.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJl';
    // Reported before the lazily loaded reporter is in: held, then sent.
    const started = startErrorReporting(config('production', collector.dsn('47')));
    try {
      throw new Error(`Saving the product for editor@shop.example failed (Bearer ${token})`);
    } catch (error) {
      reportError(error);
    }
    expect(await started).toBe(true);
    const { flushReports } = await import('./reporter.ts');
    await flushReports(5_000);
    const [event] = await collector.waitForEvents(1);
    expect(collector.received[0]!.path).toMatch(/^\/api\/47\/envelope\//);
    expect(event).toMatchObject({
      environment: 'production',
      release: 'web-build-9',
      tags: { service: 'console', buildId: 'web-build-9' },
    });
    expect(event!.exception!.values[0]).toMatchObject({
      type: 'Error',
      value: 'Saving the product for [email] failed (Bearer [redacted])',
    });
    const everything = JSON.stringify(collector.received);
    expect(everything).not.toContain('editor@shop.example');
    expect(everything).not.toContain(token);
    // Loading the SDK's module (transformed on first import) took 2.6 s here on a quiet run and over 5 s under load.
  }, 30_000);
});
