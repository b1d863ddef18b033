-- Data insights: the writes only note what changed; a job folds the notes into the rollups
-- (api/src/insights/README.md, "Kept incrementally").
--
-- Until 095 the statement triggers brought the rollups up to date in the writing statement: a
-- feed import of 1,000 own prices upserted ~10,000 cells, competitor totals, histogram and brand
-- rows (measured +792 % on a feed import, +151 % on a scraper run). Now a trigger appends the keys
-- its statement changed to insight_changes (no index, no lock, no rollup row read), and
-- insight_fold() — run by the job worker every few seconds (insights/jobs.ts), by the tests before
-- they compare, by the demo seed — takes every note present, locks the websites concerned (093)
-- and brings their rollups up to date in set-based statements:
--   1. the pairs named by a note (a match made, undone or moved; an offer's price or availability)
--      are recounted from the matches and offers, and the cells moved by the difference;
--   2. the products named by a note (own price, brand, category, activity, market price, match
--      count, insert, delete) are compared with what the rollups counted for them
--      (insight_products_counted) and, where different, their pairs move between cells and their
--      brand row changes.
-- Each step compares the present with what was counted, so a note folded twice, or a change
-- noted twice, changes nothing the second time (idempotent), and a note taken by a fold whose
-- transaction rolls back is there again for the next one.
--
-- insight_products_counted is the product side as the rollups count it: a pair contributes to
-- the cell of its product's counted brand and category at the counted own price, so between a
-- change and its fold the rollups stay a consistent (older) sum, never half of each.

CREATE TABLE insight_changes (
  product_id     uuid,
  competitor_id  uuid,
  offer_id       uuid
);

CREATE TABLE insight_products_counted (
  product_id               uuid PRIMARY KEY,
  organization_website_id  uuid NOT NULL,
  brand                    text NOT NULL,
  category                 text NOT NULL,
  price                    numeric(12, 2),
  market                   numeric,
  matched                  boolean NOT NULL
);
CREATE INDEX insight_products_counted_website_idx ON insight_products_counted (organization_website_id);
INSERT INTO insight_products_counted
SELECT p.id, p.organization_website_id, coalesce(p.brand, ''), coalesce(p.category, ''), p.price, p.competitor_avg_price, p.matched_count > 0
  FROM products p WHERE p.active;

-- 1. The pairs' competitor side, recounted; the product side is the counted one (step 2 moves it).
CREATE OR REPLACE FUNCTION insight_pairs_refresh_locked(product_ids uuid[], competitor_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changes insight_pair_change[];
BEGIN
  IF product_ids IS NULL OR cardinality(product_ids) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM insight_pairs o
    JOIN (SELECT DISTINCT k.p, k.c FROM unnest(product_ids, competitor_ids) AS k (p, c)) k ON o.product_id = k.p AND o.competitor_id = k.c
   ORDER BY o.product_id, o.competitor_id FOR UPDATE OF o;
  WITH keys AS (SELECT DISTINCT k.p, k.c FROM unnest(product_ids, competitor_ids) AS k (p, c)),
  fresh AS (SELECT * FROM insight_pairs_fresh(product_ids, competitor_ids)),
  before AS (SELECT o.* FROM keys k JOIN insight_pairs o ON o.product_id = k.p AND o.competitor_id = k.c),
  changed_before AS (
    SELECT b.*, f.product_id IS NULL AS gone FROM before b
      LEFT JOIN fresh f ON f.product_id = b.product_id AND f.competitor_id = b.competitor_id
     WHERE f.product_id IS NULL OR f IS DISTINCT FROM b),
  changed_fresh AS (
    SELECT f.* FROM fresh f
      LEFT JOIN before b ON f.product_id = b.product_id AND f.competitor_id = b.competitor_id
     WHERE b.product_id IS NULL OR f IS DISTINCT FROM b),
  upserted AS (
    INSERT INTO insight_pairs SELECT * FROM changed_fresh ORDER BY product_id, competitor_id
    ON CONFLICT (product_id, competitor_id) DO UPDATE
      SET offers = excluded.offers, priced = excluded.priced, price_sum = excluded.price_sum, in_stock = excluded.in_stock,
          availability_known = excluded.availability_known, organization_website_id = excluded.organization_website_id,
          then30 = excluded.then30, now30 = excluded.now30, then90 = excluded.then90, now90 = excluded.now90,
          then365 = excluded.then365, now365 = excluded.now365
    RETURNING 1),
  deleted AS (
    DELETE FROM insight_pairs o USING changed_before cb
     WHERE cb.gone AND o.product_id = cb.product_id AND o.competitor_id = cb.competitor_id
    RETURNING 1),
  moved AS (
    SELECT -1 AS sign, cb.organization_website_id, cb.product_id, cb.competitor_id, cb.offers, cb.priced, cb.price_sum, cb.in_stock,
           cb.availability_known, cb.then30, cb.now30, cb.then90, cb.now90, cb.then365, cb.now365 FROM changed_before cb
    UNION ALL
    SELECT 1, cf.organization_website_id, cf.product_id, cf.competitor_id, cf.offers, cf.priced, cf.price_sum, cf.in_stock,
           cf.availability_known, cf.then30, cf.now30, cf.then90, cf.now90, cf.then365, cf.now365 FROM changed_fresh cf)
  SELECT array_agg(ROW(mv.sign, mv.organization_website_id, mv.competitor_id, pc.brand, pc.category,
                       pc.price, mv.offers, mv.priced, mv.price_sum, mv.in_stock, mv.availability_known,
                       mv.then30, mv.now30, mv.then90, mv.now90, mv.then365, mv.now365)::insight_pair_change)
    INTO changes
    FROM moved mv JOIN insight_products_counted pc ON pc.product_id = mv.product_id
   WHERE (SELECT count(*) FROM upserted) >= 0 AND (SELECT count(*) FROM deleted) >= 0;
  PERFORM insight_cells_apply(changes);
END $$;

-- 2. Products: the counted side against the present one (an active product's row, or none).
CREATE FUNCTION insight_products_fold(product_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cells insight_pair_change[];
  brands insight_product_change[];
BEGIN
  IF product_ids IS NULL OR cardinality(product_ids) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM insight_products_counted c WHERE c.product_id = ANY(product_ids) ORDER BY c.product_id FOR UPDATE;
  WITH ids AS (SELECT DISTINCT u.id FROM unnest(product_ids) AS u (id)),
  counted AS (SELECT c.* FROM ids JOIN insight_products_counted c ON c.product_id = ids.id),
  present AS (
    SELECT p.id AS product_id, p.organization_website_id, coalesce(p.brand, '') AS brand, coalesce(p.category, '') AS category,
           p.price, p.competitor_avg_price AS market, p.matched_count > 0 AS matched
      FROM ids JOIN products p ON p.id = ids.id AND p.active),
  changed AS (
    SELECT coalesce(c.product_id, n.product_id) AS product_id, c.product_id IS NOT NULL AS had, n.product_id IS NOT NULL AS has,
           c.organization_website_id AS c_site, c.brand AS c_brand, c.category AS c_category, c.price AS c_price, c.market AS c_market,
           c.matched AS c_matched,
           n.organization_website_id AS n_site, n.brand AS n_brand, n.category AS n_category, n.price AS n_price, n.market AS n_market,
           n.matched AS n_matched,
           (c.product_id IS NULL, c.brand, c.category, c.price) IS DISTINCT FROM (n.product_id IS NULL, n.brand, n.category, n.price) AS cells_moved
      FROM counted c FULL JOIN present n ON n.product_id = c.product_id
     WHERE (c.product_id IS NULL, c.organization_website_id, c.brand, c.category, c.price, c.market, c.matched)
           IS DISTINCT FROM (n.product_id IS NULL, n.organization_website_id, n.brand, n.category, n.price, n.market, n.matched)),
  gone AS (
    DELETE FROM insight_products_counted pc USING changed ch WHERE ch.had AND NOT ch.has AND pc.product_id = ch.product_id
    RETURNING 1),
  kept AS (
    INSERT INTO insight_products_counted
    SELECT ch.product_id, ch.n_site, ch.n_brand, ch.n_category, ch.n_price, ch.n_market, ch.n_matched FROM changed ch WHERE ch.has
     ORDER BY ch.product_id
    ON CONFLICT (product_id) DO UPDATE
      SET organization_website_id = excluded.organization_website_id, brand = excluded.brand, category = excluded.category,
          price = excluded.price, market = excluded.market, matched = excluded.matched
    RETURNING 1),
  brand_changes AS (
    SELECT array_agg(x.ch) AS a FROM (
      SELECT ROW(-1, ch.c_site, ch.c_brand, ch.c_category, ch.c_price, ch.c_market, ch.c_matched)::insight_product_change AS ch
        FROM changed ch WHERE ch.had
      UNION ALL
      SELECT ROW(1, ch.n_site, ch.n_brand, ch.n_category, ch.n_price, ch.n_market, ch.n_matched)::insight_product_change
        FROM changed ch WHERE ch.has) x),
  cell_changes AS (
    SELECT array_agg(x.ch) AS a FROM (
      SELECT ROW(-1, pr.organization_website_id, pr.competitor_id, ch.c_brand, ch.c_category, ch.c_price,
                 pr.offers, pr.priced, pr.price_sum, pr.in_stock, pr.availability_known,
                 pr.then30, pr.now30, pr.then90, pr.now90, pr.then365, pr.now365)::insight_pair_change AS ch
        FROM changed ch JOIN insight_pairs pr ON pr.product_id = ch.product_id WHERE ch.had AND ch.cells_moved
      UNION ALL
      SELECT ROW(1, pr.organization_website_id, pr.competitor_id, ch.n_brand, ch.n_category, ch.n_price,
                 pr.offers, pr.priced, pr.price_sum, pr.in_stock, pr.availability_known,
                 pr.then30, pr.now30, pr.then90, pr.now90, pr.then365, pr.now365)::insight_pair_change
        FROM changed ch JOIN insight_pairs pr ON pr.product_id = ch.product_id WHERE ch.has AND ch.cells_moved) x)
  SELECT bc.a, cc.a INTO brands, cells FROM brand_changes bc, cell_changes cc
   WHERE (SELECT count(*) FROM gone) >= 0 AND (SELECT count(*) FROM kept) >= 0;
  PERFORM insight_cells_apply(cells);
  PERFORM insight_brands_apply(brands);
END $$;

-- Takes every note present and folds it (above): the days closed and the period starts moved
-- first, as a write did before, then the notes' websites locked in key order (093). Answers how
-- many notes it took.
CREATE FUNCTION insight_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  taken integer;
  product_ids uuid[];
  offer_ids uuid[];
  pair_products uuid[];
  pair_competitors uuid[];
BEGIN
  PERFORM insight_close_days();
  WITH notes AS (DELETE FROM insight_changes RETURNING product_id, competitor_id, offer_id)
  SELECT count(*)::int,
         array_agg(DISTINCT n.product_id) FILTER (WHERE n.competitor_id IS NULL AND n.product_id IS NOT NULL),
         array_agg(DISTINCT n.offer_id) FILTER (WHERE n.offer_id IS NOT NULL),
         array_agg(n.product_id) FILTER (WHERE n.competitor_id IS NOT NULL),
         array_agg(n.competitor_id) FILTER (WHERE n.competitor_id IS NOT NULL)
    INTO taken, product_ids, offer_ids, pair_products, pair_competitors
    FROM notes n;
  IF taken = 0 THEN RETURN 0; END IF;
  IF offer_ids IS NOT NULL THEN
    SELECT coalesce(pair_products, '{}') || coalesce(array_agg(m.product_id), '{}'),
           coalesce(pair_competitors, '{}') || coalesce(array_agg(m.competitor_id), '{}')
      INTO pair_products, pair_competitors
      FROM product_matches m WHERE m.competitor_product_id = ANY(offer_ids) AND m.status = 'MATCHED';
  END IF;
  PERFORM insight_lock_websites(ARRAY(
    SELECT co.organization_website_id FROM competitors co WHERE co.id IN (SELECT DISTINCT u.c FROM unnest(pair_competitors) AS u (c))
    UNION SELECT p.organization_website_id FROM products p WHERE p.id = ANY(product_ids)
    UNION SELECT pc.organization_website_id FROM insight_products_counted pc WHERE pc.product_id = ANY(product_ids)));
  PERFORM insight_pairs_refresh_locked(pair_products, pair_competitors);
  PERFORM insight_products_fold(product_ids);
  RETURN taken;
END $$;

-- The triggers: notes only.
DROP TRIGGER insight_products_insert ON products;
DROP TRIGGER insight_products_update ON products;
DROP TRIGGER insight_product_deleted ON products;
DROP TRIGGER insight_competitor_products_update ON competitor_products;
DROP TRIGGER insight_matches_insert ON product_matches;
DROP TRIGGER insight_matches_update ON product_matches;
DROP TRIGGER insight_matches_delete ON product_matches;
DROP FUNCTION insight_products_changed();
DROP FUNCTION insight_product_deleted();
DROP FUNCTION insight_competitor_products_changed();
DROP FUNCTION insight_matches_changed();

CREATE FUNCTION insight_note_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO insight_changes (product_id) SELECT n.id FROM new_products n WHERE n.active;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO insight_changes (product_id) SELECT o.id FROM old_products o WHERE o.active;
  ELSE
    INSERT INTO insight_changes (product_id)
    SELECT n.id FROM old_products o JOIN new_products n ON n.id = o.id
     WHERE (o.active OR n.active)
       AND (o.price, o.brand, o.category, o.active, o.competitor_avg_price, o.matched_count > 0, o.organization_website_id)
           IS DISTINCT FROM (n.price, n.brand, n.category, n.active, n.competitor_avg_price, n.matched_count > 0, n.organization_website_id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER insight_products_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION insight_note_products();
CREATE TRIGGER insight_products_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION insight_note_products();
CREATE TRIGGER insight_product_deleted AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_products FOR EACH STATEMENT EXECUTE FUNCTION insight_note_products();

CREATE FUNCTION insight_note_offers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO insight_changes (offer_id)
  SELECT n.id FROM old_competitor_products o JOIN new_competitor_products n ON n.id = o.id
   WHERE (o.price, o.availability) IS DISTINCT FROM (n.price, n.availability);
  RETURN NULL;
END $$;
CREATE TRIGGER insight_competitor_products_update AFTER UPDATE ON competitor_products
  REFERENCING OLD TABLE AS old_competitor_products NEW TABLE AS new_competitor_products
  FOR EACH STATEMENT EXECUTE FUNCTION insight_note_offers();

CREATE FUNCTION insight_note_matches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO insight_changes (product_id, competitor_id) SELECT product_id, competitor_id FROM new_matches WHERE status = 'MATCHED';
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO insight_changes (product_id, competitor_id) SELECT product_id, competitor_id FROM old_matches WHERE status = 'MATCHED';
  ELSE
    INSERT INTO insight_changes (product_id, competitor_id)
    SELECT k.product_id, k.competitor_id FROM (
      SELECT o.product_id, o.competitor_id FROM old_matches o JOIN new_matches n ON n.id = o.id
       WHERE o.status = 'MATCHED' AND (o.status, o.product_id, o.competitor_id, o.competitor_product_id)
             IS DISTINCT FROM (n.status, n.product_id, n.competitor_id, n.competitor_product_id)
      UNION
      SELECT n.product_id, n.competitor_id FROM old_matches o JOIN new_matches n ON n.id = o.id
       WHERE n.status = 'MATCHED' AND (o.status, o.product_id, o.competitor_id, o.competitor_product_id)
             IS DISTINCT FROM (n.status, n.product_id, n.competitor_id, n.competitor_product_id)) k;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER insight_matches_insert AFTER INSERT ON product_matches
  REFERENCING NEW TABLE AS new_matches FOR EACH STATEMENT EXECUTE FUNCTION insight_note_matches();
CREATE TRIGGER insight_matches_update AFTER UPDATE ON product_matches
  REFERENCING OLD TABLE AS old_matches NEW TABLE AS new_matches FOR EACH STATEMENT EXECUTE FUNCTION insight_note_matches();
CREATE TRIGGER insight_matches_delete AFTER DELETE ON product_matches
  REFERENCING OLD TABLE AS old_matches FOR EACH STATEMENT EXECUTE FUNCTION insight_note_matches();

-- The recount from scratch also sets what is counted per product (so notes waiting for the
-- website fold to nothing).
ALTER FUNCTION insight_rebuild(uuid) RENAME TO insight_rebuild_counts;
CREATE FUNCTION insight_rebuild(website uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_lock_websites(ARRAY[website]);
  PERFORM insight_rebuild_counts(website);
  DELETE FROM insight_products_counted WHERE organization_website_id = website;
  INSERT INTO insight_products_counted
  SELECT p.id, p.organization_website_id, coalesce(p.brand, ''), coalesce(p.category, ''), p.price, p.competitor_avg_price,
         p.matched_count > 0
    FROM products p WHERE p.organization_website_id = website AND p.active;
END $$;

CREATE FUNCTION insight_counted_websites_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insight_products_counted WHERE organization_website_id IN (SELECT id FROM old_websites);
  RETURN NULL;
END $$;
CREATE TRIGGER insight_counted_websites_deleted AFTER DELETE ON organization_websites
  REFERENCING OLD TABLE AS old_websites FOR EACH STATEMENT EXECUTE FUNCTION insight_counted_websites_deleted();
