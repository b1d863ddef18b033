-- Data insights: the fold moves each rollup once per fold, from one pass over the changes
-- (api/src/insights/README.md, "Kept incrementally" and "Cost of the fold").
--
-- Until now the fold's deltas went through a chain of functions, one per rollup added since 092:
-- each unnested the whole array of pair changes again and computed the difference, the index and
-- the six dynamics figures of every change again (five passes over 2,000,000 changes for a feed
-- import of 100,000 own prices at ten competitors), and the products' arrays (098) were rebuilt
-- by a second UPDATE of every counted product after the first one had set its counted state
-- (the table grew 33 → 115 MB over the benchmark's upkeep runs). Now:
--   1. insight_cells_apply computes each change's figures once, sums them per cell and per cell
--      x difference once, and moves the cells, the competitor totals, the brand cells, the
--      category cells and both histograms from those sums, in one statement; deltas that sum to
--      nothing are not written. insight_brands_apply does the same for the brand rows.
--   2. A product whose brand, category and website stay counted as they were and whose own price
--      changed moves its pairs within their cells: only the price's part of each pair (priced,
--      index, comparison, difference) differs between the old and the new contribution, so the
--      fold passes that part alone (the offers, availability and dynamics would cancel).
--   3. insight_fold recounts the pairs (as before), then counts each product once: its counted
--      state and, for the products whose pairs it recounted or that are counted anew, its arrays,
--      in one upsert.
-- The rollups stay what a recount from scratch gives (api/test/insights-rollups.test.ts).

CREATE OR REPLACE FUNCTION insight_cells_apply(changes insight_pair_change[]) RETURNS void LANGUAGE plpgsql AS $$
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
  hist AS MATERIALIZED (
    SELECT x.w, x.co, x.b, x.ca, insight_difference_bucket(x.d) AS d, sum(x.s)::int AS n
      FROM x WHERE x.d IS NOT NULL GROUP BY 1, 2, 3, 4, 5 HAVING sum(x.s) <> 0),
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
  hist_written AS (
    INSERT INTO insight_cell_differences AS h (organization_website_id, competitor_id, brand, category, difference, pairs)
    SELECT w, co, b, ca, d, n FROM hist ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (organization_website_id, competitor_id, brand, category, difference) DO UPDATE SET pairs = h.pairs + excluded.pairs
    RETURNING 1),
  brand_hist_written AS (
    INSERT INTO insight_brand_cell_differences AS h (organization_website_id, difference, brand, competitor_id, pairs)
    SELECT w, d, b, co, sum(n) FROM hist GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_website_id, difference, brand, competitor_id) DO UPDATE SET pairs = h.pairs + excluded.pairs
    RETURNING 1)
  -- Every data-modifying part of a WITH runs to its end whether read or not.
  INSERT INTO insight_websites AS w (organization_website_id, updated_at)
  SELECT DISTINCT ch.organization_website_id, now() FROM unnest(changes) AS ch ORDER BY 1
  ON CONFLICT (organization_website_id) DO UPDATE SET updated_at = now() WHERE w.updated_at < now();
END $$;

CREATE OR REPLACE FUNCTION insight_brands_apply(changes insight_product_change[]) RETURNS void LANGUAGE plpgsql AS $$
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
  hist_written AS (
    INSERT INTO insight_brand_differences AS h (organization_website_id, brand, category, difference, products)
    SELECT w, b, ca, d, n FROM hist ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_website_id, brand, category, difference) DO UPDATE SET products = h.products + excluded.products
    RETURNING 1),
  total_hist_written AS (
    INSERT INTO insight_brand_total_differences AS h (organization_website_id, difference, brand, products)
    SELECT w, d, b, sum(n) FROM hist GROUP BY 1, 2, 3 HAVING sum(n) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (organization_website_id, difference, brand) DO UPDATE SET products = h.products + excluded.products
    RETURNING 1)
  INSERT INTO insight_websites AS w (organization_website_id, updated_at)
  SELECT DISTINCT ch.organization_website_id, now() FROM unnest(changes) AS ch ORDER BY 1
  ON CONFLICT (organization_website_id) DO UPDATE SET updated_at = now() WHERE w.updated_at < now();
END $$;

