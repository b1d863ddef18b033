-- The products without a lowest competitor price are a subset of those without a price position
-- (the position is computed from that price, and is empty without it), so the lowest competitor
-- price's sort reads its tail (products without the value, by id) from the position's tail index
-- with one more condition (product-query.ts, NULLABLE_SORTS), and its own tail index goes. The
-- position's tail index carries the lowest competitor price, so that condition, like the
-- filters, is decided from the index alone.
-- Why: a new product has neither value, so that index held every product a feed import adds,
-- and an import that builds the products indexes again built it over the whole table (1,000,000
-- products: 1.5-2.1 s on PostgreSQL, ~3 s on PGlite); every other write of the two columns
-- maintained both.
DROP INDEX products_website_no_competitor_min_idx;
DROP INDEX products_website_no_position_idx;
CREATE INDEX products_website_no_position_idx ON products (organization_website_id, id)
  INCLUDE (brand, category, matched_count, waiting_count, competitor_min_price) WHERE price_difference_percent IS NULL;
