/**
 * robots.txt per origin (robots-parser), read once per fetcher and kept for an hour: a 2xx is
 * obeyed (allow / disallow for our user agent, its crawl-delay); 4xx means no rules (as crawlers
 * agree); a 5xx, a timeout or a network failure means "do not crawl now" (the site may be down
 * or shedding load), kept for a minute only.
 */
import robotsParser from 'robots-parser';
import type { Reason } from '../reasons.ts';

export interface RobotsRules {
  /** Why the URL may not be fetched, or null. */
  disallowed(url: string): Reason | null;
  /** Seconds asked between requests, or null. */
  crawlDelay: number | null;
  /** The site resolves to a private or local address (the reason): no page of it may be fetched. */
  privateAddress?: Reason;
}

type Robot = ReturnType<typeof robotsParser>;

/** An answer, or why there is none: an English detail, or the private address it resolves to. */
export type RobotsAnswer = { status: number; body: string } | { error: string; privateAddress?: Reason };

const KEEP_MS = 60 * 60_000;
const KEEP_FAILED_MS = 60_000;
/** A crawl-delay above this is taken as this (a misconfigured file must not stop a run for hours). */
const MAX_CRAWL_DELAY_S = 60;

/** The product token robots.txt groups are matched on: 'PriceConsoleBot/1.0 (...)' -> 'PriceConsoleBot'. */
export const robotsToken = (userAgent: string) => userAgent.split(/[\s/]/)[0] || userAgent;

export function robotsRules(origin: string, answer: RobotsAnswer, userAgent: string): RobotsRules {
  const token = robotsToken(userAgent);
  if ('error' in answer) {
    if (answer.privateAddress)
      return { disallowed: () => null, crawlDelay: null, privateAddress: answer.privateAddress };
    return {
      disallowed: () => ({ code: 'ROBOTS_UNREADABLE', values: { origin, detail: answer.error } }),
      crawlDelay: null,
    };
  }
  if (answer.status >= 500 || answer.status === 429) {
    return {
      disallowed: () => ({ code: 'ROBOTS_HTTP_STATUS', values: { origin, status: answer.status } }),
      crawlDelay: null,
    };
  }
  if (answer.status >= 400 || answer.status < 200 || answer.status >= 300)
    return { disallowed: () => null, crawlDelay: null };
  const robot: Robot = robotsParser(`${origin}/robots.txt`, answer.body);
  const delay = robot.getCrawlDelay(token);
  return {
    disallowed: (url) =>
      robot.isDisallowed(url, token)
        ? { code: 'ROBOTS_DISALLOWED', values: { origin, path: new URL(url).pathname, agent: token } }
        : null,
    crawlDelay: delay === undefined || !Number.isFinite(delay) ? null : Math.min(Math.max(delay, 0), MAX_CRAWL_DELAY_S),
  };
}

export class RobotsCache {
  private readonly entries = new Map<string, { rules: Promise<RobotsRules>; until: number }>();
  constructor(
    private readonly read: (origin: string) => Promise<RobotsAnswer>,
    private readonly userAgent: string,
  ) {}

  rulesFor(origin: string): Promise<RobotsRules> {
    const now = Date.now();
    const cached = this.entries.get(origin);
    if (cached && cached.until > now) return cached.rules;
    const entry = {
      until: now + KEEP_MS,
      rules: Promise.resolve<RobotsRules>({ disallowed: () => null, crawlDelay: null }),
    };
    entry.rules = this.read(origin).then((answer) => {
      if ('error' in answer || answer.status >= 500 || answer.status === 429) entry.until = Date.now() + KEEP_FAILED_MS;
      return robotsRules(origin, answer, this.userAgent);
    });
    this.entries.set(origin, entry);
    return entry.rules;
  }
}
