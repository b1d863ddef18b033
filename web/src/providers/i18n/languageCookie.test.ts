import { describe, expect, it } from 'vitest';
import { languageCookie } from './i18n.ts';

describe('languageCookie', () => {
  it.each([
    ['cs', false, 'NEXT_LOCALE=cs; Max-Age=31536000; Path=/; SameSite=Lax'],
    ['cs', true, 'NEXT_LOCALE=cs; Max-Age=31536000; Path=/; SameSite=Lax; Secure'],
    ['en-US', true, 'NEXT_LOCALE=en-US; Max-Age=31536000; Path=/; SameSite=Lax; Secure'],
  ])('%s over HTTPS=%s -> %s', (language, https, cookie) => {
    expect(languageCookie(language, https)).toBe(cookie);
  });
});
