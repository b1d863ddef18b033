-- Data insights: the competitor-subset pass reads a narrow copy of the counted products
-- (api/src/insights/README.md, "The subset pass reads a narrow table (108)"; the store's brandSums).
--
-- The pass reads, per counted product, its brand (and category for a filter), its own price in
-- cents and its packed sums (105). In insight_products_counted those sit among the product's
-- counted state and its three per-competitor arrays (~720 bytes a row at ten competitors), and the
-- packed column is the last of twelve: the scan deformed every row up to it (at 100,000 products
-- the scan with the element reads was about half of the statement's ~95 ms). This table holds the
-- five columns the pass reads, fixed-width first (~140 bytes a row), written by triggers on
-- insight_products_counted, so every writer of it (the fold, the recount, a website's deletion)
-- keeps the copy without knowing of it; an update that changes none of the five writes nothing.

CREATE TABLE insight_products_packed (
  product_id               uuid PRIMARY KEY,
  organization_website_id  uuid NOT NULL,
  price_cents              bigint,
  pair_packed              bigint[],
  brand                    text NOT NULL,
  category                 text NOT NULL
);
CREATE INDEX insight_products_packed_website_idx ON insight_products_packed (organization_website_id);

CREATE FUNCTION insight_products_packed_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_products_packed AS k (product_id, organization_website_id, price_cents, pair_packed, brand, category)
  SELECT n.product_id, n.organization_website_id, n.price_cents, n.pair_packed, n.brand, n.category FROM new_rows n ORDER BY 1
  ON CONFLICT (product_id) DO UPDATE
    SET organization_website_id = excluded.organization_website_id, price_cents = excluded.price_cents,
        pair_packed = excluded.pair_packed, brand = excluded.brand, category = excluded.category
    WHERE (k.organization_website_id, k.price_cents, k.pair_packed, k.brand, k.category)
          IS DISTINCT FROM (excluded.organization_website_id, excluded.price_cents, excluded.pair_packed, excluded.brand, excluded.category);
  RETURN NULL;
END $$;

CREATE FUNCTION insight_products_packed_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insight_products_packed k USING old_rows o WHERE k.product_id = o.product_id;
  RETURN NULL;
END $$;

CREATE TRIGGER insight_products_packed_inserted AFTER INSERT ON insight_products_counted
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_products_packed_written();
CREATE TRIGGER insight_products_packed_updated AFTER UPDATE ON insight_products_counted
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_products_packed_written();
CREATE TRIGGER insight_products_packed_deleted AFTER DELETE ON insight_products_counted
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_products_packed_deleted();

INSERT INTO insight_products_packed (product_id, organization_website_id, price_cents, pair_packed, brand, category)
SELECT product_id, organization_website_id, price_cents, pair_packed, brand, category FROM insight_products_counted;
