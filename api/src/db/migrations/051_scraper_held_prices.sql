-- Prices a scraper run held for review (api/src/monitoring/README.md, "Held prices"): the price
-- jumped by more than the scraper allows, so it was not written. An Admin accepts it (the
-- competitor product takes the price, a history row is written) or rejects it; the row keeps the
-- decision, who made it and when. At most one pending hold per competitor product: a newer hold,
-- or a price change written meanwhile, supersedes the older one.
CREATE TABLE scraper_held_prices (
  id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  scraper_id             uuid NOT NULL REFERENCES scrapers (id) ON DELETE CASCADE,
  run_id                 uuid REFERENCES scraper_runs (id) ON DELETE SET NULL,
  competitor_product_id  uuid NOT NULL REFERENCES competitor_products (id) ON DELETE CASCADE,
  url                    text NOT NULL,
  previous_price         numeric(12, 2),
  previous_currency      char(3),
  price                  numeric(12, 2) NOT NULL CHECK (price >= 0),
  currency               char(3) NOT NULL,
  availability           text NOT NULL,
  status                 text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected', 'superseded')),
  created_at             timestamptz NOT NULL DEFAULT now(),
  decided_at             timestamptz,
  decided_by             text
);
CREATE UNIQUE INDEX scraper_held_prices_pending_idx ON scraper_held_prices (competitor_product_id) WHERE status = 'pending';
CREATE INDEX scraper_held_prices_scraper_idx ON scraper_held_prices (scraper_id, status, created_at DESC, id);
