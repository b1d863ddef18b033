/**
 * Error reports against a local fake collector (a real HTTP server on loopback speaking Sentry's
 * envelope endpoint): on only in production with a DSN, tagged with the build id and environment,
 * and with tokens, cookies, the edge's secret and e-mail addresses scrubbed before sending.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier } from '@console/firebase-token';
import { loadAccessControl } from '../src/access.ts';
import { createApi } from '../src/app.ts';
import { migrate } from '../src/db/migrate.ts';
import { createErrorReporter, errorReportingOn, jobFailureReporter, scrubText } from '../src/http/error-reports.ts';
import { closeQueueOf, defineJob, enqueue } from '../src/jobs/queue.ts';
import { startWorker } from '../src/jobs/worker.ts';
import { createLogger } from '../src/http/logger.ts';
import { seedDemoData } from '../src/seed/demo-data.ts';
import { DEMO_USERS } from '../src/seed/demo-users.ts';
import { availableEngines } from './engines.ts';
import { gql } from './helpers.ts';
import { emulatorToken, PROJECT_ID } from './tokens.ts';
import { startFakeCollector, type FakeCollector } from './fake-collector.ts';

let collector: FakeCollector;
let dsn = '';

beforeAll(async () => {
  collector = await startFakeCollector();
  dsn = collector.dsn('42');
});

afterAll(async () => {
  await collector.close();
});

describe('error reports', () => {
  it.each([
    ['production', 'https://k@errors.example/1', true],
    ['production', '', false],
    ['production', null, false],
    ['dev', 'https://k@errors.example/1', false],
    ['local', 'https://k@errors.example/1', false],
  ])('%s with DSN %j: on = %s', (environment, value, on) => {
    expect(errorReportingOn(environment, value)).toBe(on);
    expect(createErrorReporter({ dsn: value, environment, buildId: 'b', service: 'api' }) !== null).toBe(on);
  });

  it.each([
    ['mail jane.doe@shop.example failed', 'mail [email] failed'],
    ['Bearer abc.def-ghi', 'Bearer [redacted]'],
    ['token eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln rejected', 'token [token] rejected'],
    ['nothing secret', 'nothing secret'],
  ])('scrubs %j', (text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });

  it('sends a thrown error to the collector, tagged and scrubbed', async () => {
    const reporter = createErrorReporter({
      dsn,
      environment: 'production',
      buildId: 'abc1234-20261127T010000Z',
      service: 'api',
    })!;
    const token = 'eyJhbGciOiJSUzI1NiIsImtpZCI6IngifQ.eyJzdWIiOiJ1c2VyLTEifQ.c2lnbmF0dXJl';
    try {
      throw new Error(`Import for owner@northwind.example failed with Bearer ${token}`);
    } catch (error) {
      reporter.report(error, { requestId: 'req-12345678', operation: 'ProductFeedImport' });
    }
    expect(await reporter.flush(5_000)).toBe(true);
    const envelope = collector.received.find((entry) =>
      entry.items.some((item) => (item as { type?: string }).type === 'event'),
    );
    expect(envelope?.path).toMatch(/^\/api\/42\/envelope\//);
    const [event] = collector.events() as [
      {
        environment: string;
        release: string;
        tags: Record<string, string>;
        exception: { values: { type: string; value: string }[] };
      },
    ];
    expect(event.environment).toBe('production');
    expect(event.release).toBe('abc1234-20261127T010000Z');
    expect(event.tags).toMatchObject({
      service: 'api',
      buildId: 'abc1234-20261127T010000Z',
      requestId: 'req-12345678',
      operation: 'ProductFeedImport',
    });
    expect(event.exception.values[0]).toMatchObject({
      type: 'Error',
      value: 'Import for [email] failed with Bearer [redacted]',
    });
    const everything = JSON.stringify(collector.received);
    expect(everything).not.toContain('owner@northwind.example');
    expect(everything).not.toContain(token);
  });
});

describe('the API hands its unexpected errors to the reporter', () => {
  it('a resolver failing on the database is reported once; a refusal (bad input) is not', async () => {
    const engine = (await availableEngines()).at(-1)!;
    const db = await engine.open();
    try {
      await migrate(db.pool);
      await seedDemoData(db.pool, { websites: 3 });
      const reported: unknown[] = [];
      const lines: string[] = [];
      const logger = createLogger({
        level: 'info',
        environment: 'production',
        buildId: 'b',
        destination: new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }),
      });
      const api = createApi({
        pool: db.pool,
        verifyToken: createTokenVerifier({ projectId: PROJECT_ID, emulator: true }),
        access: await loadAccessControl(),
        logger,
        reportError: (error) => reported.push(error),
      });
      const admin = DEMO_USERS.find((user) => user.roles.includes('Admin'))!;
      const list = (limit: number) =>
        gql(api, {
          query:
            'query SupportRequestList($limit: Int!) { supportRequestList(limit: $limit, offset: 0) { meta { pagination { total } } } }',
          token: emulatorToken(admin.uid),
          variables: { limit },
        });
      expect((await list(0)).body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(reported).toEqual([]);
      await db.pool.query('ALTER TABLE support_requests RENAME TO support_requests_gone');
      const failed = await list(10);
      expect(failed.body.errors?.[0]?.message).toBe('Unexpected error.');
      expect(reported).toHaveLength(1);
      expect(String((reported[0] as Error).message)).toMatch(/support_requests/);
      expect(lines.join('')).toMatch(/"level":"error"/);
    } finally {
      await db.close();
    }
  }, 120_000);
});

const FAILING_JOB = 'test.report-failure';
defineJob<{ owner: string }>(FAILING_JOB, { retryLimit: 0 }, async ({ owner }) => {
  throw new Error(`Feed of ${owner} failed`);
});

describe('the job worker reports a failed job (worker-main.ts wiring)', () => {
  it('the thrown error reaches the collector, tagged with the job kind, service, build id and environment, scrubbed', async () => {
    const engine = (await availableEngines()).at(-1)!;
    const db = await engine.open();
    try {
      await migrate(db.pool);
      const reporter = createErrorReporter({
        dsn: collector.dsn('43'),
        environment: 'production',
        buildId: 'worker-build-1',
        service: 'job-worker',
      })!;
      const worker = await startWorker({
        pool: db.pool,
        kinds: [FAILING_JOB],
        pollIntervalMs: 50,
        schedules: false,
        onFailure: jobFailureReporter(reporter),
      });
      try {
        const jobId = await enqueue(db.pool, FAILING_JOB, { owner: 'buyer@shop.example' });
        const until = Date.now() + 30_000;
        const mine = () => collector.events().filter((event) => event.tags?.service === 'job-worker');
        while (!mine().length && Date.now() < until) {
          await reporter.flush(200);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const [event] = mine();
        expect(event).toMatchObject({
          environment: 'production',
          release: 'worker-build-1',
          tags: { service: 'job-worker', buildId: 'worker-build-1', operation: `job ${FAILING_JOB}`, jobId },
        });
        expect(event!.exception!.values[0]).toMatchObject({ type: 'Error', value: 'Feed of [email] failed' });
        expect(JSON.stringify(collector.received)).not.toContain('buyer@shop.example');
      } finally {
        await worker.stop({ graceMs: 1_000 });
        await closeQueueOf(db.pool);
      }
    } finally {
      await db.close();
    }
  }, 120_000);
});
