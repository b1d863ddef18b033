import { describe, expect, it } from 'vitest';
import { scrubEvent, scrubText, scrubValue } from './index.ts';

const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl';

describe('scrubText', () => {
  it.each([
    ['an e-mail address', 'no access for ana.novak@shop.cz', 'no access for [email]'],
    ['an ID token', `token ${TOKEN} expired`, 'token [token] expired'],
    ['a bearer header value', 'Authorization: Bearer abc.def-123', 'Authorization: Bearer [redacted]'],
    ['basic credentials', 'basic dXNlcjpwYXNz', 'basic [redacted]'],
    ['plain text', 'Feed 12 failed: row 3 has no price', 'Feed 12 failed: row 3 has no price'],
  ])('takes out %s', (_what, text, expected) => {
    expect(scrubText(text)).toBe(expected);
  });
});

describe('scrubValue', () => {
  it('redacts secret headers whatever their case and scrubs nested strings', () => {
    expect(
      scrubValue({
        headers: { Authorization: `Bearer ${TOKEN}`, Cookie: 'session=1', 'X-Edge-Secret': 's3', accept: 'text/html' },
        list: [{ note: 'from eva@example.org' }],
        count: 3,
      }),
    ).toEqual({
      headers: {
        Authorization: '[redacted]',
        Cookie: '[redacted]',
        'X-Edge-Secret': '[redacted]',
        accept: 'text/html',
      },
      list: [{ note: 'from [email]' }],
      count: 3,
    });
  });

  it('stops at a bounded depth instead of following a deep or cyclic structure for ever', () => {
    const cyclic: Record<string, unknown> = { name: 'a@b.cz' };
    cyclic.self = cyclic;
    const scrubbed = scrubValue(cyclic) as Record<string, unknown>;
    expect(scrubbed.name).toBe('[email]');
  });
});

describe('scrubEvent', () => {
  it('drops request cookies and body and keeps only the user id', () => {
    const event = {
      message: `Unauthorized for jan@shop.cz with ${TOKEN}`,
      request: { url: 'https://console/graphql', cookies: { session: 'x' }, data: '{"password":"p"}' },
      user: { id: 'uid-1', email: 'jan@shop.cz', ip_address: '10.0.0.1' },
    };
    expect(scrubEvent(event)).toEqual({
      message: 'Unauthorized for [email] with [token]',
      request: { url: 'https://console/graphql' },
      user: { id: 'uid-1' },
    });
  });

  it('leaves an anonymous user with no fields', () => {
    expect(scrubEvent({ user: { email: 'x@y.cz' } })).toEqual({ user: {} });
  });
});
