/**
 * A stand-in for the Workers Static Assets binding, behaving like it with
 * html_handling "auto-trailing-slash" and not_found_handling "none".
 */
export type FakeFiles = Record<string, { body: string; type: string }>;

export const DEFAULT_FILES: FakeFiles = {
  '/index.html': { body: '<!doctype html><title>Console</title>', type: 'text/html; charset=utf-8' },
  '/assets/index-abc123.js': { body: 'console.log(1)', type: 'application/javascript' },
  '/favicon.svg': { body: '<svg/>', type: 'image/svg+xml' },
};

export function fakeAssets(files: FakeFiles = DEFAULT_FILES): Fetcher & { requests: string[] } {
  const requests: string[] = [];
  const fetcher = {
    requests,
    async fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      const request = new Request(input as RequestInfo, init);
      const { pathname } = new URL(request.url);
      requests.push(pathname);
      if (pathname === '/index.html') return new Response(null, { status: 307, headers: { Location: '/' } });
      const file = files[pathname === '/' ? '/index.html' : pathname];
      if (!file) return new Response(null, { status: 404 });
      return new Response(request.method === 'HEAD' ? null : file.body, {
        headers: { 'Content-Type': file.type, 'Cache-Control': 'public, max-age=0, must-revalidate', ETag: '"etag"' },
      });
    },
    connect() {
      throw new Error('not supported');
    },
  };
  return fetcher as unknown as Fetcher & { requests: string[] };
}
