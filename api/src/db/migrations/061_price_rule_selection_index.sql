-- The affected count and preview of a price rule being edited (api/src/pricing/store/selection-sql.ts)
-- filter a website's products by brand and category case-insensitively (lower(...) = ANY), by own
-- price and stock, active only. No index served lower(brand) / lower(category), so every count
-- read all of the website's products from the table. This one answers a brand or category filter
-- from its range and the other conditions from the index alone (index-only scan: it carries the
-- raw brand and category as well, which the conditions' expressions are computed from).
-- Measured with `npm run bench:suggestions` (api/src/pricing/README.md, "Benchmark").
-- Cost: one more index for product writes to maintain and for a rebuilding feed import to build.
CREATE INDEX products_price_rule_selection_idx ON products (organization_website_id, (lower(brand)), (lower(category)), price)
  INCLUDE (stock, active, brand, category);
