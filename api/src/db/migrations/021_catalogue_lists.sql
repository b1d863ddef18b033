-- The catalogue's lists at 100,000 products and 1,000,000 competitor products per website
-- (products, competitors): what a page filters, sorts and counts on is kept on the row and
-- indexed, so no request aggregates matches or competitor products at read time.
-- Valid on PostgreSQL 15 and on PGlite (PostgreSQL 18).

-- 1. Price position on the product row: our price against the cheapest MATCHED competitor price
--    (competitor_min_price, a rollup of 020), in currency units and in percent of that price.
--    Generated, so every writer of price or of the rollup keeps it right without knowing of it.
ALTER TABLE products
  ADD COLUMN price_difference numeric(12, 2)
    GENERATED ALWAYS AS (price - competitor_min_price) STORED,
  ADD COLUMN price_difference_percent numeric(9, 2)
    GENERATED ALWAYS AS (CASE WHEN competitor_min_price > 0 THEN round((price - competitor_min_price) * 100 / competitor_min_price, 2) END) STORED;

-- Sorts (each within one website, id as the tie-breaker) and filters of the products list.
CREATE INDEX products_website_price_idx ON products (organization_website_id, price, id);
CREATE INDEX products_website_competitor_min_idx ON products (organization_website_id, competitor_min_price, id);
CREATE INDEX products_website_position_idx ON products (organization_website_id, price_difference_percent, id);
-- Diff rating filters are ranges of the absolute difference (thresholds live in the API).
CREATE INDEX products_website_abs_position_idx ON products (organization_website_id, abs(price_difference_percent));
CREATE INDEX products_website_category_idx ON products (organization_website_id, category, name, id);
-- Matching status filters in name order, and their counts, from small partial indexes.
CREATE INDEX products_website_matched_idx ON products (organization_website_id, name, id) WHERE matched_count > 0;
CREATE INDEX products_website_waiting_idx ON products (organization_website_id, name, id) WHERE waiting_count > 0;
CREATE INDEX products_website_unmatched_idx ON products (organization_website_id, name, id) WHERE matched_count = 0 AND waiting_count = 0;
-- Search by brand (substring, like the name).
CREATE INDEX products_brand_trgm_idx ON products USING gin (brand gin_trgm_ops);
-- A product's matches by status (product detail, rollup refresh).
CREATE INDEX product_matches_product_status_idx ON product_matches (product_id, status);

-- 2. The rollups of 020, refreshed for the given products from their MATCHED (price, seen at)
--    and WAITING (count) matches. Every writer of matches or competitor prices calls it with
--    the products it touched (the CSV import of competitor products does).
CREATE FUNCTION refresh_product_rollups(product_ids uuid[]) RETURNS integer LANGUAGE sql AS $$
  WITH stats AS (
    SELECT p.id,
           min(cp.price) FILTER (WHERE m.status = 'MATCHED') AS min_price,
           round(avg(cp.price) FILTER (WHERE m.status = 'MATCHED'), 2) AS avg_price,
           max(cp.seen_at) FILTER (WHERE m.status = 'MATCHED') AS seen_at,
           count(*) FILTER (WHERE m.status = 'MATCHED')::int AS matched,
           count(*) FILTER (WHERE m.status = 'WAITING')::int AS waiting
      FROM products p
      LEFT JOIN product_matches m ON m.product_id = p.id AND m.status IN ('MATCHED', 'WAITING')
      LEFT JOIN competitor_products cp ON cp.id = m.competitor_product_id
     WHERE p.id = ANY(product_ids)
     GROUP BY p.id
  ), changed AS (
    UPDATE products p
       SET competitor_min_price = s.min_price, competitor_avg_price = s.avg_price, competitor_seen_at = s.seen_at,
           matched_count = s.matched, waiting_count = s.waiting
      FROM stats s
     WHERE p.id = s.id
       AND (p.competitor_min_price, p.competitor_avg_price, p.competitor_seen_at, p.matched_count, p.waiting_count)
           IS DISTINCT FROM (s.min_price, s.avg_price, s.seen_at, s.matched, s.waiting)
    RETURNING 1
  )
  SELECT count(*)::int FROM changed
$$;

-- 3. On the competitor row: how many products it has and when data last came in, kept by
--    statement-level triggers (a bulk import is one update per competitor).
ALTER TABLE competitors
  ADD COLUMN products_count integer NOT NULL DEFAULT 0 CHECK (products_count >= 0),
  ADD COLUMN last_data_at timestamptz;
UPDATE competitors c
   SET products_count = s.n, last_data_at = s.seen
  FROM (SELECT competitor_id AS id, count(*)::int AS n, max(seen_at) AS seen FROM competitor_products GROUP BY 1) s
 WHERE c.id = s.id;

CREATE FUNCTION competitor_products_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE competitors c SET products_count = c.products_count + d.n, last_data_at = greatest(c.last_data_at, d.seen)
      FROM (SELECT competitor_id AS id, count(*)::int AS n, max(seen_at) AS seen FROM added_products GROUP BY 1) d
     WHERE c.id = d.id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE competitors c SET products_count = c.products_count - d.n
      FROM (SELECT competitor_id AS id, count(*)::int AS n FROM removed_products GROUP BY 1) d
     WHERE c.id = d.id;
  ELSE -- UPDATE: new data (seen_at) for existing products
    UPDATE competitors c SET last_data_at = greatest(c.last_data_at, d.seen)
      FROM (SELECT competitor_id AS id, max(seen_at) AS seen FROM changed_products GROUP BY 1) d
     WHERE c.id = d.id AND c.last_data_at IS DISTINCT FROM greatest(c.last_data_at, d.seen);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER competitor_products_counted_insert AFTER INSERT ON competitor_products
  REFERENCING NEW TABLE AS added_products FOR EACH STATEMENT EXECUTE FUNCTION competitor_products_counted();
CREATE TRIGGER competitor_products_counted_delete AFTER DELETE ON competitor_products
  REFERENCING OLD TABLE AS removed_products FOR EACH STATEMENT EXECUTE FUNCTION competitor_products_counted();
CREATE TRIGGER competitor_products_counted_update AFTER UPDATE ON competitor_products
  REFERENCING NEW TABLE AS changed_products FOR EACH STATEMENT EXECUTE FUNCTION competitor_products_counted();

-- The competitors list: one website's competitors in name order, searched by name.
CREATE INDEX competitors_website_name_idx ON competitors (organization_website_id, name, id);
