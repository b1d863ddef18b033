-- Data insights at any tolerance from the rollups (api/src/insights/README.md, "Tolerance").
--
-- The cells and brand rows keep cheaper / same / pricier at the default tolerance (1 %, 10
-- tenths). Another tolerance t (0..50 % in steps of 0.1) moves only the pairs (or products) whose
-- difference lies between the two: with t above 1 %, those with |difference| in 11..t leave
-- cheaper or pricier for same; below, those in t+1..10 leave same. So the rollups keep, per
-- cell (and per brand row against the market), how many pairs have each difference in tenths —
-- beyond ±50 % clamped to ±501, which every tolerance counts the same — and a request at
-- tolerance t reads the default counts plus the rows of the band between t and 1 % (index on
-- website and difference), instead of every pair with its products.

CREATE TABLE insight_cell_differences (
  organization_website_id  uuid NOT NULL,
  competitor_id            uuid NOT NULL,
  brand                    text NOT NULL,
  category                 text NOT NULL,
  difference               smallint NOT NULL,
  pairs                    integer NOT NULL,
  PRIMARY KEY (organization_website_id, competitor_id, brand, category, difference)
);
CREATE INDEX insight_cell_differences_band_idx ON insight_cell_differences (organization_website_id, difference);

CREATE TABLE insight_brand_differences (
  organization_website_id  uuid NOT NULL,
  brand                    text NOT NULL,
  category                 text NOT NULL,
  difference               smallint NOT NULL,
  products                 integer NOT NULL,
  PRIMARY KEY (organization_website_id, brand, category, difference)
);
CREATE INDEX insight_brand_differences_band_idx ON insight_brand_differences (organization_website_id, difference);

-- A difference in tenths as the histograms key it.
CREATE FUNCTION insight_difference_bucket(tenths integer) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT greatest(-501, least(501, tenths))::smallint
$$;

CREATE OR REPLACE FUNCTION insight_cells_apply(changes insight_pair_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changes IS NULL OR cardinality(changes) = 0 THEN RETURN; END IF;
  PERFORM insight_close_days();
  PERFORM insight_lock_websites(ARRAY(SELECT ch.organization_website_id FROM unnest(changes) AS ch));
  PERFORM insight_cells_apply_locked(changes);
  INSERT INTO insight_cell_differences AS h (organization_website_id, competitor_id, brand, category, difference, pairs)
  SELECT x.organization_website_id, x.competitor_id, x.brand, x.category, insight_difference_bucket(x.d), sum(x.sign)
    FROM (SELECT ch.organization_website_id, ch.competitor_id, ch.brand, ch.category, ch.sign,
                 insight_difference_tenths(ch.own, ch.price_sum / nullif(ch.priced, 0)) AS d
            FROM unnest(changes) AS ch) x
   WHERE x.d IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5 HAVING sum(x.sign) <> 0
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (organization_website_id, competitor_id, brand, category, difference) DO UPDATE SET pairs = h.pairs + excluded.pairs;
END $$;

CREATE OR REPLACE FUNCTION insight_brands_apply(changes insight_product_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changes IS NULL OR cardinality(changes) = 0 THEN RETURN; END IF;
  PERFORM insight_lock_websites(ARRAY(SELECT ch.organization_website_id FROM unnest(changes) AS ch));
  PERFORM insight_brands_apply_locked(changes);
  INSERT INTO insight_brand_differences AS h (organization_website_id, brand, category, difference, products)
  SELECT x.organization_website_id, x.brand, x.category, insight_difference_bucket(x.d), sum(x.sign)
    FROM (SELECT ch.organization_website_id, ch.brand, ch.category, ch.sign, insight_difference_tenths(ch.own, ch.market) AS d
            FROM unnest(changes) AS ch) x
   WHERE x.d IS NOT NULL
   GROUP BY 1, 2, 3, 4 HAVING sum(x.sign) <> 0
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (organization_website_id, brand, category, difference) DO UPDATE SET products = h.products + excluded.products;
END $$;

-- The recount from scratch covers the histograms (from the rollups' own sources).
ALTER FUNCTION insight_rebuild(uuid) RENAME TO insight_rebuild_rollups;
CREATE FUNCTION insight_rebuild(website uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_rebuild_rollups(website);
  DELETE FROM insight_cell_differences WHERE organization_website_id = website;
  DELETE FROM insight_brand_differences WHERE organization_website_id = website;
  INSERT INTO insight_cell_differences (organization_website_id, competitor_id, brand, category, difference, pairs)
  SELECT website, pr.competitor_id, coalesce(p.brand, ''), coalesce(p.category, ''),
         insight_difference_bucket(insight_difference_tenths(p.price, pr.price_sum / nullif(pr.priced, 0))) AS d, count(*)
    FROM insight_pairs pr JOIN products p ON p.id = pr.product_id AND p.active
   WHERE pr.organization_website_id = website AND insight_difference_tenths(p.price, pr.price_sum / nullif(pr.priced, 0)) IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO insight_brand_differences (organization_website_id, brand, category, difference, products)
  SELECT website, coalesce(p.brand, ''), coalesce(p.category, ''),
         insight_difference_bucket(insight_difference_tenths(p.price, p.competitor_avg_price)) AS d, count(*)
    FROM products p
   WHERE p.organization_website_id = website AND p.active AND insight_difference_tenths(p.price, p.competitor_avg_price) IS NOT NULL
   GROUP BY 1, 2, 3, 4;
END $$;

CREATE FUNCTION insight_differences_websites_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insight_cell_differences WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_brand_differences WHERE organization_website_id IN (SELECT id FROM old_websites);
  RETURN NULL;
END $$;
CREATE TRIGGER insight_differences_websites_deleted AFTER DELETE ON organization_websites
  REFERENCING OLD TABLE AS old_websites FOR EACH STATEMENT EXECUTE FUNCTION insight_differences_websites_deleted();

SELECT insight_rebuild(id) FROM organization_websites;
