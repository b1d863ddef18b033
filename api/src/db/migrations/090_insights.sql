-- Data insights (issue 16; api/src/insights/README.md): where own prices stand against matched
-- competitors, kept as rollups that every write of a product, a competitor price or a match
-- brings up to date in the same statement (statement-level triggers with transition tables), so a
-- snapshot reads a few thousand rollup rows, never the catalogue. Valid on PostgreSQL 15 and on
-- PGlite (PostgreSQL 18).
--
-- Rules (insights/arithmetic.ts states them for the API and the tests):
--   a pair is a product x competitor with at least one MATCHED offer of that competitor; its
--   competitor price is the average of those offers' prices; index = own / competitor x 100;
--   difference = (own / competitor - 1) x 100 rounded to 0.1 %, kept as integer tenths;
--   CHEAPER below -t, PRICIER above +t, SAME within (the rollups keep t = 1 %, the default).
--   The market of a product is products.competitor_avg_price (all its MATCHED offers).
-- Brand and category without a value are kept as '' (the rollups' keys are not nullable).

-- The difference in tenths of a percent (NULL without two positive prices).
CREATE FUNCTION insight_difference_tenths(own numeric, competitor numeric) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN own > 0 AND competitor > 0 THEN round((own / competitor - 1) * 1000)::integer END
$$;
-- own / competitor x 100, rounded to 6 decimals so that sums kept by deltas stay exact.
CREATE FUNCTION insight_index(own numeric, competitor numeric) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN own > 0 AND competitor > 0 THEN round(own / competitor * 100, 6) END
$$;

-- 1. The competitor side of each pair (product x competitor): the MATCHED offers, their summed
--    known prices, and their availability. The pair's competitor price is price_sum / priced.
CREATE TABLE insight_pairs (
  product_id               uuid NOT NULL,
  competitor_id            uuid NOT NULL,
  organization_website_id  uuid NOT NULL,
  offers                   integer NOT NULL,
  priced                   integer NOT NULL,
  price_sum                numeric(16, 2),
  in_stock                 integer NOT NULL,
  availability_known       integer NOT NULL,
  PRIMARY KEY (product_id, competitor_id)
);
CREATE INDEX insight_pairs_competitor_idx ON insight_pairs (competitor_id, product_id);

-- 2. Rollup per website x competitor x brand x category (the heat map's cells before the brand
--    and category filters are applied; README.md, "Grain").
CREATE TABLE insight_cells (
  organization_website_id  uuid NOT NULL,
  competitor_id            uuid NOT NULL,
  brand                    text NOT NULL,
  category                 text NOT NULL,
  pairs                    integer NOT NULL DEFAULT 0,
  priced                   integer NOT NULL DEFAULT 0,
  index_sum                numeric NOT NULL DEFAULT 0,
  cheaper                  integer NOT NULL DEFAULT 0,
  same                     integer NOT NULL DEFAULT 0,
  pricier                  integer NOT NULL DEFAULT 0,
  offers                   integer NOT NULL DEFAULT 0,
  in_stock                 integer NOT NULL DEFAULT 0,
  availability_known       integer NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_website_id, competitor_id, brand, category)
);

-- 3. Rollup per website x brand x category against the market (all competitors).
CREATE TABLE insight_brands (
  organization_website_id  uuid NOT NULL,
  brand                    text NOT NULL,
  category                 text NOT NULL,
  products                 integer NOT NULL DEFAULT 0,
  matched                  integer NOT NULL DEFAULT 0,
  priced                   integer NOT NULL DEFAULT 0,
  index_sum                numeric NOT NULL DEFAULT 0,
  difference_sum           numeric NOT NULL DEFAULT 0,
  cheaper                  integer NOT NULL DEFAULT 0,
  same                     integer NOT NULL DEFAULT 0,
  pricier                  integer NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_website_id, brand, category)
);

-- 4. Closed days: the cells' price index as it stood at the end of each day (today's point is
--    read from insight_cells). A day is closed by the first write after it ended (or by the
--    daily job), copying the cells as they stood then: nothing changed between the day's end and
--    that write, so the copy is the day's end.
CREATE TABLE insight_daily (
  organization_website_id  uuid NOT NULL,
  competitor_id            uuid NOT NULL,
  brand                    text NOT NULL,
  category                 text NOT NULL,
  day                      date NOT NULL,
  priced                   integer NOT NULL,
  index_sum                numeric NOT NULL,
  PRIMARY KEY (organization_website_id, day, competitor_id, brand, category)
);

