/**
 * Block and captcha pages (a shop's bot protection answering in place of the product): a captcha
 * widget, a challenge form, or a title saying so. Checked on a page that yielded no price, or on
 * a 403 / 429 / 503 answer, never instead of reading a product page (a product page may load a
 * captcha script for its newsletter form).
 */
import type { CheerioAPI } from 'cheerio';
import type { Reason } from '../reasons.ts';

const WIDGETS = [
  '.g-recaptcha',
  '.h-captcha',
  '.cf-turnstile',
  '[data-sitekey]',
  '#challenge-form',
  '#challenge-running',
  '#cf-challenge-running',
  'form[action*="captcha" i]',
  'iframe[src*="captcha" i]',
  '#px-captcha',
  '.captcha',
  '#captcha',
].join(', ');

const TITLES =
  /captcha|are you a robot|are you human|robot check|access denied|attention required|just a moment|request blocked|bot detection|zugriff verweigert|přístup odepřen|ověření|nejste robot|sicherheitsüberprüfung/i;

/** Why the page looks like a block page (its title, or a captcha widget), or null; the caller adds the page's address. */
export function detectBlockPage($: CheerioAPI): Reason | null {
  const title = $('title').first().text().trim();
  if (TITLES.test(title)) return { code: 'BLOCK_PAGE', values: { title: title.slice(0, 80) } };
  const widget = $(WIDGETS).first();
  if (widget.length) return { code: 'CAPTCHA', values: {} };
  return null;
}