-- The arrays of 098 for the given products, from their pairs as they stand (products without a
-- pair get empty arrays).
CREATE FUNCTION insight_slots_of(product_ids uuid[])
  RETURNS TABLE (product_id uuid, offers integer[], priced integer[], cents bigint[]) LANGUAGE sql AS $$
  WITH ps AS (
    SELECT pr.product_id, s.slot, pr.offers, pr.priced, (coalesce(pr.price_sum, 0) * 100)::bigint AS cents
      FROM insight_pairs pr JOIN insight_competitor_slots s ON s.competitor_id = pr.competitor_id
     WHERE pr.product_id = ANY(product_ids)),
  grid AS (
    SELECT t.product_id, g.i FROM (SELECT ps.product_id, max(ps.slot) AS top FROM ps GROUP BY 1) t, generate_series(1, t.top) AS g (i))
  SELECT c.product_id,
         coalesce(array_agg(coalesce(ps.offers, 0) ORDER BY grid.i) FILTER (WHERE grid.i IS NOT NULL), '{}'),
         coalesce(array_agg(coalesce(ps.priced, 0) ORDER BY grid.i) FILTER (WHERE grid.i IS NOT NULL), '{}'),
         coalesce(array_agg(coalesce(ps.cents, 0) ORDER BY grid.i) FILTER (WHERE grid.i IS NOT NULL), '{}')
    FROM (SELECT DISTINCT u.id AS product_id FROM unnest(product_ids) AS u (id)) c
    LEFT JOIN grid ON grid.product_id = c.product_id
    LEFT JOIN ps ON ps.product_id = grid.product_id AND ps.slot = grid.i
   GROUP BY c.product_id
$$;

-- Counts the given products again (096's step 2): the noted ones and those whose pairs were
-- recounted (pair_product_ids). Each product's counted row is written once, with its arrays
-- rebuilt when its pairs were recounted or it is counted anew.
CREATE FUNCTION insight_products_count(product_ids uuid[], pair_product_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  cells insight_pair_change[];
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
  -- A product moved within its cells by its price alone passes the price's part of each pair:
  -- offers, availability and dynamics are the same in both contributions.
  cell_changes AS (
    SELECT array_agg(x.ch) AS a FROM (
      SELECT ROW(-1, pr.organization_website_id, pr.competitor_id, ch.c_brand, ch.c_category, ch.c_price,
                 CASE WHEN ch.price_only THEN 0 ELSE pr.offers END, pr.priced, pr.price_sum,
                 CASE WHEN ch.price_only THEN 0 ELSE pr.in_stock END, CASE WHEN ch.price_only THEN 0 ELSE pr.availability_known END,
                 CASE WHEN NOT ch.price_only THEN pr.then30 END, CASE WHEN NOT ch.price_only THEN pr.now30 END,
                 CASE WHEN NOT ch.price_only THEN pr.then90 END, CASE WHEN NOT ch.price_only THEN pr.now90 END,
                 CASE WHEN NOT ch.price_only THEN pr.then365 END, CASE WHEN NOT ch.price_only THEN pr.now365 END)::insight_pair_change AS ch
        FROM moved ch JOIN insight_pairs pr ON pr.product_id = ch.product_id WHERE ch.had AND ch.cells_moved
      UNION ALL
      SELECT ROW(1, pr.organization_website_id, pr.competitor_id, ch.n_brand, ch.n_category, ch.n_price,
                 CASE WHEN ch.price_only THEN 0 ELSE pr.offers END, pr.priced, pr.price_sum,
                 CASE WHEN ch.price_only THEN 0 ELSE pr.in_stock END, CASE WHEN ch.price_only THEN 0 ELSE pr.availability_known END,
                 CASE WHEN NOT ch.price_only THEN pr.then30 END, CASE WHEN NOT ch.price_only THEN pr.now30 END,
                 CASE WHEN NOT ch.price_only THEN pr.then90 END, CASE WHEN NOT ch.price_only THEN pr.now90 END,
                 CASE WHEN NOT ch.price_only THEN pr.then365 END, CASE WHEN NOT ch.price_only THEN pr.now365 END)::insight_pair_change
        FROM moved ch JOIN insight_pairs pr ON pr.product_id = ch.product_id WHERE ch.has AND ch.cells_moved) x)
  SELECT bc.a, cc.a INTO brands, cells FROM brand_changes bc, cell_changes cc
   WHERE (SELECT count(*) FROM gone) >= 0 AND (SELECT count(*) FROM kept) >= 0;
  PERFORM insight_cells_apply(cells);
  PERFORM insight_brands_apply(brands);
END $$;

-- The fold (096's) with the products counted once: the pairs recounted first (their cells moved
-- with the products as counted), then every noted product and every product of a recounted pair.
CREATE OR REPLACE FUNCTION insight_fold() RETURNS integer LANGUAGE plpgsql AS $$
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
  IF pair_products IS NOT NULL AND cardinality(pair_products) > 0 THEN
    PERFORM insight_pairs_refresh_rollups(pair_products, pair_competitors);
  END IF;
  PERFORM insight_products_count(product_ids, pair_products);
  RETURN taken;
END $$;