CREATE TABLE insight_state (
  id                boolean PRIMARY KEY DEFAULT true CHECK (id),
  closed_through    date NOT NULL,
  updated_at        timestamptz NOT NULL DEFAULT now()
);
INSERT INTO insight_state (closed_through) VALUES ((now() AT TIME ZONE 'UTC')::date - 1);

-- When each website's rollups last changed (a snapshot's updatedAt).
CREATE TABLE insight_websites (
  organization_website_id  uuid PRIMARY KEY,
  updated_at               timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION insight_close_days() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  today date := (now() AT TIME ZONE 'UTC')::date;
  through date;
BEGIN
  IF (SELECT closed_through FROM insight_state) >= today - 1 THEN RETURN; END IF;
  SELECT closed_through INTO through FROM insight_state FOR UPDATE;
  IF through >= today - 1 THEN RETURN; END IF;
  INSERT INTO insight_daily (organization_website_id, competitor_id, brand, category, day, priced, index_sum)
  SELECT c.organization_website_id, c.competitor_id, c.brand, c.category, d::date, c.priced, c.index_sum
    FROM insight_cells c
   CROSS JOIN generate_series(greatest(through + 1, today - 366), today - 1, interval '1 day') AS d
   WHERE c.priced > 0
  ON CONFLICT DO NOTHING;
  UPDATE insight_state SET closed_through = today - 1, updated_at = now();
END $$;

-- What one row adds to (sign 1) or takes from (sign -1) a rollup.
CREATE TYPE insight_pair_change AS (
  sign integer, organization_website_id uuid, competitor_id uuid, brand text, category text,
  own numeric, offers integer, priced integer, price_sum numeric, in_stock integer, availability_known integer
);
CREATE TYPE insight_product_change AS (
  sign integer, organization_website_id uuid, brand text, category text, own numeric, market numeric, matched boolean
);

CREATE FUNCTION insight_cells_apply(changes insight_pair_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changes IS NULL OR cardinality(changes) = 0 THEN RETURN; END IF;
  PERFORM insight_close_days();
  INSERT INTO insight_cells AS c (organization_website_id, competitor_id, brand, category, pairs, priced, index_sum,
                                  cheaper, same, pricier, offers, in_stock, availability_known)
  SELECT x.organization_website_id, x.competitor_id, x.brand, x.category,
         sum(x.sign), coalesce(sum(x.sign) FILTER (WHERE x.d IS NOT NULL), 0), coalesce(sum(x.sign * x.ix), 0),
         coalesce(sum(x.sign) FILTER (WHERE x.d < -10), 0), coalesce(sum(x.sign) FILTER (WHERE x.d BETWEEN -10 AND 10), 0),
         coalesce(sum(x.sign) FILTER (WHERE x.d > 10), 0),
         sum(x.sign * x.offers), sum(x.sign * x.in_stock), sum(x.sign * x.availability_known)
    FROM (SELECT ch.*, insight_difference_tenths(ch.own, ch.price_sum / nullif(ch.priced, 0)) AS d,
                 insight_index(ch.own, ch.price_sum / nullif(ch.priced, 0)) AS ix
            FROM unnest(changes) AS ch) x
   GROUP BY 1, 2, 3, 4
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (organization_website_id, competitor_id, brand, category) DO UPDATE
    SET pairs = c.pairs + excluded.pairs, priced = c.priced + excluded.priced, index_sum = c.index_sum + excluded.index_sum,
        cheaper = c.cheaper + excluded.cheaper, same = c.same + excluded.same, pricier = c.pricier + excluded.pricier,
        offers = c.offers + excluded.offers, in_stock = c.in_stock + excluded.in_stock,
        availability_known = c.availability_known + excluded.availability_known;
  INSERT INTO insight_websites AS w (organization_website_id, updated_at)
  SELECT DISTINCT ch.organization_website_id, now() FROM unnest(changes) AS ch
  ON CONFLICT (organization_website_id) DO UPDATE SET updated_at = now() WHERE w.updated_at < now();
END $$;

CREATE FUNCTION insight_brands_apply(changes insight_product_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changes IS NULL OR cardinality(changes) = 0 THEN RETURN; END IF;
  INSERT INTO insight_brands AS b (organization_website_id, brand, category, products, matched, priced, index_sum, difference_sum,
                                   cheaper, same, pricier)
  SELECT x.organization_website_id, x.brand, x.category, sum(x.sign), coalesce(sum(x.sign) FILTER (WHERE x.matched), 0),
         coalesce(sum(x.sign) FILTER (WHERE x.d IS NOT NULL), 0), coalesce(sum(x.sign * x.ix), 0),
         coalesce(sum(x.sign * (x.ix - 100)), 0),
         coalesce(sum(x.sign) FILTER (WHERE x.d < -10), 0), coalesce(sum(x.sign) FILTER (WHERE x.d BETWEEN -10 AND 10), 0),
         coalesce(sum(x.sign) FILTER (WHERE x.d > 10), 0)
    FROM (SELECT ch.*, insight_difference_tenths(ch.own, ch.market) AS d, insight_index(ch.own, ch.market) AS ix
            FROM unnest(changes) AS ch) x
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT (organization_website_id, brand, category) DO UPDATE
    SET products = b.products + excluded.products, matched = b.matched + excluded.matched, priced = b.priced + excluded.priced,
        index_sum = b.index_sum + excluded.index_sum, difference_sum = b.difference_sum + excluded.difference_sum,
        cheaper = b.cheaper + excluded.cheaper, same = b.same + excluded.same, pricier = b.pricier + excluded.pricier;
  INSERT INTO insight_websites AS w (organization_website_id, updated_at)
  SELECT DISTINCT ch.organization_website_id, now() FROM unnest(changes) AS ch
  ON CONFLICT (organization_website_id) DO UPDATE SET updated_at = now() WHERE w.updated_at < now();
END $$;

-- Brings the pairs of the given (product, competitor) keys up to date from the matches and the
-- competitor prices, and the cells by what changed. Products that are gone count nothing.
CREATE FUNCTION insight_pairs_refresh(product_ids uuid[], competitor_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changes insight_pair_change[];
BEGIN
  IF product_ids IS NULL OR cardinality(product_ids) = 0 THEN RETURN; END IF;
  WITH keys AS (SELECT DISTINCT k.p, k.c FROM unnest(product_ids, competitor_ids) AS k (p, c)),
  fresh AS (
    SELECT m.product_id, m.competitor_id, co.organization_website_id, count(*)::int AS offers, count(cp.price)::int AS priced,
           sum(cp.price) AS price_sum, count(*) FILTER (WHERE cp.availability = 'in_stock')::int AS in_stock,
           count(*) FILTER (WHERE cp.availability IN ('in_stock', 'out_of_stock', 'preorder'))::int AS availability_known
      FROM keys k
      JOIN product_matches m ON m.product_id = k.p AND m.competitor_id = k.c AND m.status = 'MATCHED'
      JOIN competitor_products cp ON cp.id = m.competitor_product_id
      JOIN competitors co ON co.id = m.competitor_id
     GROUP BY m.product_id, m.competitor_id, co.organization_website_id),
  before AS (SELECT o.* FROM keys k JOIN insight_pairs o ON o.product_id = k.p AND o.competitor_id = k.c),
  changed_before AS (
    SELECT b.*, f.product_id IS NULL AS gone FROM before b
      LEFT JOIN fresh f ON f.product_id = b.product_id AND f.competitor_id = b.competitor_id
     WHERE f.product_id IS NULL
        OR (f.offers, f.priced, f.price_sum, f.in_stock, f.availability_known)
           IS DISTINCT FROM (b.offers, b.priced, b.price_sum, b.in_stock, b.availability_known)),
  changed_fresh AS (
    SELECT f.* FROM fresh f
      LEFT JOIN before b ON f.product_id = b.product_id AND f.competitor_id = b.competitor_id
     WHERE b.product_id IS NULL
        OR (f.offers, f.priced, f.price_sum, f.in_stock, f.availability_known)
           IS DISTINCT FROM (b.offers, b.priced, b.price_sum, b.in_stock, b.availability_known)),
  upserted AS (
    INSERT INTO insight_pairs SELECT * FROM changed_fresh
    ON CONFLICT (product_id, competitor_id) DO UPDATE
      SET offers = excluded.offers, priced = excluded.priced, price_sum = excluded.price_sum, in_stock = excluded.in_stock,
          availability_known = excluded.availability_known, organization_website_id = excluded.organization_website_id
    RETURNING 1),
  deleted AS (
    DELETE FROM insight_pairs o USING changed_before cb
     WHERE cb.gone AND o.product_id = cb.product_id AND o.competitor_id = cb.competitor_id
    RETURNING 1),
  moved AS (
    SELECT -1 AS sign, cb.organization_website_id, cb.product_id, cb.competitor_id, cb.offers, cb.priced, cb.price_sum, cb.in_stock,
           cb.availability_known FROM changed_before cb
    UNION ALL
    SELECT 1, cf.organization_website_id, cf.product_id, cf.competitor_id, cf.offers, cf.priced, cf.price_sum, cf.in_stock,
           cf.availability_known FROM changed_fresh cf)
  SELECT array_agg(ROW(mv.sign, mv.organization_website_id, mv.competitor_id, coalesce(p.brand, ''), coalesce(p.category, ''),
                       p.price, mv.offers, mv.priced, mv.price_sum, mv.in_stock, mv.availability_known)::insight_pair_change)
    INTO changes
    FROM moved mv JOIN products p ON p.id = mv.product_id AND p.active
   WHERE (SELECT count(*) FROM upserted) >= 0 AND (SELECT count(*) FROM deleted) >= 0;
  PERFORM insight_cells_apply(changes);
END $$;

-- Products: own price, brand, category, activity (cells, through their pairs) and the market
-- price and match count the products' own rollups keep (brands).
CREATE FUNCTION insight_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cells insight_pair_change[];
  brands insight_product_change[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(ROW(1, n.organization_website_id, coalesce(n.brand, ''), coalesce(n.category, ''), n.price,
                         n.competitor_avg_price, n.matched_count > 0)::insight_product_change)
      INTO brands FROM new_products n WHERE n.active;
  ELSE
    SELECT array_agg(ch) INTO brands FROM (
      SELECT ROW(-1, o.organization_website_id, coalesce(o.brand, ''), coalesce(o.category, ''), o.price,
                 o.competitor_avg_price, o.matched_count > 0)::insight_product_change AS ch
        FROM old_products o JOIN new_products n ON n.id = o.id
       WHERE o.active AND (o.price, o.brand, o.category, o.active, o.competitor_avg_price, o.matched_count > 0)
             IS DISTINCT FROM (n.price, n.brand, n.category, n.active, n.competitor_avg_price, n.matched_count > 0)
      UNION ALL
      SELECT ROW(1, n.organization_website_id, coalesce(n.brand, ''), coalesce(n.category, ''), n.price,
                 n.competitor_avg_price, n.matched_count > 0)::insight_product_change
        FROM old_products o JOIN new_products n ON n.id = o.id
       WHERE n.active AND (o.price, o.brand, o.category, o.active, o.competitor_avg_price, o.matched_count > 0)
             IS DISTINCT FROM (n.price, n.brand, n.category, n.active, n.competitor_avg_price, n.matched_count > 0)) s;
    SELECT array_agg(ch) INTO cells FROM (
      SELECT ROW(-1, pr.organization_website_id, pr.competitor_id, coalesce(o.brand, ''), coalesce(o.category, ''), o.price,
                 pr.offers, pr.priced, pr.price_sum, pr.in_stock, pr.availability_known)::insight_pair_change AS ch
        FROM old_products o JOIN new_products n ON n.id = o.id JOIN insight_pairs pr ON pr.product_id = o.id
       WHERE o.active AND (o.price, o.brand, o.category, o.active) IS DISTINCT FROM (n.price, n.brand, n.category, n.active)
      UNION ALL
      SELECT ROW(1, pr.organization_website_id, pr.competitor_id, coalesce(n.brand, ''), coalesce(n.category, ''), n.price,
                 pr.offers, pr.priced, pr.price_sum, pr.in_stock, pr.availability_known)::insight_pair_change
        FROM old_products o JOIN new_products n ON n.id = o.id JOIN insight_pairs pr ON pr.product_id = n.id
       WHERE n.active AND (o.price, o.brand, o.category, o.active) IS DISTINCT FROM (n.price, n.brand, n.category, n.active)) s;
    PERFORM insight_cells_apply(cells);
  END IF;
  PERFORM insight_brands_apply(brands);
  RETURN NULL;
END $$;
CREATE TRIGGER insight_products_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION insight_products_changed();
CREATE TRIGGER insight_products_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION insight_products_changed();

-- A deleted product (rare: a product missing from an import becomes inactive) takes its part
-- out before its matches go (their cascade finds the pairs already gone).
CREATE FUNCTION insight_product_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.active THEN
    PERFORM insight_brands_apply(ARRAY[ROW(-1, OLD.organization_website_id, coalesce(OLD.brand, ''), coalesce(OLD.category, ''),
                                           OLD.price, OLD.competitor_avg_price, OLD.matched_count > 0)::insight_product_change]);
    PERFORM insight_cells_apply(ARRAY(
      SELECT ROW(-1, pr.organization_website_id, pr.competitor_id, coalesce(OLD.brand, ''), coalesce(OLD.category, ''), OLD.price,
                 pr.offers, pr.priced, pr.price_sum, pr.in_stock, pr.availability_known)::insight_pair_change
        FROM insight_pairs pr WHERE pr.product_id = OLD.id));
  END IF;
  DELETE FROM insight_pairs WHERE product_id = OLD.id;
  RETURN OLD;
END $$;
CREATE TRIGGER insight_product_deleted BEFORE DELETE ON products FOR EACH ROW EXECUTE FUNCTION insight_product_deleted();

-- Competitor prices and availability of matched offers.
CREATE FUNCTION insight_competitor_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  product_ids uuid[];
  competitor_ids uuid[];
BEGIN
  SELECT array_agg(m.product_id), array_agg(m.competitor_id) INTO product_ids, competitor_ids
    FROM old_competitor_products o JOIN new_competitor_products n ON n.id = o.id
    JOIN product_matches m ON m.competitor_product_id = n.id AND m.status = 'MATCHED'
   WHERE (o.price, o.availability) IS DISTINCT FROM (n.price, n.availability);
  PERFORM insight_pairs_refresh(product_ids, competitor_ids);
  RETURN NULL;
END $$;
CREATE TRIGGER insight_competitor_products_update AFTER UPDATE ON competitor_products
  REFERENCING OLD TABLE AS old_competitor_products NEW TABLE AS new_competitor_products
  FOR EACH STATEMENT EXECUTE FUNCTION insight_competitor_products_changed();

-- Matches made, undone or moved (rows MATCHED before or after the statement).
CREATE FUNCTION insight_matches_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  product_ids uuid[];
  competitor_ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(product_id), array_agg(competitor_id) INTO product_ids, competitor_ids FROM new_matches WHERE status = 'MATCHED';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(product_id), array_agg(competitor_id) INTO product_ids, competitor_ids FROM old_matches WHERE status = 'MATCHED';
  ELSE
    SELECT array_agg(k.product_id), array_agg(k.competitor_id) INTO product_ids, competitor_ids FROM (
      SELECT o.product_id, o.competitor_id FROM old_matches o JOIN new_matches n ON n.id = o.id
       WHERE o.status = 'MATCHED' AND (o.status, o.product_id, o.competitor_id, o.competitor_product_id)
             IS DISTINCT FROM (n.status, n.product_id, n.competitor_id, n.competitor_product_id)
      UNION
      SELECT n.product_id, n.competitor_id FROM old_matches o JOIN new_matches n ON n.id = o.id
       WHERE n.status = 'MATCHED' AND (o.status, o.product_id, o.competitor_id, o.competitor_product_id)
             IS DISTINCT FROM (n.status, n.product_id, n.competitor_id, n.competitor_product_id)) k;
  END IF;
  PERFORM insight_pairs_refresh(product_ids, competitor_ids);
  RETURN NULL;
END $$;
CREATE TRIGGER insight_matches_insert AFTER INSERT ON product_matches
  REFERENCING NEW TABLE AS new_matches FOR EACH STATEMENT EXECUTE FUNCTION insight_matches_changed();
CREATE TRIGGER insight_matches_update AFTER UPDATE ON product_matches
  REFERENCING OLD TABLE AS old_matches NEW TABLE AS new_matches FOR EACH STATEMENT EXECUTE FUNCTION insight_matches_changed();
CREATE TRIGGER insight_matches_delete AFTER DELETE ON product_matches
  REFERENCING OLD TABLE AS old_matches FOR EACH STATEMENT EXECUTE FUNCTION insight_matches_changed();

-- A deleted website's rollups go with it.
CREATE FUNCTION insight_websites_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insight_cells WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_brands WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_daily WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_pairs WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_websites WHERE organization_website_id IN (SELECT id FROM old_websites);
  RETURN NULL;
END $$;
CREATE TRIGGER insight_websites_deleted AFTER DELETE ON organization_websites
  REFERENCING OLD TABLE AS old_websites FOR EACH STATEMENT EXECUTE FUNCTION insight_websites_deleted();

-- The rollups recounted from scratch for one website (the migration's own start, a repair, and
-- the tests' reference). Closed days are not touched.
CREATE FUNCTION insight_rebuild(website uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insight_pairs WHERE organization_website_id = website;
  DELETE FROM insight_cells WHERE organization_website_id = website;
  DELETE FROM insight_brands WHERE organization_website_id = website;
  INSERT INTO insight_pairs
  SELECT m.product_id, m.competitor_id, co.organization_website_id, count(*)::int, count(cp.price)::int, sum(cp.price),
         count(*) FILTER (WHERE cp.availability = 'in_stock')::int,
         count(*) FILTER (WHERE cp.availability IN ('in_stock', 'out_of_stock', 'preorder'))::int
    FROM product_matches m
    JOIN competitors co ON co.id = m.competitor_id AND co.organization_website_id = website
    JOIN competitor_products cp ON cp.id = m.competitor_product_id
   WHERE m.status = 'MATCHED'
   GROUP BY m.product_id, m.competitor_id, co.organization_website_id;
  INSERT INTO insight_cells (organization_website_id, competitor_id, brand, category, pairs, priced, index_sum,
                             cheaper, same, pricier, offers, in_stock, availability_known)
  SELECT website, x.competitor_id, x.brand, x.category, count(*), count(x.d), coalesce(sum(x.ix), 0),
         count(*) FILTER (WHERE x.d < -10), count(*) FILTER (WHERE x.d BETWEEN -10 AND 10), count(*) FILTER (WHERE x.d > 10),
         sum(x.offers), sum(x.in_stock), sum(x.availability_known)
    FROM (SELECT pr.*, coalesce(p.brand, '') AS brand, coalesce(p.category, '') AS category,
                 insight_difference_tenths(p.price, pr.price_sum / nullif(pr.priced, 0)) AS d,
                 insight_index(p.price, pr.price_sum / nullif(pr.priced, 0)) AS ix
            FROM insight_pairs pr JOIN products p ON p.id = pr.product_id AND p.active
           WHERE pr.organization_website_id = website) x
   GROUP BY x.competitor_id, x.brand, x.category;
  INSERT INTO insight_brands (organization_website_id, brand, category, products, matched, priced, index_sum, difference_sum,
                              cheaper, same, pricier)
  SELECT website, x.brand, x.category, count(*), count(*) FILTER (WHERE x.matched), count(x.d), coalesce(sum(x.ix), 0),
         coalesce(sum(x.ix - 100), 0),
         count(*) FILTER (WHERE x.d < -10), count(*) FILTER (WHERE x.d BETWEEN -10 AND 10), count(*) FILTER (WHERE x.d > 10)
    FROM (SELECT coalesce(p.brand, '') AS brand, coalesce(p.category, '') AS category, p.matched_count > 0 AS matched,
                 insight_difference_tenths(p.price, p.competitor_avg_price) AS d, insight_index(p.price, p.competitor_avg_price) AS ix
            FROM products p WHERE p.organization_website_id = website AND p.active) x
   GROUP BY x.brand, x.category;
  INSERT INTO insight_websites AS w (organization_website_id, updated_at) VALUES (website, now())
  ON CONFLICT (organization_website_id) DO UPDATE SET updated_at = now();
END $$;

SELECT insight_rebuild(id) FROM organization_websites;
