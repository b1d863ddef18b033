-- Price-comparison portals (aggregators) and how a shop's products are listed on them
-- (productsAggregators). Valid on PostgreSQL 15 and on PGlite (PostgreSQL 18).

-- A portal, shared by every organization (Heureka, Zboží.cz, Google Shopping, ...).
CREATE TABLE aggregators (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 200),
  url         text NOT NULL CHECK (url ~ '^https?://'),
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- One of our products as listed on one portal when it was last seen: how many shops offer it,
-- the lowest offer, where our offer ranks (1 = cheapest; NULL when we are not listed).
CREATE TABLE aggregator_listings (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id     uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  aggregator_id  uuid NOT NULL REFERENCES aggregators (id) ON DELETE CASCADE,
  offers_count   integer NOT NULL CHECK (offers_count >= 0),
  lowest_price   numeric(12, 2) CHECK (lowest_price >= 0),
  our_rank       integer CHECK (our_rank >= 1),
  url            text CHECK (url ~ '^https?://'),
  seen_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (product_id, aggregator_id)
);
CREATE INDEX aggregator_listings_aggregator_idx ON aggregator_listings (aggregator_id, product_id);
