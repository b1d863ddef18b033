-- Prices far apart: no figure derived from two prices overflows its type (api/src/insights/README.md,
-- "Rules").
--
-- Prices are numeric(12, 2), from 0.01 to 9,999,999,999.99, so one price can be 10^12 times
-- another: an offer scraped at 0.01 against an own price of 25,000.00 is 2.5 million times. Three
-- derived figures had narrower types and failed the statement that wrote them, with the write
-- that caused it:
-- - products.price_difference_percent (021) and the matching queue's price gap, on the queue row
--   and on the product (040), were numeric(9, 2): at 100,000 times (own 1,000.01 against 0.01,
--   10,000,000 %) refresh_product_rollups failed, and with it a scraper run's batch, a match
--   decision and an Admin's approval of a held price; refresh_matching_queue likewise, and with
--   it the matching of a competitor's new offers. numeric(18, 2) holds the widest gap
--   ((9,999,999,999.99 − 0.01) × 100 ÷ 0.01, fifteen integer digits).
-- - insight_difference_tenths (090) cast (own ÷ competitor − 1) × 1000 to integer: at ~2,147,484
--   times the fold failed, and every fold after it (its notes stay for the next), so the insights
--   of every website stopped moving; the products list's comparison filters and the brand
--   snapshot against a subset of competitors failed likewise. Every reader of the difference
--   compares it with a tolerance of at most 500 tenths or clamps it to ±501 (the histograms), and
--   it is never below −1000 (prices are not negative), so the largest integer stands for any larger
--   difference without changing a figure; insight_difference_tenths_cents (100) calls this function
--   outside its own bounds.

ALTER TABLE products ALTER COLUMN price_difference_percent TYPE numeric(18, 2);
ALTER TABLE products ALTER COLUMN queue_price_gap TYPE numeric(18, 2);
ALTER TABLE matching_queue ALTER COLUMN price_gap TYPE numeric(18, 2);

CREATE OR REPLACE FUNCTION insight_difference_tenths(own numeric, competitor numeric) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN own > 0 AND competitor > 0 THEN least(round((own / competitor - 1) * 1000), 2147483647)::integer END
$$;
