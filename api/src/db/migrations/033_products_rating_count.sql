-- The diff rating filters count their products from this index alone: with the column the
-- expression is computed from in the index, the count is an index-only scan (PGlite, 10,001
-- of 100,000 products: ~6 ms) instead of reading every matching row (~37 ms).
-- Valid on PostgreSQL 15 and on PGlite (PostgreSQL 18).
DROP INDEX IF EXISTS products_website_abs_position_idx;
CREATE INDEX products_website_abs_position_idx ON products (organization_website_id, abs(price_difference_percent)) INCLUDE (price_difference_percent);
