/**
 * Security headers on every response the worker sends: assets, the SPA shell, /config.json,
 * proxied GraphQL answers and errors alike.
 */
import type { MiddlewareHandler } from 'hono';
import { errorReportingEnabled, readConfig, type EdgeConfig, type EdgeEnv } from './env.ts';

/** What the Firebase web SDK talks to in dev and production. */
const GOOGLE_IDENTITY_ORIGINS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://firebasestorage.googleapis.com',
];

export function contentSecurityPolicy(config: EdgeConfig | null): string {
  const connect = ["'self'"];
  if (config?.environment === 'local') {
    if (config.authEmulatorUrl) connect.push(config.authEmulatorUrl);
  } else if (config) {
    connect.push(...GOOGLE_IDENTITY_ORIGINS);
    if (errorReportingEnabled(config)) {
      const origin = originOf(config.errorReportingDsn!);
      if (origin) connect.push(origin);
    }
  }
  return [
    "default-src 'self'",
    "script-src 'self'",
    // antd injects its styles at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export function securityHeaderValues(config: EdgeConfig | null): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
  };
  // A broken config is treated as "not local": the strict header is the safe default.
  if (config?.environment !== 'local') {
    headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  }
  return headers;
}

export function securityHeaders(): MiddlewareHandler<EdgeEnv> {
  return async function securityHeadersMiddleware(c, next) {
    await next();
    let config: EdgeConfig | null = null;
    try {
      config = readConfig(c.env);
    } catch {
      // configGuard already answered with a 500.
    }
    // Responses from fetch() and the ASSETS binding have immutable headers: copy them.
    const response = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(securityHeaderValues(config))) response.headers.set(name, value);
    c.res = undefined;
    c.res = response;
  };
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
