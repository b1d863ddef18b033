-- The products list sorts descending with products lacking the value last (price, competitor
-- minimum, price position): indexes in that order, walked forward. The ascending sorts use
-- those of 021 (ASC puts NULLs last already). Valid on PostgreSQL 15 and on PGlite.
CREATE INDEX products_website_price_desc_idx ON products (organization_website_id, price DESC NULLS LAST, id DESC);
CREATE INDEX products_website_competitor_min_desc_idx ON products (organization_website_id, competitor_min_price DESC NULLS LAST, id DESC);
CREATE INDEX products_website_position_desc_idx ON products (organization_website_id, price_difference_percent DESC NULLS LAST, id DESC);
