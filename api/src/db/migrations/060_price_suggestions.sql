-- Price suggestions (issue 15; api/src/pricing/README.md): MAP and RRP on products (cost exists),
-- the rules of a website, the current suggestion of each product with its explanation and
-- review, the review log, and what is waiting to be recomputed. Valid on PostgreSQL 15 and on
-- PGlite (PostgreSQL 18).

-- 1. From the product feed (new mappable columns map and rrp, api/src/feeds/fields.ts).
ALTER TABLE products
  ADD COLUMN map numeric(12, 2) CHECK (map >= 0),
  ADD COLUMN rrp numeric(12, 2) CHECK (rrp >= 0);

-- 2. Rules. The first ACTIVE rule by priority (1 first) that selects a product decides its
--    suggestion. The editor's sections are kept as JSON documents the API validates
--    (pricing/rules/validate.ts); the engine reads them as they are.
CREATE TABLE price_rules (
  id                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_website_id  uuid NOT NULL REFERENCES organization_websites (id) ON DELETE CASCADE,
  name                     text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  status                   text NOT NULL CHECK (status IN ('ACTIVE', 'INACTIVE', 'DRAFT')),
  priority                 integer NOT NULL CHECK (priority >= 1),
  products                 jsonb NOT NULL,
  competitors              jsonb NOT NULL,
  strategy                 jsonb NOT NULL,
  bounds                   jsonb NOT NULL,
  rounding                 jsonb NOT NULL,
  created_at               timestamptz NOT NULL DEFAULT now(),
  updated_at               timestamptz NOT NULL DEFAULT now(),
  -- Who last edited it; a deleted user's e-mail stays.
  updated_by               text REFERENCES app_users (id) ON DELETE SET NULL,
  updated_by_email         text,
  -- Deferrable: a reorder swaps priorities within one transaction.
  CONSTRAINT price_rules_priority_unique UNIQUE (organization_website_id, priority) DEFERRABLE INITIALLY IMMEDIATE
);

