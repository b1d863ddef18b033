-- The catalogue (DESIGN §4): a shop's products (from its feeds), its competitors, what the
-- scrapers (or CSV imports) saw at each competitor, and the matches between the two.
-- Valid on PostgreSQL 15 and on PGlite (PostgreSQL 18).

-- A shop's product, identified within its website by the feed's item id.
CREATE TABLE products (
  id                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_website_id  uuid NOT NULL REFERENCES organization_websites (id) ON DELETE CASCADE,
  item_id                  text NOT NULL CHECK (length(item_id) BETWEEN 1 AND 200),
  name                     text NOT NULL CHECK (length(name) BETWEEN 1 AND 500),
  brand                    text,
  -- GTIN normalized to 14 digits with a valid check digit (NULL when absent or invalid).
  gtin                     text CHECK (gtin ~ '^[0-9]{14}$'),
  mpn                      text,
  category                 text,
  price                    numeric(12, 2) CHECK (price >= 0),
  cost                     numeric(12, 2) CHECK (cost >= 0),
  currency                 char(3) NOT NULL DEFAULT 'CZK',
  stock                    integer,
  url                      text,
  image_url                text,
  -- A product missing from a new full import becomes inactive, never deleted.
  active                   boolean NOT NULL DEFAULT true,
  created_at               timestamptz NOT NULL DEFAULT now(),
  updated_at               timestamptz NOT NULL DEFAULT now(),
  -- Rollups of the product's MATCHED competitor products, refreshed by every write that changes
  -- them, so the products list never aggregates at read time (DESIGN §5).
  competitor_min_price     numeric(12, 2),
  competitor_avg_price     numeric(12, 2),
  competitor_seen_at       timestamptz,
  matched_count            integer NOT NULL DEFAULT 0,
  waiting_count            integer NOT NULL DEFAULT 0,
  UNIQUE (organization_website_id, item_id)
);
CREATE INDEX products_website_name_idx ON products (organization_website_id, name, id);
CREATE INDEX products_website_brand_idx ON products (organization_website_id, brand, name, id);
CREATE INDEX products_website_gtin_idx ON products (organization_website_id, gtin);
CREATE INDEX products_name_trgm_idx ON products USING gin (name gin_trgm_ops);

-- A competitor of one organization website.
CREATE TABLE competitors (
  id                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_website_id  uuid NOT NULL REFERENCES organization_websites (id) ON DELETE CASCADE,
  name                     text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  url                      text NOT NULL CHECK (url ~ '^https?://'),
  -- automatic: a candidate above the automatic threshold is matched at once;
  -- confirmation: it waits in the match confirmation queue.
  matching_mode            text NOT NULL DEFAULT 'confirmation' CHECK (matching_mode IN ('automatic', 'confirmation')),
  active                   boolean NOT NULL DEFAULT true,
  scraping_frequency       text NOT NULL DEFAULT 'daily' CHECK (scraping_frequency IN ('hourly', 'daily', 'weekly')),
  created_at               timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organization_website_id, url)
);

-- A product as seen at a competitor.
CREATE TABLE competitor_products (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  competitor_id  uuid NOT NULL REFERENCES competitors (id) ON DELETE CASCADE,
  external_id    text NOT NULL CHECK (length(external_id) BETWEEN 1 AND 200),
  name           text NOT NULL CHECK (length(name) BETWEEN 1 AND 500),
  brand          text,
  gtin           text CHECK (gtin ~ '^[0-9]{14}$'),
  mpn            text,
  price          numeric(12, 2) CHECK (price >= 0),
  currency       char(3) NOT NULL DEFAULT 'CZK',
  availability   text CHECK (availability IN ('in_stock', 'out_of_stock', 'preorder', 'unknown')),
  url            text,
  seen_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (competitor_id, external_id)
);
CREATE INDEX competitor_products_gtin_idx ON competitor_products (competitor_id, gtin);
-- Name candidates within a brand: KNN on a GiST trigram index (DESIGN §5: 3-5 ms at 1M rows).
CREATE INDEX competitor_products_brand_name_gist_idx ON competitor_products USING gist (competitor_id, lower(coalesce(brand, '')), name gist_trgm_ops);

-- Every price a competitor product was seen at.
CREATE TABLE competitor_price_history (
  competitor_product_id  uuid NOT NULL REFERENCES competitor_products (id) ON DELETE CASCADE,
  seen_at                timestamptz NOT NULL,
  price                  numeric(12, 2) NOT NULL CHECK (price >= 0),
  PRIMARY KEY (competitor_product_id, seen_at)
);

-- A product x competitor product pair and where it stands. The transitions between statuses are
-- one state machine in the API (matching issue); `version` guards against stale decisions.
CREATE TABLE product_matches (
  id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id             uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  competitor_product_id  uuid NOT NULL REFERENCES competitor_products (id) ON DELETE CASCADE,
  status                 text NOT NULL DEFAULT 'WAITING' CHECK (status IN ('WAITING', 'MATCHED', 'NEVER_MATCH', 'SKIPPED', 'EXPIRED')),
  score                  real CHECK (score BETWEEN 0 AND 1),
  evidence               jsonb NOT NULL DEFAULT '{}',
  version                integer NOT NULL DEFAULT 1,
  updated_at             timestamptz NOT NULL DEFAULT now(),
  UNIQUE (product_id, competitor_product_id)
);
CREATE INDEX product_matches_competitor_product_idx ON product_matches (competitor_product_id);
CREATE INDEX product_matches_status_idx ON product_matches (status, product_id);
