/**
 * The worker's error reports (README "For operators", error reports): an error no handler answered
 * (the app's onError) goes to ERROR_REPORTING_DSN, only in production (errorReportingEnabled),
 * tagged with the build id and environment, with tokens, cookies, the edge's secret and e-mail
 * addresses scrubbed before it leaves (packages/error-scrub, shared with the API and the console). No tracing.
 */
import { withSentry, type CloudflareOptions } from '@sentry/cloudflare';
import type { Hono } from 'hono';
import { scrubEvent, scrubValue } from '@console/error-scrub';
import { BUILD_ID } from './build-id.ts';
import { errorReportingEnabled, readConfig, type EdgeBindings, type EdgeEnv } from './env.ts';

/** The SDK's options for this request's bindings: off (nothing set up, nothing sent) unless production with a DSN. */
export function errorReportOptions(env: EdgeBindings, buildId: string = BUILD_ID): CloudflareOptions {
  let config: ReturnType<typeof readConfig>;
  try {
    config = readConfig(env);
  } catch {
    // A misconfigured worker answers 500 MISCONFIGURED (config-guard.ts); it reports nothing.
    return { enabled: false };
  }
  if (!errorReportingEnabled(config)) return { enabled: false };
  return {
    dsn: config.errorReportingDsn!,
    environment: config.environment,
    release: buildId,
    sendDefaultPii: false,
    tracesSampleRate: 0,
    initialScope: { tags: { service: 'edge', buildId } },
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubValue(breadcrumb) as typeof breadcrumb,
  };
}

/** The worker's fetch handler with error reports (the app's onError is reported by the SDK's Hono instrumentation). */
export function withErrorReports(app: Hono<EdgeEnv>, buildId: string = BUILD_ID): ExportedHandler<EdgeBindings> {
  return withSentry<EdgeBindings>(
    (env) => errorReportOptions(env, buildId),
    app as unknown as ExportedHandler<EdgeBindings>,
  );
}
