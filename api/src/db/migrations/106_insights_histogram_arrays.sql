-- Data insights: the histograms of differences kept as one array per rollup row
-- (api/src/insights/README.md, "Histograms as arrays (106)").
--
-- Another tolerance reads, per cell (and per brand row against the market), how many pairs (or
-- products) have each difference in tenths (094, 097). Those histograms were one row per
-- cell x difference: at the benchmark's 100,000 products x 10 competitors about one row per pair
-- (1,000,000 pairs over 80,000 cells and ~330 differences each), so a feed import moving every
-- own price upserted ~1.9 million histogram rows in the fold (~48 s of its ~78 s) and ~0.5
-- million more one level up, and rows at zero were never removed (2.27 million rows, 710 MB).
-- Now each rollup row's histogram is one integer array indexed by the difference itself
-- (subscripts -501..501, the clamped range of insight_difference_bucket): the fold moves a
-- touched row once, adding its deltas to the elements in place (insight_histogram_add), and a
-- tolerance's band is a slice of the array. The row count is that of the cells (or brand rows),
-- whatever the differences. What is counted is unchanged (the recount and the tests compare the
-- arrays' non-zero elements as the rows they were).

CREATE TYPE insight_histogram_delta AS (w uuid, co uuid, b text, ca text, ds smallint[], ns integer[]);

-- h with counts[i] added at subscript differences[i]; a NULL h starts from zeros.
CREATE FUNCTION insight_histogram_add(h integer[], differences smallint[], counts integer[]) RETURNS integer[]
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  i integer;
BEGIN
  IF h IS NULL THEN h := array_fill(0, ARRAY[1003], ARRAY[-501]); END IF;
  FOR i IN 1 .. coalesce(cardinality(differences), 0) LOOP
    h[differences[i]] := h[differences[i]] + counts[i];
  END LOOP;
  RETURN h;
END $$;

-- The non-zero elements of a histogram as the rows of 094's tables were (recounts, tests).
CREATE FUNCTION insight_histogram_rows(h integer[]) RETURNS TABLE (difference smallint, n integer)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT s::smallint, h[s] FROM generate_subscripts(h, 1) AS s WHERE h[s] <> 0
$$;

CREATE TABLE insight_cell_histograms (
  organization_website_id  uuid NOT NULL,
  competitor_id            uuid NOT NULL,
  brand                    text NOT NULL,
  category                 text NOT NULL,
  pairs                    integer[] NOT NULL,
  PRIMARY KEY (organization_website_id, competitor_id, brand, category)
);
CREATE INDEX insight_cell_histograms_category_idx ON insight_cell_histograms (organization_website_id, category);

CREATE TABLE insight_brand_cell_histograms (
  organization_website_id  uuid NOT NULL,
  brand                    text NOT NULL,
  competitor_id            uuid NOT NULL,
  pairs                    integer[] NOT NULL,
  PRIMARY KEY (organization_website_id, brand, competitor_id)
);

CREATE TABLE insight_brand_histograms (
  organization_website_id  uuid NOT NULL,
  brand                    text NOT NULL,
  category                 text NOT NULL,
  products                 integer[] NOT NULL,
  PRIMARY KEY (organization_website_id, brand, category)
);

CREATE TABLE insight_brand_total_histograms (
  organization_website_id  uuid NOT NULL,
  brand                    text NOT NULL,
  products                 integer[] NOT NULL,
  PRIMARY KEY (organization_website_id, brand)
);

INSERT INTO insight_cell_histograms
SELECT organization_website_id, competitor_id, brand, category, insight_histogram_add(NULL, array_agg(difference), array_agg(pairs))
  FROM insight_cell_differences WHERE pairs <> 0 GROUP BY 1, 2, 3, 4;
INSERT INTO insight_brand_cell_histograms
SELECT organization_website_id, brand, competitor_id, insight_histogram_add(NULL, array_agg(difference), array_agg(pairs))
  FROM insight_brand_cell_differences WHERE pairs <> 0 GROUP BY 1, 2, 3;
INSERT INTO insight_brand_histograms
SELECT organization_website_id, brand, category, insight_histogram_add(NULL, array_agg(difference), array_agg(products))
  FROM insight_brand_differences WHERE products <> 0 GROUP BY 1, 2, 3;
INSERT INTO insight_brand_total_histograms
SELECT organization_website_id, brand, insight_histogram_add(NULL, array_agg(difference), array_agg(products))
  FROM insight_brand_total_differences WHERE products <> 0 GROUP BY 1, 2;

-- 101's functions with the histograms moved from the lists the statement returns: per touched
-- row, one update adding its deltas (or one insert of a new row; the website's lock is held, so
-- no other writer inserts it meanwhile).
CREATE OR REPLACE FUNCTION insight_cells_apply(changes insight_pair_change[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cell_deltas insight_histogram_delta[];
  brand_cell_deltas insight_histogram_delta[];
BEGIN
  IF changes IS NULL OR cardinality(changes) = 0 THEN RETURN; END IF;
  PERFORM insight_close_days();
  PERFORM insight_lock_websites(ARRAY(SELECT DISTINCT ch.organization_website_id FROM unnest(changes) AS ch));
  WITH q AS (
    SELECT ch.*, ch.price_sum / nullif(ch.priced, 0) AS competitor FROM unnest(changes) AS ch OFFSET 0),
  x AS MATERIALIZED (
    SELECT q.organization_website_id AS w, q.competitor_id AS co, q.brand AS b, q.category AS ca, q.sign AS s,
           q.offers, q.in_stock, q.availability_known AS ak,
           insight_difference_tenths(q.own, q.competitor) AS d, insight_index(q.own, q.competitor) AS ix,
           insight_movement(q.then30, q.now30) AS mv30, insight_change(q.then30, q.now30) AS cg30,
           insight_movement(q.then90, q.now90) AS mv90, insight_change(q.then90, q.now90) AS cg90,
           insight_movement(q.then365, q.now365) AS mv365, insight_change(q.then365, q.now365) AS cg365
      FROM q),
  cells AS MATERIALIZED (
    SELECT * FROM (
      SELECT x.w, x.co, x.b, x.ca,
             sum(x.s)::int AS pairs, coalesce(sum(x.s) FILTER (WHERE x.d IS NOT NULL), 0)::int AS priced,
             coalesce(sum(x.s * x.ix), 0) AS index_sum,
             coalesce(sum(x.s) FILTER (WHERE x.d < -10), 0)::int AS cheaper,
             coalesce(sum(x.s) FILTER (WHERE x.d BETWEEN -10 AND 10), 0)::int AS same,
             coalesce(sum(x.s) FILTER (WHERE x.d > 10), 0)::int AS pricier,
             sum(x.s * x.offers)::int AS offers, sum(x.s * x.in_stock)::int AS in_stock, sum(x.s * x.ak)::int AS ak,
             coalesce(sum(x.s) FILTER (WHERE x.mv30 = 1), 0)::int AS up30, coalesce(sum(x.s) FILTER (WHERE x.mv30 = -1), 0)::int AS down30,
             coalesce(sum(x.s) FILTER (WHERE x.mv30 = 0), 0)::int AS unchanged30, coalesce(sum(x.s * x.cg30), 0) AS change30,
             coalesce(sum(x.s) FILTER (WHERE x.mv90 = 1), 0)::int AS up90, coalesce(sum(x.s) FILTER (WHERE x.mv90 = -1), 0)::int AS down90,
             coalesce(sum(x.s) FILTER (WHERE x.mv90 = 0), 0)::int AS unchanged90, coalesce(sum(x.s * x.cg90), 0) AS change90,
             coalesce(sum(x.s) FILTER (WHERE x.mv365 = 1), 0)::int AS up365, coalesce(sum(x.s) FILTER (WHERE x.mv365 = -1), 0)::int AS down365,
             coalesce(sum(x.s) FILTER (WHERE x.mv365 = 0), 0)::int AS unchanged365, coalesce(sum(x.s * x.cg365), 0) AS change365
        FROM x GROUP BY 1, 2, 3, 4) g
     WHERE (g.pairs, g.priced, g.index_sum, g.cheaper, g.same, g.pricier, g.offers, g.in_stock, g.ak,
            g.up30, g.down30, g.unchanged30, g.change30, g.up90, g.down90, g.unchanged90, g.change90,
            g.up365, g.down365, g.unchanged365, g.change365)
           IS DISTINCT FROM (0, 0, 0::numeric, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0::numeric, 0, 0, 0, 0::numeric, 0, 0, 0, 0::numeric)),
  -- Each cell's histogram deltas as they come (one element per change: adding them in place
  -- costs the same as adding them summed, and summing ~one row per pair first cost a second
  -- grouping of every change).
  hist AS MATERIALIZED (
    SELECT x.w, x.co, x.b, x.ca, array_agg(insight_difference_bucket(x.d)) AS ds, array_agg(x.s::int) AS ns
      FROM x WHERE x.d IS NOT NULL GROUP BY 1, 2, 3, 4),
  cells_written AS (
    INSERT INTO insight_cells AS c (organization_website_id, competitor_id, brand, category, pairs, priced, index_sum,
                                    cheaper, same, pricier, offers, in_stock, availability_known, up30, down30, unchanged30, change30,
                                    up90, down90, unchanged90, change90, up365, down365, unchanged365, change365)
    SELECT * FROM cells ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_website_id, competitor_id, brand, category) DO UPDATE
      SET pairs = c.pairs + excluded.pairs, priced = c.priced + excluded.priced, index_sum = c.index_sum + excluded.index_sum,
          cheaper = c.cheaper + excluded.cheaper, same = c.same + excluded.same, pricier = c.pricier + excluded.pricier,
          offers = c.offers + excluded.offers, in_stock = c.in_stock + excluded.in_stock,
          availability_known = c.availability_known + excluded.availability_known,
          up30 = c.up30 + excluded.up30, down30 = c.down30 + excluded.down30, unchanged30 = c.unchanged30 + excluded.unchanged30,
          change30 = c.change30 + excluded.change30,
          up90 = c.up90 + excluded.up90, down90 = c.down90 + excluded.down90, unchanged90 = c.unchanged90 + excluded.unchanged90,
          change90 = c.change90 + excluded.change90,
          up365 = c.up365 + excluded.up365, down365 = c.down365 + excluded.down365, unchanged365 = c.unchanged365 + excluded.unchanged365,
          change365 = c.change365 + excluded.change365
    RETURNING 1),
  competitors_written AS (
    INSERT INTO insight_competitors AS t (organization_website_id, competitor_id, pairs, priced, index_sum, cheaper, same, pricier, offers,
                                          in_stock, availability_known, up30, down30, unchanged30, change30, up90, down90, unchanged90,
                                          change90, up365, down365, unchanged365, change365)
    SELECT w, co, sum(pairs), sum(priced), sum(index_sum), sum(cheaper), sum(same), sum(pricier), sum(offers), sum(in_stock), sum(ak),
           sum(up30), sum(down30), sum(unchanged30), sum(change30), sum(up90), sum(down90), sum(unchanged90), sum(change90),
           sum(up365), sum(down365), sum(unchanged365), sum(change365)
      FROM cells GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (organization_website_id, competitor_id) DO UPDATE
      SET pairs = t.pairs + excluded.pairs, priced = t.priced + excluded.priced, index_sum = t.index_sum + excluded.index_sum,
          cheaper = t.cheaper + excluded.cheaper, same = t.same + excluded.same, pricier = t.pricier + excluded.pricier,
          offers = t.offers + excluded.offers, in_stock = t.in_stock + excluded.in_stock,
          availability_known = t.availability_known + excluded.availability_known,
          up30 = t.up30 + excluded.up30, down30 = t.down30 + excluded.down30, unchanged30 = t.unchanged30 + excluded.unchanged30,
          change30 = t.change30 + excluded.change30,
          up90 = t.up90 + excluded.up90, down90 = t.down90 + excluded.down90, unchanged90 = t.unchanged90 + excluded.unchanged90,
          change90 = t.change90 + excluded.change90,
          up365 = t.up365 + excluded.up365, down365 = t.down365 + excluded.down365, unchanged365 = t.unchanged365 + excluded.unchanged365,
          change365 = t.change365 + excluded.change365
    RETURNING 1),
  brand_cells_written AS (
    INSERT INTO insight_brand_cells AS c (organization_website_id, brand, competitor_id, pairs, priced, index_sum, cheaper, same, pricier,
                                          offers, in_stock, availability_known, up30, down30, unchanged30, change30, up90, down90,
                                          unchanged90, change90, up365, down365, unchanged365, change365)
    SELECT w, b, co, sum(pairs), sum(priced), sum(index_sum), sum(cheaper), sum(same), sum(pricier), sum(offers), sum(in_stock), sum(ak),
           sum(up30), sum(down30), sum(unchanged30), sum(change30), sum(up90), sum(down90), sum(unchanged90), sum(change90),
           sum(up365), sum(down365), sum(unchanged365), sum(change365)
      FROM cells GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (organization_website_id, brand, competitor_id) DO UPDATE
      SET pairs = c.pairs + excluded.pairs, priced = c.priced + excluded.priced, index_sum = c.index_sum + excluded.index_sum,
          cheaper = c.cheaper + excluded.cheaper, same = c.same + excluded.same, pricier = c.pricier + excluded.pricier,
          offers = c.offers + excluded.offers, in_stock = c.in_stock + excluded.in_stock,
          availability_known = c.availability_known + excluded.availability_known,
          up30 = c.up30 + excluded.up30, down30 = c.down30 + excluded.down30, unchanged30 = c.unchanged30 + excluded.unchanged30,
          change30 = c.change30 + excluded.change30,
          up90 = c.up90 + excluded.up90, down90 = c.down90 + excluded.down90, unchanged90 = c.unchanged90 + excluded.unchanged90,
          change90 = c.change90 + excluded.change90,
          up365 = c.up365 + excluded.up365, down365 = c.down365 + excluded.down365, unchanged365 = c.unchanged365 + excluded.unchanged365,
          change365 = c.change365 + excluded.change365
    RETURNING 1),
  category_cells_written AS (
    INSERT INTO insight_category_cells AS c (organization_website_id, category, competitor_id, pairs, priced, index_sum, cheaper, same,
                                             pricier, offers, in_stock, availability_known, up30, down30, unchanged30, change30, up90,
                                             down90, unchanged90, change90, up365, down365, unchanged365, change365)
    SELECT w, ca, co, sum(pairs), sum(priced), sum(index_sum), sum(cheaper), sum(same), sum(pricier), sum(offers), sum(in_stock), sum(ak),
           sum(up30), sum(down30), sum(unchanged30), sum(change30), sum(up90), sum(down90), sum(unchanged90), sum(change90),
           sum(up365), sum(down365), sum(unchanged365), sum(change365)
      FROM cells GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (organization_website_id, category, competitor_id) DO UPDATE
      SET pairs = c.pairs + excluded.pairs, priced = c.priced + excluded.priced, index_sum = c.index_sum + excluded.index_sum,
          cheaper = c.cheaper + excluded.cheaper, same = c.same + excluded.same, pricier = c.pricier + excluded.pricier,
          offers = c.offers + excluded.offers, in_stock = c.in_stock + excluded.in_stock,
          availability_known = c.availability_known + excluded.availability_known,
          up30 = c.up30 + excluded.up30, down30 = c.down30 + excluded.down30, unchanged30 = c.unchanged30 + excluded.unchanged30,
          change30 = c.change30 + excluded.change30,
          up90 = c.up90 + excluded.up90, down90 = c.down90 + excluded.down90, unchanged90 = c.unchanged90 + excluded.unchanged90,
          change90 = c.change90 + excluded.change90,
          up365 = c.up365 + excluded.up365, down365 = c.down365 + excluded.down365, unchanged365 = c.unchanged365 + excluded.unchanged365,
          change365 = c.change365 + excluded.change365
    RETURNING 1),
  websites_written AS (
    INSERT INTO insight_websites AS w (organization_website_id, updated_at)
    SELECT DISTINCT x.w, now() FROM x ORDER BY 1
    ON CONFLICT (organization_website_id) DO UPDATE SET updated_at = now() WHERE w.updated_at < now()
    RETURNING 1)
  -- Every data-modifying part of a WITH runs to its end whether read or not. The histograms'
  -- deltas leave the statement as one list per rollup row (106); one level up summed first
  -- (~2,000,000 changes of a feed import fall on ~500,000 brand cell x difference).
  SELECT (SELECT array_agg(ROW(h.w, h.co, h.b, h.ca, h.ds, h.ns)::insight_histogram_delta) FROM hist h),
         (SELECT array_agg(ROW(g.w, g.co, g.b, NULL, g.ds, g.ns)::insight_histogram_delta)
            FROM (SELECT s.w, s.co, s.b, array_agg(s.d) AS ds, array_agg(s.n) AS ns
                    FROM (SELECT x.w, x.co, x.b, insight_difference_bucket(x.d) AS d, sum(x.s)::int AS n
                            FROM x WHERE x.d IS NOT NULL GROUP BY 1, 2, 3, 4 HAVING sum(x.s) <> 0) s
                   GROUP BY 1, 2, 3) g)
    INTO cell_deltas, brand_cell_deltas;
  IF cell_deltas IS NOT NULL THEN
    UPDATE insight_cell_histograms h SET pairs = insight_histogram_add(h.pairs, d.ds, d.ns)
      FROM unnest(cell_deltas) AS d
     WHERE h.organization_website_id = d.w AND h.competitor_id = d.co AND h.brand = d.b AND h.category = d.ca;
    INSERT INTO insight_cell_histograms (organization_website_id, competitor_id, brand, category, pairs)
    SELECT d.w, d.co, d.b, d.ca, insight_histogram_add(NULL, d.ds, d.ns) FROM unnest(cell_deltas) AS d
     WHERE NOT EXISTS (SELECT 1 FROM insight_cell_histograms h
                        WHERE h.organization_website_id = d.w AND h.competitor_id = d.co AND h.brand = d.b AND h.category = d.ca)
     ORDER BY 1, 2, 3, 4;
  END IF;
  IF brand_cell_deltas IS NOT NULL THEN
    UPDATE insight_brand_cell_histograms h SET pairs = insight_histogram_add(h.pairs, d.ds, d.ns)
      FROM unnest(brand_cell_deltas) AS d
     WHERE h.organization_website_id = d.w AND h.brand = d.b AND h.competitor_id = d.co;
    INSERT INTO insight_brand_cell_histograms (organization_website_id, brand, competitor_id, pairs)
    SELECT d.w, d.b, d.co, insight_histogram_add(NULL, d.ds, d.ns) FROM unnest(brand_cell_deltas) AS d
     WHERE NOT EXISTS (SELECT 1 FROM insight_brand_cell_histograms h
                        WHERE h.organization_website_id = d.w AND h.brand = d.b AND h.competitor_id = d.co)
     ORDER BY 1, 2, 3;
  END IF;
END $$;

CREATE OR REPLACE FUNCTION insight_brands_apply(changes insight_product_change[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  brand_deltas insight_histogram_delta[];
  total_deltas insight_histogram_delta[];
BEGIN
  IF changes IS NULL OR cardinality(changes) = 0 THEN RETURN; END IF;
  PERFORM insight_lock_websites(ARRAY(SELECT DISTINCT ch.organization_website_id FROM unnest(changes) AS ch));
  WITH x AS MATERIALIZED (
    SELECT ch.organization_website_id AS w, ch.brand AS b, ch.category AS ca, ch.sign AS s, ch.matched,
           insight_difference_tenths(ch.own, ch.market) AS d, insight_index(ch.own, ch.market) AS ix
      FROM unnest(changes) AS ch),
  rows AS MATERIALIZED (
    SELECT * FROM (
      SELECT x.w, x.b, x.ca, sum(x.s)::int AS products, coalesce(sum(x.s) FILTER (WHERE x.matched), 0)::int AS matched,
             coalesce(sum(x.s) FILTER (WHERE x.d IS NOT NULL), 0)::int AS priced, coalesce(sum(x.s * x.ix), 0) AS index_sum,
             coalesce(sum(x.s * (x.ix - 100)), 0) AS difference_sum,
             coalesce(sum(x.s) FILTER (WHERE x.d < -10), 0)::int AS cheaper,
             coalesce(sum(x.s) FILTER (WHERE x.d BETWEEN -10 AND 10), 0)::int AS same,
             coalesce(sum(x.s) FILTER (WHERE x.d > 10), 0)::int AS pricier
        FROM x GROUP BY 1, 2, 3) g
     WHERE (g.products, g.matched, g.priced, g.index_sum, g.difference_sum, g.cheaper, g.same, g.pricier)
           IS DISTINCT FROM (0, 0, 0, 0::numeric, 0::numeric, 0, 0, 0)),
  hist AS MATERIALIZED (
    SELECT x.w, x.b, x.ca, insight_difference_bucket(x.d) AS d, sum(x.s)::int AS n
      FROM x WHERE x.d IS NOT NULL GROUP BY 1, 2, 3, 4 HAVING sum(x.s) <> 0),
  brands_written AS (
    INSERT INTO insight_brands AS b (organization_website_id, brand, category, products, matched, priced, index_sum, difference_sum,
                                     cheaper, same, pricier)
    SELECT * FROM rows ORDER BY 1, 2, 3
    ON CONFLICT (organization_website_id, brand, category) DO UPDATE
      SET products = b.products + excluded.products, matched = b.matched + excluded.matched, priced = b.priced + excluded.priced,
          index_sum = b.index_sum + excluded.index_sum, difference_sum = b.difference_sum + excluded.difference_sum,
          cheaper = b.cheaper + excluded.cheaper, same = b.same + excluded.same, pricier = b.pricier + excluded.pricier
    RETURNING 1),
  totals_written AS (
    INSERT INTO insight_brand_totals AS b (organization_website_id, brand, products, matched, priced, index_sum, difference_sum,
                                           cheaper, same, pricier)
    SELECT w, b, sum(products), sum(matched), sum(priced), sum(index_sum), sum(difference_sum), sum(cheaper), sum(same), sum(pricier)
      FROM rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (organization_website_id, brand) DO UPDATE
      SET products = b.products + excluded.products, matched = b.matched + excluded.matched, priced = b.priced + excluded.priced,
          index_sum = b.index_sum + excluded.index_sum, difference_sum = b.difference_sum + excluded.difference_sum,
          cheaper = b.cheaper + excluded.cheaper, same = b.same + excluded.same, pricier = b.pricier + excluded.pricier
    RETURNING 1),
  websites_written AS (
    INSERT INTO insight_websites AS w (organization_website_id, updated_at)
    SELECT DISTINCT ch.organization_website_id, now() FROM unnest(changes) AS ch ORDER BY 1
    ON CONFLICT (organization_website_id) DO UPDATE SET updated_at = now() WHERE w.updated_at < now()
    RETURNING 1)
  SELECT (SELECT array_agg(ROW(g.w, NULL, g.b, g.ca, g.ds, g.ns)::insight_histogram_delta)
            FROM (SELECT h.w, h.b, h.ca, array_agg(h.d) AS ds, array_agg(h.n) AS ns FROM hist h GROUP BY 1, 2, 3) g),
         (SELECT array_agg(ROW(g.w, NULL, g.b, NULL, g.ds, g.ns)::insight_histogram_delta)
            FROM (SELECT s.w, s.b, array_agg(s.d) AS ds, array_agg(s.n) AS ns
                    FROM (SELECT h.w, h.b, h.d, sum(h.n)::int AS n FROM hist h GROUP BY 1, 2, 3 HAVING sum(h.n) <> 0) s
                   GROUP BY 1, 2) g)
    INTO brand_deltas, total_deltas;
  IF brand_deltas IS NOT NULL THEN
    UPDATE insight_brand_histograms h SET products = insight_histogram_add(h.products, d.ds, d.ns)
      FROM unnest(brand_deltas) AS d
     WHERE h.organization_website_id = d.w AND h.brand = d.b AND h.category = d.ca;
    INSERT INTO insight_brand_histograms (organization_website_id, brand, category, products)
    SELECT d.w, d.b, d.ca, insight_histogram_add(NULL, d.ds, d.ns) FROM unnest(brand_deltas) AS d
     WHERE NOT EXISTS (SELECT 1 FROM insight_brand_histograms h WHERE h.organization_website_id = d.w AND h.brand = d.b AND h.category = d.ca)
     ORDER BY 1, 2, 3;
  END IF;
  IF total_deltas IS NOT NULL THEN
    UPDATE insight_brand_total_histograms h SET products = insight_histogram_add(h.products, d.ds, d.ns)
      FROM unnest(total_deltas) AS d
     WHERE h.organization_website_id = d.w AND h.brand = d.b;
    INSERT INTO insight_brand_total_histograms (organization_website_id, brand, products)
    SELECT d.w, d.b, insight_histogram_add(NULL, d.ds, d.ns) FROM unnest(total_deltas) AS d
     WHERE NOT EXISTS (SELECT 1 FROM insight_brand_total_histograms h WHERE h.organization_website_id = d.w AND h.brand = d.b)
     ORDER BY 1, 2;
  END IF;
END $$;


-- The recount from scratch (094's part, renamed by 096) counts the arrays.
CREATE OR REPLACE FUNCTION insight_rebuild_counts(website uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_rebuild_rollups(website);
  DELETE FROM insight_cell_histograms WHERE organization_website_id = website;
  DELETE FROM insight_brand_histograms WHERE organization_website_id = website;
  INSERT INTO insight_cell_histograms (organization_website_id, competitor_id, brand, category, pairs)
  SELECT website, x.co, x.b, x.ca, insight_histogram_add(NULL, array_agg(x.d), array_agg(x.n))
    FROM (SELECT pr.competitor_id AS co, coalesce(p.brand, '') AS b, coalesce(p.category, '') AS ca,
                 insight_difference_bucket(insight_difference_tenths(p.price, pr.price_sum / nullif(pr.priced, 0))) AS d, count(*)::int AS n
            FROM insight_pairs pr JOIN products p ON p.id = pr.product_id AND p.active
           WHERE pr.organization_website_id = website
             AND insight_difference_tenths(p.price, pr.price_sum / nullif(pr.priced, 0)) IS NOT NULL
           GROUP BY 1, 2, 3, 4) x
   GROUP BY 1, 2, 3, 4;
  INSERT INTO insight_brand_histograms (organization_website_id, brand, category, products)
  SELECT website, x.b, x.ca, insight_histogram_add(NULL, array_agg(x.d), array_agg(x.n))
    FROM (SELECT coalesce(p.brand, '') AS b, coalesce(p.category, '') AS ca,
                 insight_difference_bucket(insight_difference_tenths(p.price, p.competitor_avg_price)) AS d, count(*)::int AS n
            FROM products p
           WHERE p.organization_website_id = website AND p.active AND insight_difference_tenths(p.price, p.competitor_avg_price) IS NOT NULL
           GROUP BY 1, 2, 3) x
   GROUP BY 1, 2, 3;
END $$;

-- 097's sums one level up, the histograms summed element by element over the categories.
CREATE OR REPLACE FUNCTION insight_brand_rollups_recount(website_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insight_brand_cells WHERE organization_website_id = ANY(website_ids);
  DELETE FROM insight_brand_cell_histograms WHERE organization_website_id = ANY(website_ids);
  DELETE FROM insight_brand_totals WHERE organization_website_id = ANY(website_ids);
  DELETE FROM insight_brand_total_histograms WHERE organization_website_id = ANY(website_ids);
  INSERT INTO insight_brand_cells
  SELECT organization_website_id, brand, competitor_id, sum(pairs), sum(priced), sum(index_sum), sum(cheaper), sum(same), sum(pricier),
         sum(offers), sum(in_stock), sum(availability_known),
         sum(up30), sum(down30), sum(unchanged30), sum(change30), sum(up90), sum(down90), sum(unchanged90), sum(change90),
         sum(up365), sum(down365), sum(unchanged365), sum(change365)
    FROM insight_cells WHERE organization_website_id = ANY(website_ids)
   GROUP BY 1, 2, 3 HAVING sum(pairs) <> 0 OR sum(priced) <> 0 OR sum(offers) <> 0 OR sum(index_sum) <> 0;
  INSERT INTO insight_brand_cell_histograms (organization_website_id, brand, competitor_id, pairs)
  SELECT x.w, x.b, x.co, insight_histogram_add(NULL, array_agg(x.d), array_agg(x.n))
    FROM (SELECT h.organization_website_id AS w, h.brand AS b, h.competitor_id AS co, e.difference AS d, sum(e.n)::int AS n
            FROM insight_cell_histograms h, insight_histogram_rows(h.pairs) AS e
           WHERE h.organization_website_id = ANY(website_ids)
           GROUP BY 1, 2, 3, 4 HAVING sum(e.n) <> 0) x
   GROUP BY 1, 2, 3;
  INSERT INTO insight_brand_totals
  SELECT organization_website_id, brand, sum(products), sum(matched), sum(priced), sum(index_sum), sum(difference_sum), sum(cheaper),
         sum(same), sum(pricier)
    FROM insight_brands WHERE organization_website_id = ANY(website_ids)
   GROUP BY 1, 2 HAVING sum(products) <> 0 OR sum(matched) <> 0 OR sum(priced) <> 0 OR sum(index_sum) <> 0;
  INSERT INTO insight_brand_total_histograms (organization_website_id, brand, products)
  SELECT x.w, x.b, insight_histogram_add(NULL, array_agg(x.d), array_agg(x.n))
    FROM (SELECT h.organization_website_id AS w, h.brand AS b, e.difference AS d, sum(e.n)::int AS n
            FROM insight_brand_histograms h, insight_histogram_rows(h.products) AS e
           WHERE h.organization_website_id = ANY(website_ids)
           GROUP BY 1, 2, 3 HAVING sum(e.n) <> 0) x
   GROUP BY 1, 2;
END $$;

CREATE OR REPLACE FUNCTION insight_differences_websites_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insight_cell_histograms WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_brand_histograms WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_daily_categories WHERE organization_website_id IN (SELECT id FROM old_websites);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION insight_brand_rollups_websites_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insight_brand_cells WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_brand_cell_histograms WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_brand_totals WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_brand_total_histograms WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_daily_brands WHERE organization_website_id IN (SELECT id FROM old_websites);
  RETURN NULL;
END $$;

-- The fold groups every change of its notes (2,000,000 for a feed import of 100,000 own prices at
-- ten competitors): with the default 4 MB its sorts and hash tables spilled to disk (~200 MB for
-- the changes' sort), so it gets more room while it runs (one fold at a time: the job is stately).
ALTER FUNCTION insight_fold() SET work_mem = '64MB';

-- Earlier links of the fold's chains that nothing calls since 101 and that wrote the old tables.
DROP FUNCTION insight_cells_apply_brands(insight_pair_change[]);
DROP FUNCTION insight_cells_apply_categories(insight_pair_change[]);
DROP FUNCTION insight_brands_apply_categories(insight_product_change[]);

DROP TABLE insight_cell_differences;
DROP TABLE insight_brand_cell_differences;
DROP TABLE insight_brand_differences;
DROP TABLE insight_brand_total_differences;
