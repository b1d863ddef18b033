/**
 * The console's reporter (start.ts loads it lazily): the browser SDK with its global handlers
 * (uncaught errors, unhandled rejections), tagged with the build id and environment, and with
 * tokens, cookies and e-mail addresses scrubbed before anything leaves (packages/error-scrub, shared with the API and the edge).
 * No tracing, no session replay, no default PII.
 */
import { captureException, flush, init } from '@sentry/browser';
import { scrubEvent, scrubValue } from '@console/error-scrub';

export interface ReporterOptions {
  dsn: string;
  environment: string;
  buildId: string;
}

export function installReporter(options: ReporterOptions): (error: unknown) => void {
  init({
    dsn: options.dsn,
    environment: options.environment,
    release: options.buildId,
    sendDefaultPii: false,
    tracesSampleRate: 0,
    initialScope: { tags: { service: 'console', buildId: options.buildId } },
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubValue(breadcrumb) as typeof breadcrumb,
  });
  return (error) => {
    captureException(error);
  };
}

/** Sends what is queued (tests; a page does not wait). */
export const flushReports = (timeoutMs = 2_000) => flush(timeoutMs);
