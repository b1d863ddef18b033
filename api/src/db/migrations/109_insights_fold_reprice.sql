-- Data insights: a product whose own price alone moved is passed to the cells as one reprice
-- (api/src/insights/README.md, "Own prices moved (109)").
--
-- A feed import that changes every own price moves every pair of every product within its cells.
-- Until now the fold built each pair's two contributions (out at the old price, in at the new) as
-- values of insight_pair_change in one array (2,000,000 for 100,000 products at ten competitors:
-- ~8 s of the fold's ~30 s at the benchmark's size), which insight_cells_apply unnested again.
-- Now such a product is one insight_reprice (its brand, category, old and new own price), and
-- insight_cells_apply reads its pairs itself in the statement that sums them, as rows, never as an
-- array. The contributions are the same (the price's part of each pair, as 101 passed them), so
-- the rollups are unchanged (api/test/insights-rollups.test.ts, insights-fold.test.ts).

CREATE TYPE insight_reprice AS (product_id uuid, brand text, category text, old_price numeric, new_price numeric);

CREATE FUNCTION insight_cells_apply(changes insight_pair_change[], reprices insight_reprice[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cell_deltas insight_histogram_delta[];
  brand_cell_deltas insight_histogram_delta[];
BEGIN
  IF coalesce(cardinality(changes), 0) = 0 AND coalesce(cardinality(reprices), 0) = 0 THEN RETURN; END IF;
  PERFORM insight_close_days();
  PERFORM insight_lock_websites(ARRAY(
    SELECT ch.organization_website_id FROM unnest(changes) AS ch
    UNION SELECT p.organization_website_id FROM products p WHERE p.id IN (SELECT r.product_id FROM unnest(reprices) AS r)));
  WITH q AS (
    SELECT ch.*, ch.price_sum / nullif(ch.priced, 0) AS competitor FROM unnest(changes) AS ch
    UNION ALL
    -- A repriced product's pairs: out at the old own price, in at the new; only the price's part
    -- (offers, availability and dynamics are the same in both and would cancel).
    SELECT v.sign, pr.organization_website_id, pr.competitor_id, r.brand, r.category, v.own, 0, pr.priced, pr.price_sum, 0, 0,
           NULL, NULL, NULL, NULL, NULL, NULL, pr.price_sum / nullif(pr.priced, 0)
      FROM unnest(reprices) AS r JOIN insight_pairs pr ON pr.product_id = r.product_id,
           LATERAL (VALUES (-1, r.old_price), (1, r.new_price)) AS v (sign, own)
    OFFSET 0),
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


-- The one-argument form, as every other caller passes its changes.
CREATE OR REPLACE FUNCTION insight_cells_apply(changes insight_pair_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_cells_apply(changes, NULL::insight_reprice[]);
END $$;

-- Counts the given products again (096's step 2): the noted ones and those whose pairs were
-- recounted (pair_product_ids). Each product's counted row is written once, with its arrays
-- rebuilt when its pairs were recounted or it is counted anew.
CREATE OR REPLACE FUNCTION insight_products_count(product_ids uuid[], pair_product_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  cells insight_pair_change[];
  reprices insight_reprice[];
  brands insight_product_change[];
BEGIN
  ids := ARRAY(SELECT DISTINCT u.id FROM unnest(coalesce(product_ids, '{}') || coalesce(pair_product_ids, '{}')) AS u (id)
                WHERE u.id IS NOT NULL ORDER BY 1);
  IF cardinality(ids) = 0 THEN RETURN; END IF;
  -- Slots for the competitors of the products whose arrays may be rebuilt below (those of
  -- recounted pairs, and those not counted yet). The counted rows need no row locks: every
  -- writer of them (this fold, the recount) holds their website's lock (093), taken by the caller.
  PERFORM insight_slots_assign(coalesce(pair_product_ids, '{}') || ARRAY(
    SELECT u.id FROM unnest(product_ids) AS u (id)
     WHERE NOT EXISTS (SELECT 1 FROM insight_products_counted c WHERE c.product_id = u.id)));
  WITH counted AS (SELECT c.* FROM insight_products_counted c WHERE c.product_id = ANY(ids)),
  present AS (
    SELECT p.id AS product_id, p.organization_website_id, coalesce(p.brand, '') AS brand, coalesce(p.category, '') AS category,
           p.price, p.competitor_avg_price AS market, p.matched_count > 0 AS matched
      FROM products p WHERE p.id = ANY(ids) AND p.active),
  both_sides AS (
    SELECT coalesce(c.product_id, n.product_id) AS product_id, c.product_id IS NOT NULL AS had, n.product_id IS NOT NULL AS has,
           c.organization_website_id AS c_site, c.brand AS c_brand, c.category AS c_category, c.price AS c_price, c.market AS c_market,
           c.matched AS c_matched, c.pair_offers AS c_offers, c.pair_priced AS c_priced, c.pair_cents AS c_cents,
           n.organization_website_id AS n_site, n.brand AS n_brand, n.category AS n_category, n.price AS n_price, n.market AS n_market,
           n.matched AS n_matched,
           c.product_id IS NOT NULL AND n.product_id IS NOT NULL AND (c.brand, c.category) IS NOT DISTINCT FROM (n.brand, n.category)
             AND c.price IS DISTINCT FROM n.price AS price_only,
           (c.product_id IS NULL, c.brand, c.category, c.price) IS DISTINCT FROM (n.product_id IS NULL, n.brand, n.category, n.price)
             AS cells_moved,
           (c.product_id IS NULL, c.organization_website_id, c.brand, c.category, c.price, c.market, c.matched)
             IS DISTINCT FROM (n.product_id IS NULL, n.organization_website_id, n.brand, n.category, n.price, n.market, n.matched)
             AS counted_moved
      FROM counted c FULL JOIN present n ON n.product_id = c.product_id),
  fresh_arrays AS (
    SELECT a.* FROM insight_slots_of(ARRAY(
      SELECT bs.product_id FROM both_sides bs
       WHERE bs.has AND (NOT bs.had OR bs.product_id = ANY(coalesce(pair_product_ids, '{}'))))) a),
  changed AS (
    SELECT bs.*, coalesce(a.offers, bs.c_offers) AS n_offers, coalesce(a.priced, bs.c_priced) AS n_priced,
           coalesce(a.cents, bs.c_cents) AS n_cents
      FROM both_sides bs LEFT JOIN fresh_arrays a ON a.product_id = bs.product_id
     WHERE bs.counted_moved
        OR (bs.has AND (bs.c_offers, bs.c_priced, bs.c_cents) IS DISTINCT FROM (a.offers, a.priced, a.cents) AND a.product_id IS NOT NULL)),
  gone AS (
    DELETE FROM insight_products_counted pc USING changed ch WHERE ch.had AND NOT ch.has AND pc.product_id = ch.product_id
    RETURNING 1),
  kept AS (
    INSERT INTO insight_products_counted AS pc (product_id, organization_website_id, brand, category, price, market, matched,
                                                pair_offers, pair_priced, pair_cents)
    SELECT ch.product_id, ch.n_site, ch.n_brand, ch.n_category, ch.n_price, ch.n_market, ch.n_matched,
           coalesce(ch.n_offers, '{}'), coalesce(ch.n_priced, '{}'), coalesce(ch.n_cents, '{}')
      FROM changed ch WHERE ch.has
     ORDER BY ch.product_id
    ON CONFLICT (product_id) DO UPDATE
      SET organization_website_id = excluded.organization_website_id, brand = excluded.brand, category = excluded.category,
          price = excluded.price, market = excluded.market, matched = excluded.matched,
          pair_offers = excluded.pair_offers, pair_priced = excluded.pair_priced, pair_cents = excluded.pair_cents
    RETURNING 1),
  moved AS (SELECT * FROM changed ch WHERE ch.counted_moved),
  brand_changes AS (
    SELECT array_agg(x.ch) AS a FROM (
      SELECT ROW(-1, ch.c_site, ch.c_brand, ch.c_category, ch.c_price, ch.c_market, ch.c_matched)::insight_product_change AS ch
        FROM moved ch WHERE ch.had
      UNION ALL
      SELECT ROW(1, ch.n_site, ch.n_brand, ch.n_category, ch.n_price, ch.n_market, ch.n_matched)::insight_product_change
        FROM moved ch WHERE ch.has) x),
  -- A product moved within its cells by its price alone is passed as one reprice (its pairs are
  -- read by insight_cells_apply, 109); the others pass each pair out and in.
  cell_changes AS (
    SELECT array_agg(x.ch) AS a FROM (
      SELECT ROW(-1, pr.organization_website_id, pr.competitor_id, ch.c_brand, ch.c_category, ch.c_price, pr.offers, pr.priced,
                 pr.price_sum, pr.in_stock, pr.availability_known, pr.then30, pr.now30, pr.then90, pr.now90, pr.then365,
                 pr.now365)::insight_pair_change AS ch
        FROM moved ch JOIN insight_pairs pr ON pr.product_id = ch.product_id WHERE ch.had AND ch.cells_moved AND NOT ch.price_only
      UNION ALL
      SELECT ROW(1, pr.organization_website_id, pr.competitor_id, ch.n_brand, ch.n_category, ch.n_price, pr.offers, pr.priced,
                 pr.price_sum, pr.in_stock, pr.availability_known, pr.then30, pr.now30, pr.then90, pr.now90, pr.then365,
                 pr.now365)::insight_pair_change
        FROM moved ch JOIN insight_pairs pr ON pr.product_id = ch.product_id WHERE ch.has AND ch.cells_moved AND NOT ch.price_only) x),
  reprice_changes AS (
    SELECT array_agg(ROW(ch.product_id, ch.n_brand, ch.n_category, ch.c_price, ch.n_price)::insight_reprice) AS a
      FROM moved ch WHERE ch.price_only)
  SELECT bc.a, cc.a, rc.a INTO brands, cells, reprices FROM brand_changes bc, cell_changes cc, reprice_changes rc
   WHERE (SELECT count(*) FROM gone) >= 0 AND (SELECT count(*) FROM kept) >= 0;
  PERFORM insight_cells_apply(cells, reprices);
  PERFORM insight_brands_apply(brands);
END $$;

