/**
 * Error reports (README "For operators"): unexpected errors of the API and the job worker go to
 * the error-reporting service named by ERROR_REPORTING_DSN (a Sentry DSN), only in production
 * (as in the worker and the console: edge/src/env.ts errorReportingEnabled), tagged with the build
 * id (release) and environment. Before anything leaves, tokens, cookies, the edge's secret and
 * e-mail addresses are removed (scrubEvent). The light SDK: no tracing, no instrumentation.
 */
import * as Sentry from '@sentry/node-core/light';
import { scrubEvent, scrubValue } from '@console/error-scrub';

export { scrubEvent, scrubText } from '@console/error-scrub';

export interface ErrorReporter {
  report(
    error: unknown,
    context?: { requestId?: string | null; operation?: string | null; jobId?: string | null },
  ): void;
  /** Sends what is queued (at shutdown). */
  flush(timeoutMs?: number): Promise<boolean>;
}

export function errorReportingOn(environment: string, dsn: string | null | undefined): dsn is string {
  return environment === 'production' && Boolean(dsn?.trim());
}

/** A reporter when reporting is on, else null (nothing is set up, nothing is sent). */
export function createErrorReporter(options: {
  dsn: string | null | undefined;
  environment: string;
  buildId: string;
  service: string;
}): ErrorReporter | null {
  if (!errorReportingOn(options.environment, options.dsn)) return null;
  Sentry.init({
    dsn: options.dsn,
    environment: options.environment,
    release: options.buildId,
    sendDefaultPii: false,
    tracesSampleRate: 0,
    initialScope: { tags: { service: options.service, buildId: options.buildId } },
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubValue(breadcrumb) as typeof breadcrumb,
  });
  return {
    report(error, context = {}) {
      Sentry.captureException(error, {
        tags: {
          ...(context.requestId ? { requestId: context.requestId } : {}),
          ...(context.operation ? { operation: context.operation } : {}),
          ...(context.jobId ? { jobId: context.jobId } : {}),
        },
      });
    },
    flush: (timeoutMs = 2_000) => Sentry.flush(timeoutMs),
  };
}

/** A job worker's failed handlers as reports (jobs/worker.ts onFailure), tagged with the job's kind. */
export function jobFailureReporter(reporter: ErrorReporter) {
  return (error: unknown, job: { kind: string; id: string }) =>
    reporter.report(error, { operation: `job ${job.kind}`, jobId: job.id });
}
