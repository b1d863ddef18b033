/**
 * Refuses to serve anything with an unsafe configuration (a dev or production environment naming
 * the Auth emulator, an unknown APP_ENV, missing values): every request gets a 500 JSON saying why.
 */
import type { MiddlewareHandler } from 'hono';
import { ConfigError, readConfig, type EdgeEnv } from './env.ts';
import { graphqlError } from './json-error.ts';

export function configGuard(): MiddlewareHandler<EdgeEnv> {
  return async function configGuardMiddleware(c, next) {
    try {
      readConfig(c.env);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      console.error(`[edge] ${error.message}`);
      return graphqlError(error.message, 'MISCONFIGURED', 500);
    }
    await next();
  };
}
