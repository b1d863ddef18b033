/**
 * The worker's error reports (src/error-reports.ts) against the fake collector the API's tests use
 * (a real HTTP server on loopback): a thrown error is reported in production with a DSN, tagged and
 * scrubbed; dev, or production without a DSN, sends nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeCollector, type FakeCollector } from '../../api/test/fake-collector.ts';
import { createApp } from '../src/app.ts';
import type { EdgeBindings } from '../src/env.ts';
import { withErrorReports } from '../src/error-reports.ts';
import { envFor, TEST_EDGE_SECRET, type EnvironmentName } from './wrangler-env.ts';

const TOKEN = 'eyJhbGciOiJSUzI1NiIsImtpZCI6IngifQ.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJl';
let collector: FakeCollector;

beforeAll(async () => {
  collector = await startFakeCollector();
});
afterAll(async () => {
  await collector.close();
});

/** The worker's bindings with an assets binding that throws (an error no handler answers). */
function failingEnv(environment: EnvironmentName, dsn: string | undefined): EdgeBindings {
  const env = envFor(environment, dsn ? { ERROR_REPORTING_DSN: dsn } : {});
  return {
    ...env,
    ASSETS: {
      fetch: async () => {
        throw new Error(`Assets failed for jane.doe@shop.example with ${TOKEN}`);
      },
    } as unknown as Fetcher,
  };
}

async function requestFailing(environment: EnvironmentName, dsn: string | undefined): Promise<Response> {
  const handler = withErrorReports(createApp(), 'edge-build-7');
  const pending: Promise<unknown>[] = [];
  const context = {
    waitUntil: (promise: Promise<unknown>) => void pending.push(promise),
    passThroughOnException: () => undefined,
    props: {},
  } as unknown as ExecutionContext;
  const request = new Request('https://console.example/products', {
    headers: { cookie: 'locale=cs; session=secret-cookie', authorization: `Bearer ${TOKEN}` },
  });
  const response = await handler.fetch!(
    request as Request<unknown, IncomingRequestCfProperties>,
    failingEnv(environment, dsn),
    context,
  );
  await Promise.all(pending);
  return response;
}

describe('error reports from the edge worker', () => {
  it('production with a DSN: a thrown error reaches the collector, tagged with the build id and environment, scrubbed', async () => {
    const response = await requestFailing('production', collector.dsn('44'));
    expect(response.status).toBe(500);
    const events = await collector.waitForEvents(1);
    const envelope = collector.received.find((entry) => entry.path.startsWith('/api/44/'));
    expect(envelope?.path).toMatch(/^\/api\/44\/envelope\//);
    expect(events[0]).toMatchObject({
      environment: 'production',
      release: 'edge-build-7',
      tags: { service: 'edge', buildId: 'edge-build-7' },
    });
    expect(events[0]!.exception!.values[0]).toMatchObject({
      type: 'Error',
      value: 'Assets failed for [email] with [token]',
    });
    const everything = JSON.stringify(collector.received);
    expect(everything).not.toContain('jane.doe@shop.example');
    expect(everything).not.toContain(TOKEN);
    expect(everything).not.toContain('secret-cookie');
    expect(everything).not.toContain(TEST_EDGE_SECRET);
  });

  it.each<[EnvironmentName, boolean]>([
    ['dev', true],
    ['production', false],
  ])('%s (DSN set: %s) reports nothing', async (environment, withDsn) => {
    const before = collector.received.length;
    const response = await requestFailing(environment, withDsn ? collector.dsn('45') : undefined);
    expect(response.status).toBe(500);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(collector.received.length).toBe(before);
  });
});
