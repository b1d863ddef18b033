-- The products list's sorts on a column a product may lack (price, lowest competitor price,
-- price position) read the products with the value from one partial index of the column, in
-- either direction, and those without it (last both ways, by id) from a partial index of their
-- own (product-query.ts, `firstInOrder`): three pairs instead of six full indexes, and the
-- diff rating's index holds the rated products only.
-- Why: a new product has no competitor price and no position, so the indexes of those columns
-- never hold it, and a feed import that builds the products indexes again keeps them as they
-- are (feeds/import.ts, keptPartialIndexes). Measured before this migration, 300,000 new
-- products: the five indexes took 3.3 s of 10.5 s of index builds on PostgreSQL, 6.2 s of 18.6 s
-- on PGlite. Valid on PostgreSQL 15 and on PGlite (PostgreSQL 18).
DROP INDEX products_website_price_idx;
DROP INDEX products_website_price_desc_idx;
DROP INDEX products_website_competitor_min_idx;
DROP INDEX products_website_competitor_min_desc_idx;
DROP INDEX products_website_position_idx;
DROP INDEX products_website_position_desc_idx;
DROP INDEX products_website_abs_position_idx;
CREATE INDEX products_website_price_idx ON products (organization_website_id, price, id)
  INCLUDE (brand, category, matched_count, waiting_count) WHERE price IS NOT NULL;
CREATE INDEX products_website_no_price_idx ON products (organization_website_id, id)
  INCLUDE (brand, category, matched_count, waiting_count) WHERE price IS NULL;
CREATE INDEX products_website_competitor_min_idx ON products (organization_website_id, competitor_min_price, id)
  INCLUDE (brand, category, matched_count, waiting_count) WHERE competitor_min_price IS NOT NULL;
CREATE INDEX products_website_no_competitor_min_idx ON products (organization_website_id, id)
  INCLUDE (brand, category, matched_count, waiting_count) WHERE competitor_min_price IS NULL;
CREATE INDEX products_website_position_idx ON products (organization_website_id, price_difference_percent, id)
  INCLUDE (brand, category, matched_count, waiting_count) WHERE price_difference_percent IS NOT NULL;
CREATE INDEX products_website_no_position_idx ON products (organization_website_id, id)
  INCLUDE (brand, category, matched_count, waiting_count) WHERE price_difference_percent IS NULL;
CREATE INDEX products_website_abs_position_idx ON products (organization_website_id, abs(price_difference_percent))
  INCLUDE (price_difference_percent) WHERE price_difference_percent IS NOT NULL;
-- A partial index's statistics are not the table's: the planner's estimates of the diff rating
-- filters (abs of the position) come from these instead, as they came from the full index.
CREATE STATISTICS products_abs_position_stats ON (abs(price_difference_percent)) FROM products;
