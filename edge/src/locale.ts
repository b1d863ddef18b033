/**
 * Locale handling of web/src/config/constants.ts:
 * - `?locale=xx` on a page request stores the choice in the NEXT_LOCALE cookie (one year, SameSite=Lax);
 * - a legacy URL `/{locale}/{rest}` for a built-in locale redirects (308) to `/{rest}?locale={locale}`.
 */
import type { MiddlewareHandler } from 'hono';
import { readConfig, type EdgeEnv } from './env.ts';

export const LOCALE_COOKIE = 'NEXT_LOCALE';
export const LOCALE_COOKIE_MAX_AGE = 31_536_000;
export const LOCALE_PARAM = 'locale';
/** The built-in languages (web/src/config/constants.ts); custom languages only ever come as `?locale=`. */
export const BUILT_IN_LOCALES = ['en', 'cs'] as const;

/** A language code such as `en`, `cs`, `en-US`, `zh-Hant`, `es-419`; anything else is ignored. */
const LOCALE_SHAPE = /^[a-z]{2,3}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|\d{3}))?$/i;

export function isLocaleCode(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.length <= 16 && LOCALE_SHAPE.test(value);
}

/** The cookie; `Secure` (HTTPS only) everywhere but local, which is served over plain HTTP on 127.0.0.1. */
export function localeCookie(value: string, secure = false): string {
  return `${LOCALE_COOKIE}=${value}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Sets NEXT_LOCALE on GET/HEAD responses when the URL carries a well-formed `?locale=`. */
export function localeFromQuery(): MiddlewareHandler<EdgeEnv> {
  return async function localeFromQueryMiddleware(c, next) {
    await next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return;
    const locale = new URL(c.req.url).searchParams.get(LOCALE_PARAM);
    if (!isLocaleCode(locale)) return;
    // Responses from the ASSETS binding have immutable headers: copy before adding the cookie.
    const response = new Response(c.res.body, c.res);
    response.headers.append('Set-Cookie', localeCookie(locale, readConfig(c.env).environment !== 'local'));
    c.res = undefined;
    c.res = response;
  };
}

/** 308 from `/{en|cs}/{rest}` to `/{rest}?locale={en|cs}`, keeping the other query parameters. */
export function legacyLocaleRedirect(locales: readonly string[] = BUILT_IN_LOCALES): MiddlewareHandler<EdgeEnv> {
  const known = new Set(locales);
  return async function legacyLocaleRedirectMiddleware(c, next) {
    const url = new URL(c.req.url);
    const match = /^\/([^/]+)(?:\/(.*))?$/.exec(url.pathname);
    const locale = match?.[1];
    if (!locale || !known.has(locale) || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    const target = new URL(`/${match[2] ?? ''}`, url);
    target.search = url.search;
    target.searchParams.set(LOCALE_PARAM, locale);
    return c.redirect(`${target.pathname}${target.search}`, 308);
  };
}
