-- Competitor price monitoring (api/src/monitoring/README.md): scrapers, their runs and the pages
-- a run could not read, what a scrape adds to competitor products, and price history kept as
-- changes only. Valid on PostgreSQL 15 and on PGlite (PostgreSQL 18).

-- A scraper of one competitor: where its products are and how to read them (settings: the JSON
-- of api/src/monitoring/scrape-types.ts, validated by the API before it is stored).
-- Health is kept on the row (refreshed when a run ends, monitoring/health.ts), so the scrapers
-- list reads no run at request time.
CREATE TABLE scrapers (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  competitor_id         uuid NOT NULL REFERENCES competitors (id) ON DELETE CASCADE,
  name                  text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  settings              jsonb NOT NULL DEFAULT '{}',
  enabled               boolean NOT NULL DEFAULT true,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  -- When the schedule (the competitor's scraping_frequency) next queues a run.
  next_run_at           timestamptz NOT NULL DEFAULT now(),
  -- Health rollup (monitoring/health.ts).
  health                text NOT NULL DEFAULT 'unknown' CHECK (health IN ('unknown', 'healthy', 'degraded', 'failing')),
  last_run_id           uuid,
  last_run_status       text,
  last_run_at           timestamptz,
  last_success_at       timestamptz,
  recent_runs           integer NOT NULL DEFAULT 0,
  recent_successes      integer NOT NULL DEFAULT 0,
  products_expected     integer,
  products_seen         integer,
  error_mix             jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX scrapers_competitor_idx ON scrapers (competitor_id, name, id);
-- The scrapers list (name order, filtered by health) and the schedule's due scrapers.
CREATE INDEX scrapers_name_idx ON scrapers (name, id);
CREATE INDEX scrapers_health_name_idx ON scrapers (health, name, id);
CREATE INDEX scrapers_due_idx ON scrapers (next_run_at) WHERE enabled;

-- One run of a scraper. Counters are written as the run goes (progress); a run that lost its
-- worker is failed by the next sweep (heartbeat older than its limit), never left half-written:
-- what a run writes is committed a batch at a time, each batch whole.
CREATE TABLE scraper_runs (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  scraper_id            uuid NOT NULL REFERENCES scrapers (id) ON DELETE CASCADE,
  trigger               text NOT NULL CHECK (trigger IN ('schedule', 'manual')),
  started_by            text,
  status                text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  cancel_requested      boolean NOT NULL DEFAULT false,
  created_at            timestamptz NOT NULL DEFAULT now(),
  started_at            timestamptz,
  ended_at              timestamptz,
  heartbeat_at          timestamptz,
  pages_total           integer NOT NULL DEFAULT 0,
  pages_fetched         integer NOT NULL DEFAULT 0,
  pages_not_modified    integer NOT NULL DEFAULT 0,
  products_seen         integer NOT NULL DEFAULT 0,
  products_new          integer NOT NULL DEFAULT 0,
  products_changed      integer NOT NULL DEFAULT 0,
  products_unchanged    integer NOT NULL DEFAULT 0,
  products_failed       integer NOT NULL DEFAULT 0,
  held_for_review       integer NOT NULL DEFAULT 0,
  history_rows          integer NOT NULL DEFAULT 0,
  failures_by_kind      jsonb NOT NULL DEFAULT '{}',
  bytes                 bigint NOT NULL DEFAULT 0,
  duration_ms           integer,
  error_message         text
);
CREATE INDEX scraper_runs_scraper_idx ON scraper_runs (scraper_id, created_at DESC, id);
-- At most one queued or running run per scraper ("Run now" on a busy scraper answers that run).
CREATE UNIQUE INDEX scraper_runs_one_active_idx ON scraper_runs (scraper_id) WHERE status IN ('queued', 'running');
CREATE INDEX scraper_runs_running_idx ON scraper_runs (heartbeat_at) WHERE status = 'running';

ALTER TABLE scrapers ADD CONSTRAINT scrapers_last_run_fk FOREIGN KEY (last_run_id) REFERENCES scraper_runs (id) ON DELETE SET NULL;

-- A page a run could not use: its address, the kind of failure and the reason in words.
-- A price held for review is one too (kind held_for_review), with the prices in `details`.
CREATE TABLE scraper_run_failures (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  run_id      uuid NOT NULL REFERENCES scraper_runs (id) ON DELETE CASCADE,
  url         text NOT NULL,
  kind        text NOT NULL,
  reason      text NOT NULL,
  details     jsonb,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX scraper_run_failures_run_idx ON scraper_run_failures (run_id, id);

-- Competitor products as scraped: the canonical address (unique per competitor), the validators
-- of the last response for conditional requests, and the scraper that last saw them.
ALTER TABLE competitor_products
  ADD COLUMN canonical_url text,
  ADD COLUMN etag text,
  ADD COLUMN last_modified text;
CREATE UNIQUE INDEX competitor_products_canonical_url_idx ON competitor_products (competitor_id, canonical_url) WHERE canonical_url IS NOT NULL;

-- Price history as changes: a row when price, currency or availability changes (earlier rows,
-- from CSV imports, carry no currency or availability).
ALTER TABLE competitor_price_history
  ADD COLUMN currency char(3),
  ADD COLUMN availability text;
