-- A competitor's price of 0 is no price (api/src/catalogue/README.md, "Competitor prices").
--
-- A scraper never stored one (a page showing 0 "shows no price": monitoring/run.ts), but the CSV
-- import of competitor products took "0 or more", and three readers then disagreed about it: the
-- insights left it out of a pair's index, products.competitor_min_price / competitor_avg_price
-- (the market of the products list, of the insights and of the matching queue) took it in, and
-- the pricing engine took it as the lowest price, suggesting 0.00 to a rule without a floor.
-- From here the columns hold prices from 0.01 only: what was stored at 0 is what "no price" is
-- everywhere else:
-- - an offer's current price of 0 becomes none (NULL, as an offer whose page shows no price), and
--   the rollups of the products it is matched to are refreshed (its own triggers mark the
--   suggestions and the insights);
-- - a recorded 0 in the price history is removed (a scraper records nothing for such a page): the
--   offers' start prices of the insights' periods are counted again and their pairs noted for
--   the next fold (their dynamics). Days already closed keep their points: a recount of them
--   (insight_backfill_days) would take today's own prices for every product of the website.
-- Nothing of this runs when no price of 0 is stored.

DO $$
DECLARE
  offers uuid[];
  starts date;
BEGIN
  WITH gone AS (DELETE FROM competitor_price_history WHERE price = 0 RETURNING competitor_product_id)
  SELECT array_agg(DISTINCT competitor_product_id) INTO offers FROM gone;
  IF offers IS NULL THEN RETURN; END IF;
  SELECT starts_for INTO starts FROM insight_state;
  IF starts IS NOT NULL THEN PERFORM insight_offer_starts_recount(offers, starts); END IF;
  INSERT INTO insight_changes (offer_id) SELECT unnest(offers);
END $$;

DO $$
DECLARE
  offers uuid[];
BEGIN
  WITH gone AS (UPDATE competitor_products SET price = NULL WHERE price = 0 RETURNING id)
  SELECT array_agg(id) INTO offers FROM gone;
  IF offers IS NULL THEN RETURN; END IF;
  PERFORM refresh_product_rollups(ARRAY(SELECT DISTINCT m.product_id FROM product_matches m
                                         WHERE m.competitor_product_id = ANY(offers)));
END $$;

ALTER TABLE competitor_products DROP CONSTRAINT competitor_products_price_check,
  ADD CONSTRAINT competitor_products_price_check CHECK (price > 0);
ALTER TABLE competitor_price_history DROP CONSTRAINT competitor_price_history_price_check,
  ADD CONSTRAINT competitor_price_history_price_check CHECK (price > 0);
