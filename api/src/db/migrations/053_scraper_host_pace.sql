-- Politeness per host across workers (api/src/monitoring/README-scraping.md, "Politeness"): the
-- next time a request to the host may start. Every worker claims its request's start here in one
-- statement (the row lock orders the claims), so any number of workers on one shop keep one pace.
CREATE TABLE scraper_host_pace (
  host     text PRIMARY KEY,
  next_at  timestamptz NOT NULL
);
