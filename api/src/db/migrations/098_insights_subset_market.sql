-- Data insights: the market against a subset of competitors from one compact row per product
-- (api/src/insights/README.md, "Grain").
--
-- A product's market against chosen competitors is Σ price sums ÷ Σ priced offers over its pairs
-- of those competitors (rounded to cents), which no per-competitor rollup adds up to. Until now a
-- request joined the counted products with their pairs of the chosen competitors (100,000
-- products and 200,000 pairs at the benchmark's size: seconds). Now each counted product keeps
-- its pairs' sums by competitor slot (a competitor's number within its website, from 1):
--   pair_offers[s]  offers of the pair with the competitor of slot s (0: no pair),
--   pair_priced[s]  its priced offers,
--   pair_cents[s]   its price sum in cents (prices have two decimals, so the sum is exact),
-- arrays as long as the product's highest slot with a pair. A subset's answer is one pass over
-- the website's counted products adding a few array elements per row; nothing is joined.
-- The fold keeps them: every pair it recounts and every product it counts again has its arrays
-- rebuilt from insight_pairs (under the website's lock the fold already holds).

CREATE TABLE insight_competitor_slots (
  competitor_id            uuid PRIMARY KEY,
  organization_website_id  uuid NOT NULL,
  slot                     integer NOT NULL,
  UNIQUE (organization_website_id, slot)
);

ALTER TABLE insight_products_counted
  ADD COLUMN pair_offers integer[] NOT NULL DEFAULT '{}',
  ADD COLUMN pair_priced integer[] NOT NULL DEFAULT '{}',
  ADD COLUMN pair_cents bigint[] NOT NULL DEFAULT '{}';

-- Gives every competitor with a pair of the given products a slot (the next numbers of its website).
CREATE FUNCTION insight_slots_assign(product_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO insight_competitor_slots (competitor_id, organization_website_id, slot)
  SELECT n.competitor_id, n.organization_website_id,
         coalesce((SELECT max(s.slot) FROM insight_competitor_slots s WHERE s.organization_website_id = n.organization_website_id), 0)
         + row_number() OVER (PARTITION BY n.organization_website_id ORDER BY n.competitor_id)
    FROM (SELECT DISTINCT pr.competitor_id, pr.organization_website_id
            FROM insight_pairs pr
           WHERE pr.product_id = ANY(product_ids)
             AND NOT EXISTS (SELECT 1 FROM insight_competitor_slots s WHERE s.competitor_id = pr.competitor_id)) n
   ORDER BY 1
  ON CONFLICT DO NOTHING
$$;

-- Rebuilds the arrays of the given counted products from their pairs.
CREATE FUNCTION insight_slots_refresh(product_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF product_ids IS NULL OR cardinality(product_ids) = 0 THEN RETURN; END IF;
  PERFORM insight_slots_assign(product_ids);
  WITH ps AS (
    SELECT pr.product_id, s.slot, pr.offers, pr.priced, (coalesce(pr.price_sum, 0) * 100)::bigint AS cents
      FROM insight_pairs pr JOIN insight_competitor_slots s ON s.competitor_id = pr.competitor_id
     WHERE pr.product_id = ANY(product_ids)),
  grid AS (
    SELECT t.product_id, g.i FROM (SELECT product_id, max(slot) AS top FROM ps GROUP BY 1) t, generate_series(1, t.top) AS g (i)),
  x AS (
    SELECT c.product_id,
           coalesce(array_agg(coalesce(ps.offers, 0) ORDER BY grid.i) FILTER (WHERE grid.i IS NOT NULL), '{}') AS offers,
           coalesce(array_agg(coalesce(ps.priced, 0) ORDER BY grid.i) FILTER (WHERE grid.i IS NOT NULL), '{}') AS priced,
           coalesce(array_agg(coalesce(ps.cents, 0) ORDER BY grid.i) FILTER (WHERE grid.i IS NOT NULL), '{}') AS cents
      FROM (SELECT DISTINCT u.id AS product_id FROM unnest(product_ids) AS u (id)) c
      LEFT JOIN grid ON grid.product_id = c.product_id
      LEFT JOIN ps ON ps.product_id = grid.product_id AND ps.slot = grid.i
     GROUP BY c.product_id)
  UPDATE insight_products_counted pc
     SET pair_offers = x.offers, pair_priced = x.priced, pair_cents = x.cents
    FROM x
   WHERE pc.product_id = x.product_id
     AND (pc.pair_offers, pc.pair_priced, pc.pair_cents) IS DISTINCT FROM (x.offers, x.priced, x.cents);
END $$;

-- The fold's two steps (096) rebuild the arrays of what they touched.
ALTER FUNCTION insight_pairs_refresh_locked(uuid[], uuid[]) RENAME TO insight_pairs_refresh_rollups;
CREATE FUNCTION insight_pairs_refresh_locked(product_ids uuid[], competitor_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF product_ids IS NULL OR cardinality(product_ids) = 0 THEN RETURN; END IF;
  PERFORM insight_pairs_refresh_rollups(product_ids, competitor_ids);
  PERFORM insight_slots_refresh(product_ids);
END $$;

ALTER FUNCTION insight_products_fold(uuid[]) RENAME TO insight_products_fold_rollups;
CREATE FUNCTION insight_products_fold(product_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF product_ids IS NULL OR cardinality(product_ids) = 0 THEN RETURN; END IF;
  PERFORM insight_products_fold_rollups(product_ids);
  PERFORM insight_slots_refresh(product_ids);
END $$;

-- The recount from scratch (097's) rebuilds the website's arrays too.
ALTER FUNCTION insight_rebuild(uuid) RENAME TO insight_rebuild_brands;
CREATE FUNCTION insight_rebuild(website uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_rebuild_brands(website);
  PERFORM insight_slots_refresh(ARRAY(SELECT product_id FROM insight_products_counted WHERE organization_website_id = website));
END $$;

CREATE FUNCTION insight_slots_websites_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insight_competitor_slots WHERE organization_website_id IN (SELECT id FROM old_websites);
  RETURN NULL;
END $$;
CREATE TRIGGER insight_slots_websites_deleted AFTER DELETE ON organization_websites
  REFERENCING OLD TABLE AS old_websites FOR EACH STATEMENT EXECUTE FUNCTION insight_slots_websites_deleted();

SELECT insight_slots_refresh(ARRAY(SELECT product_id FROM insight_products_counted));
