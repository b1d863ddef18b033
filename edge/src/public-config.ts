/** GET /config.json: the environment's public configuration, read by the web console at start-up. */
import type { Handler } from 'hono';
import { BUILD_ID } from './build-id.ts';
import { errorReportingEnabled, readConfig, type EdgeConfig, type EdgeEnv } from './env.ts';

export interface PublicConfig {
  environment: EdgeConfig['environment'];
  firebase: { apiKey: string; authDomain: string; projectId: string };
  authEmulatorUrl: string | null;
  graphqlUrl: string;
  storage: { mainBucket: string; publicBucket: string };
  errorReporting: { dsn: string } | null;
  /** The build (commit + time) this worker runs: the same id in every environment it is promoted to. */
  buildId: string;
}

export const GRAPHQL_PATH = '/graphql';

export function toPublicConfig(config: EdgeConfig): PublicConfig {
  return {
    environment: config.environment,
    firebase: { ...config.firebase },
    authEmulatorUrl: config.environment === 'local' ? config.authEmulatorUrl : null,
    graphqlUrl: GRAPHQL_PATH,
    storage: { mainBucket: config.storage.mainBucket, publicBucket: config.storage.publicBucket },
    errorReporting: errorReportingEnabled(config) ? { dsn: config.errorReportingDsn! } : null,
    buildId: BUILD_ID,
  };
}

export function publicConfig(): Handler<EdgeEnv> {
  return function publicConfigHandler(c) {
    return c.json(toPublicConfig(readConfig(c.env)), 200, { 'Cache-Control': 'no-store' });
  };
}
