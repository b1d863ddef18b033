import { readFileSync } from 'node:fs';
import { describe as group, expect, it } from 'vitest';
import { because, describe, namedValues, qualified, REASON_CODES, storedValues } from './reasons.ts';

group('reasons', () => {
  it.each([
    [
      because('HTTP_STATUS', { url: 'https://shop.example/p/1', status: 404 }),
      'https://shop.example/p/1 answered HTTP 404',
    ],
    [
      because('TOO_LARGE_DECLARED', {
        url: 'https://shop.example/p',
        sizeBytes: 6 * 1024 * 1024,
        limitBytes: 5 * 1024 * 1024,
      }),
      'https://shop.example/p is 6 MB, above the limit of 5 MB',
    ],
    [
      because('TOO_LARGE', { url: 'https://shop.example/p', limitBytes: 700 * 1024 }),
      'https://shop.example/p is larger than the limit of 700 kB; reading stopped',
    ],
    [
      because('NOT_HTML', { url: 'https://s.example/a', contentType: 'application/pdf', expected: 'html' }),
      'https://s.example/a is application/pdf, not an HTML page',
    ],
    [
      because('NOT_HTML', { url: 'https://s.example/m', contentType: 'text/html', expected: 'xml' }),
      'https://s.example/m is text/html, not XML',
    ],
    [
      because('BLOCK_PAGE', { url: 'https://s.example/p', title: 'Just a moment...' }),
      'https://s.example/p: the page is a block or captcha page ("Just a moment...")',
    ],
    [
      because('CAPTCHA', { url: 'https://s.example/p', status: 403 }),
      'https://s.example/p answered HTTP 403: the page shows a captcha in place of the product',
    ],
    [because('NO_PRICE'), 'the page shows no price'],
    [because('NO_PRICE', { url: 'https://s.example/p' }), 'https://s.example/p: The page states no price'],
    [
      qualified(because('HTTP_STATUS', { url: 'https://s.example/p', status: 503 }).why, { attempts: 3 }),
      'https://s.example/p answered HTTP 503 (after 3 attempts)',
    ],
    [
      qualified(because('HTTP_STATUS', { url: 'https://s.example/p', status: 429 }).why, { retryAfterSeconds: 3600 }),
      'https://s.example/p answered HTTP 429; the site asks to retry after 3600 s',
    ],
    [
      because('SITEMAP_LIMIT', { max: 1000, more: 2 }),
      'more than 1000 sitemaps; the rest was not read; 2 more problems',
    ],
  ])('%#: the English sentence says what the code and values say', (made, sentence) => {
    expect(made.reason).toBe(sentence);
    expect(describe(made.why)).toBe(sentence);
  });

  it('every code is one of the API enum ScrapeReasonCode, and the enum has no other', () => {
    const schema = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');
    const block = /enum ScrapeReasonCode \{([^}]*)\}/.exec(schema)?.[1] ?? '';
    const listed = block
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /^[A-Z_]+$/.test(line));
    expect(listed.sort()).toEqual([...REASON_CODES].sort());
  });

  it('stores long texts cut and gives values as name and text pairs', () => {
    const stored = storedValues({ detail: 'x'.repeat(1500), status: 500 });
    expect(String(stored.detail)).toHaveLength(1000);
    expect(namedValues(stored)).toEqual([
      { name: 'detail', value: 'x'.repeat(1000) },
      { name: 'status', value: '500' },
    ]);
    expect(namedValues(null)).toEqual([]);
  });
});