-- 3. The current suggestion of a product (only products an ACTIVE rule selects have one).
CREATE TABLE price_suggestions (
  product_id               uuid PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  organization_website_id  uuid NOT NULL REFERENCES organization_websites (id) ON DELETE CASCADE,
  rule_id                  uuid REFERENCES price_rules (id) ON DELETE SET NULL,
  current_price            numeric(12, 2),
  suggested_price          numeric(12, 2),
  change                   numeric(12, 2),
  change_percent           numeric(12, 2),
  currency                 char(3) NOT NULL,
  outcome                  text NOT NULL CHECK (outcome IN ('CHANGE_SUGGESTED', 'WITHIN_TOLERANCE', 'HELD_BY_FLOOR', 'HELD_BY_CEILING', 'NO_COMPETITOR_DATA')),
  -- [{code, price, competitors, ...}] (engine/types.ts ExplanationStep).
  explanation              jsonb NOT NULL,
  -- A new suggested price puts an ACCEPTED or REJECTED suggestion back to PENDING.
  review                   text NOT NULL DEFAULT 'PENDING' CHECK (review IN ('PENDING', 'ACCEPTED', 'REJECTED')),
  reviewed_by              text REFERENCES app_users (id) ON DELETE SET NULL,
  reviewed_by_email        text,
  reviewed_at              timestamptz,
  -- When the suggestion last changed.
  computed_at              timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX price_suggestions_website_change_idx ON price_suggestions (organization_website_id, change_percent, product_id);
CREATE INDEX price_suggestions_website_product_idx ON price_suggestions (organization_website_id, product_id);
CREATE INDEX price_suggestions_website_review_idx ON price_suggestions (organization_website_id, review, product_id);
CREATE INDEX price_suggestions_rule_idx ON price_suggestions (rule_id);

-- 4. Who accepted or rejected what, and when.
CREATE TABLE price_suggestion_log (
  id                       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_website_id  uuid NOT NULL REFERENCES organization_websites (id) ON DELETE CASCADE,
  product_id               uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  decision                 text NOT NULL CHECK (decision IN ('ACCEPT', 'REJECT', 'RESET')),
  suggested_price          numeric(12, 2),
  current_price            numeric(12, 2),
  currency                 char(3) NOT NULL,
  rule_id                  uuid REFERENCES price_rules (id) ON DELETE SET NULL,
  rule_name                text,
  actor_id                 text REFERENCES app_users (id) ON DELETE SET NULL,
  actor_email              text,
  decided_at               timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX price_suggestion_log_website_idx ON price_suggestion_log (organization_website_id, id DESC);
CREATE INDEX price_suggestion_log_product_idx ON price_suggestion_log (product_id, id DESC);

-- 5. What waits to be recomputed: single products (a price, cost or match changed) and whole
--    websites (a rule changed, a full recompute was asked for, or one statement changed more
--    than 5,000 rows). Worked by pricing/recompute.ts; safe with several workers (SKIP LOCKED).
CREATE TABLE price_suggestion_dirty (
  product_id               uuid PRIMARY KEY,
  organization_website_id  uuid NOT NULL,
  marked_at                timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX price_suggestion_dirty_marked_idx ON price_suggestion_dirty (marked_at);

CREATE TABLE price_suggestion_recomputes (
  organization_website_id  uuid PRIMARY KEY REFERENCES organization_websites (id) ON DELETE CASCADE,
  state                    text NOT NULL CHECK (state IN ('QUEUED', 'RUNNING', 'DONE', 'FAILED')),
  requested_at             timestamptz NOT NULL DEFAULT now(),
  started_at               timestamptz,
  finished_at              timestamptz,
  products                 integer,
  error                    text
);
CREATE INDEX price_suggestion_recomputes_queued_idx ON price_suggestion_recomputes (requested_at) WHERE state = 'QUEUED';

-- 6. The price feed answers 403 (not 401) to a key that was the website's once: rotated keys are
--    kept as SHA-256 digests (never the key itself).
CREATE TABLE price_feed_revoked_keys (
  key_digest               bytea PRIMARY KEY,
  organization_website_id  uuid NOT NULL REFERENCES organization_websites (id) ON DELETE CASCADE,
  revoked_at               timestamptz NOT NULL DEFAULT now()
);
CREATE FUNCTION price_feed_key_rotated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO price_feed_revoked_keys (key_digest, organization_website_id)
    VALUES (sha256(convert_to(OLD.api_key, 'UTF8')), OLD.id) ON CONFLICT (key_digest) DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER price_feed_key_rotated AFTER UPDATE OF api_key ON organization_websites
  FOR EACH ROW WHEN (OLD.api_key IS DISTINCT FROM NEW.api_key AND OLD.api_key IS NOT NULL) EXECUTE FUNCTION price_feed_key_rotated();

-- What changes a suggestion, marked by statement-level triggers (a bulk write is one statement):
-- a product's price, cost, MAP, RRP, stock, brand, category or activity (products), a matched
-- competitor price, availability or date (competitor_products), a match made or undone
-- (product_matches). Only websites with an ACTIVE rule are marked (others have nothing to
-- compute). A statement of more than 5,000 rows (a feed import, a scrape) queues its websites
-- whole instead of marking each product. The mark's time moves on every new change, so a worker
-- that read a product before the change keeps the mark (pricing/recompute.ts).
CREATE FUNCTION price_suggestions_queue(website_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO price_suggestion_recomputes AS r (organization_website_id, state, requested_at)
    SELECT DISTINCT w, 'QUEUED', clock_timestamp() FROM unnest(website_ids) AS w
     WHERE EXISTS (SELECT 1 FROM price_rules pr WHERE pr.organization_website_id = w AND pr.status = 'ACTIVE')
    ON CONFLICT (organization_website_id) DO UPDATE
      SET requested_at = clock_timestamp(), state = CASE WHEN r.state = 'RUNNING' THEN 'RUNNING' ELSE 'QUEUED' END;
$$;

CREATE FUNCTION price_suggestions_mark(product_ids uuid[], website_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO price_suggestion_dirty AS d (product_id, organization_website_id, marked_at)
    SELECT DISTINCT ON (c.p) c.p, c.w, clock_timestamp() FROM unnest(product_ids, website_ids) AS c (p, w)
     WHERE EXISTS (SELECT 1 FROM price_rules pr WHERE pr.organization_website_id = c.w AND pr.status = 'ACTIVE')
    ON CONFLICT (product_id) DO UPDATE SET marked_at = clock_timestamp();
$$;

CREATE FUNCTION price_suggestions_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM price_rules WHERE status = 'ACTIVE') THEN RETURN NULL; END IF;
  IF (SELECT count(*) FROM changed_products) > 5000 THEN
    PERFORM price_suggestions_queue(ARRAY(SELECT DISTINCT organization_website_id FROM changed_products));
  ELSE
    PERFORM price_suggestions_mark(ARRAY(SELECT id FROM changed_products), ARRAY(SELECT organization_website_id FROM changed_products));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER price_suggestions_products_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION price_suggestions_products_changed();
CREATE TRIGGER price_suggestions_products_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION price_suggestions_products_changed();

CREATE FUNCTION price_suggestions_competitor_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  products_changed uuid[];
  websites uuid[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM price_rules WHERE status = 'ACTIVE') THEN RETURN NULL; END IF;
  IF (SELECT count(*) FROM changed_competitor_products) > 5000 THEN
    PERFORM price_suggestions_queue(ARRAY(SELECT DISTINCT co.organization_website_id FROM changed_competitor_products c JOIN competitors co ON co.id = c.competitor_id));
  ELSE
    SELECT array_agg(m.product_id), array_agg(co.organization_website_id) INTO products_changed, websites
      FROM changed_competitor_products c
      JOIN product_matches m ON m.competitor_product_id = c.id AND m.status = 'MATCHED'
      JOIN competitors co ON co.id = c.competitor_id;
    IF products_changed IS NOT NULL THEN PERFORM price_suggestions_mark(products_changed, websites); END IF;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER price_suggestions_competitor_products_update AFTER UPDATE ON competitor_products
  REFERENCING NEW TABLE AS changed_competitor_products FOR EACH STATEMENT EXECUTE FUNCTION price_suggestions_competitor_products_changed();

-- A match's rows before (delete, update) or after (insert, update) the statement; a row that
-- is not MATCHED on either side changes nothing.
CREATE FUNCTION price_suggestions_matches_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  products_changed uuid[];
  websites uuid[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM price_rules WHERE status = 'ACTIVE') THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(m.product_id), array_agg(co.organization_website_id) INTO products_changed, websites
      FROM (SELECT product_id, competitor_id FROM changed_matches WHERE status = 'MATCHED'
            UNION SELECT product_id, competitor_id FROM previous_matches WHERE status = 'MATCHED') m
      JOIN competitors co ON co.id = m.competitor_id;
  ELSE
    SELECT array_agg(m.product_id), array_agg(co.organization_website_id) INTO products_changed, websites
      FROM changed_matches m JOIN competitors co ON co.id = m.competitor_id WHERE m.status = 'MATCHED';
  END IF;
  IF products_changed IS NULL THEN RETURN NULL; END IF;
  IF cardinality(products_changed) > 5000 THEN
    PERFORM price_suggestions_queue(ARRAY(SELECT DISTINCT w FROM unnest(websites) AS w));
  ELSE
    PERFORM price_suggestions_mark(products_changed, websites);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER price_suggestions_matches_insert AFTER INSERT ON product_matches
  REFERENCING NEW TABLE AS changed_matches FOR EACH STATEMENT EXECUTE FUNCTION price_suggestions_matches_changed();
CREATE TRIGGER price_suggestions_matches_update AFTER UPDATE ON product_matches
  REFERENCING OLD TABLE AS previous_matches NEW TABLE AS changed_matches FOR EACH STATEMENT EXECUTE FUNCTION price_suggestions_matches_changed();
CREATE TRIGGER price_suggestions_matches_delete AFTER DELETE ON product_matches
  REFERENCING OLD TABLE AS changed_matches FOR EACH STATEMENT EXECUTE FUNCTION price_suggestions_matches_changed();
