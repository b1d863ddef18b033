/**
 * Politeness per host shared by every worker (README-scraping.md, "Politeness"): before a request
 * to a host with a minimum delay (the scraper's, or robots.txt's crawl-delay), the fetcher claims
 * the host's next start in the database (`scraper_host_pace`). One statement reserves the slot:
 * the later of the stored next time and now; the stored time moves one delay past it. Claims are
 * ordered by the row's lock, so two workers on one shop start their requests a delay apart, as one
 * worker would.
 */
import type { Pool } from 'pg';
import type { SharedPace } from './scrape-types.ts';

/** How long to wait (ms) before this request to `host` may start, its slot claimed. */
export function databasePace(pool: Pool): SharedPace {
  return async (host, delayMs) => {
    const { rows } = await pool.query<{ wait_ms: number }>(
      `INSERT INTO scraper_host_pace AS p (host, next_at) VALUES ($1, clock_timestamp() + make_interval(secs => $2::float8 / 1000))
       ON CONFLICT (host) DO UPDATE SET next_at = greatest(p.next_at, clock_timestamp()) + make_interval(secs => $2::float8 / 1000)
       RETURNING (extract(epoch FROM p.next_at - clock_timestamp()) * 1000 - $2::float8)::float8 AS wait_ms`,
      [host, delayMs],
    );
    return Math.max(0, rows[0]?.wait_ms ?? 0);
  };
}
