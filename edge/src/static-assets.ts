/**
 * Serves web/dist through the ASSETS binding with the single-page-application fallback:
 * - an existing file is served as it is (hashed files under /assets/ cached as immutable);
 * - a missing file that looks like one (under /assets/, or with an extension) is a 404;
 * - any other path is a console route: it gets index.html, which is never cached long.
 */
import type { Handler } from 'hono';
import type { EdgeEnv } from './env.ts';

export const HASHED_ASSETS_PREFIX = '/assets/';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and other HTML: always revalidate, so a new build is picked up at once. */
export const REVALIDATE = 'no-cache';

export function looksLikeFile(pathname: string): boolean {
  if (pathname.startsWith(HASHED_ASSETS_PREFIX)) return true;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]+$/.test(lastSegment);
}

export function staticAssets(): Handler<EdgeEnv> {
  return async function staticAssetsHandler(c) {
    const request = c.req.raw;
    const url = new URL(request.url);
    let response = await c.env.ASSETS.fetch(request);

    if (response.status === 404) {
      if (looksLikeFile(url.pathname) || !isNavigation(request)) {
        return withCacheControl(notFound(), 'no-store');
      }
      // The SPA shell. `/` rather than `/index.html`: with html_handling "auto-trailing-slash"
      // the assets server answers /index.html with a redirect to /.
      response = await c.env.ASSETS.fetch(
        new Request(new URL('/', url), { method: request.method, headers: request.headers }),
      );
      if (response.status === 404) {
        return withCacheControl(
          new Response('The console is not built (index.html is missing).', {
            status: 503,
            headers: { 'Content-Type': 'text/plain; charset=utf-8' },
          }),
          'no-store',
        );
      }
    }

    if (response.ok && url.pathname.startsWith(HASHED_ASSETS_PREFIX)) return withCacheControl(response, IMMUTABLE);
    if (isHtml(response)) return withCacheControl(response, REVALIDATE);
    return response;
  };
}

/** Only GET/HEAD of a page get the shell; a stray POST to a route does not. */
function isNavigation(request: Request): boolean {
  return request.method === 'GET' || request.method === 'HEAD';
}

function isHtml(response: Response): boolean {
  return (response.headers.get('Content-Type') ?? '').startsWith('text/html');
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

function withCacheControl(response: Response, value: string): Response {
  const copy = new Response(response.body, response);
  copy.headers.set('Cache-Control', value);
  return copy;
}
