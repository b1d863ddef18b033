/**
 * Headless mode (README-scraping.md, "Headless mode"): a page whose products a script builds is
 * rendered in Chromium (playwright-core driving Debian's /usr/bin/chromium, or CHROMIUM_PATH)
 * and its resulting HTML extracted like any other page. The page itself is the one the fetcher
 * already fetched (robots.txt, politeness, private-address guard, conditional request applied):
 * the browser gets it from us, not from the network. Every further request the page makes goes
 * through `subFetch` (the fetcher's guarded HTTP client) too, GET only, scripts and data only
 * (images, fonts, media and style sheets are refused), so the browser never reaches an address
 * the fetcher would refuse.
 */
import type { Browser, BrowserContext, Route } from 'playwright-core';

export interface SubResponse {
  status: number;
  contentType: string | null;
  body: string;
}

export interface RendererOptions {
  executablePath?: string;
  userAgent: string;
  timeoutMs: number;
  /** Fetches a request the page makes (GET), or null to refuse it. */
  subFetch: (url: string) => Promise<SubResponse | null>;
}

export interface Renderer {
  /** The HTML after the page's scripts ran (network idle or the time limit). */
  render(url: string, html: string, contentType: string | null): Promise<string>;
  close(): Promise<void>;
}

const REFUSED_TYPES = new Set([
  'image',
  'media',
  'font',
  'stylesheet',
  'manifest',
  'websocket',
  'eventsource',
  'other',
]);

export const defaultChromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function createRenderer(options: RendererOptions): Renderer {
  let browser: Promise<Browser> | null = null;
  let context: Promise<BrowserContext> | null = null;

  const contextOf = () => {
    browser ??= import('playwright-core').then(({ chromium }) =>
      chromium.launch({
        executablePath: options.executablePath ?? defaultChromiumPath(),
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-dev-shm-usage',
        ],
      }),
    );
    context ??= browser.then((opened) =>
      opened.newContext({ userAgent: options.userAgent, javaScriptEnabled: true, serviceWorkers: 'block' }),
    );
    return context;
  };

  return {
    async render(url, html, contentType) {
      const page = await (await contextOf()).newPage();
      try {
        await page.route('**/*', async (route: Route) => {
          const request = route.request();
          if (request.isNavigationRequest() && request.frame() === page.mainFrame() && request.url() === url) {
            await route.fulfill({ status: 200, contentType: contentType ?? 'text/html; charset=utf-8', body: html });
            return;
          }
          if (
            request.method() !== 'GET' ||
            REFUSED_TYPES.has(request.resourceType()) ||
            request.isNavigationRequest()
          ) {
            await route.abort('blockedbyclient');
            return;
          }
          const answer = await options.subFetch(request.url()).catch(() => null);
          if (!answer) await route.abort('blockedbyclient');
          else
            await route.fulfill({
              status: answer.status,
              contentType: answer.contentType ?? 'application/octet-stream',
              body: answer.body,
            });
        });
        await page.goto(url, { waitUntil: 'networkidle', timeout: options.timeoutMs }).catch(async (error: Error) => {
          // a page that keeps polling never goes idle: take what it shows at the time limit
          if (!/Timeout/i.test(error.message)) throw error;
        });
        return await page.content();
      } finally {
        await page.close().catch(() => undefined);
      }
    },
    async close() {
      const opened = browser;
      browser = null;
      context = null;
      if (opened) await (await opened.catch(() => null))?.close().catch(() => undefined);
    },
  };
}
