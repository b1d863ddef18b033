-- Data insights: pricing dynamics kept in the rollups (api/src/insights/README.md, "Dynamics"),
-- and every rollup upsert in key order.
--
-- Dynamics compare a pair's competitor price at the start of a period (30, 90 or 365 days ending
-- today, UTC) with its price now, over the pair's MATCHED offers that have both. Before this
-- migration a request read the price history per offer; now:
--   insight_offer_starts  per offer: its price at each of the three period starts (the last
--                         history change at or before the start), recounted when a day closes
--                         for the offers whose history changed in the days the starts moved over;
--   insight_pairs         per pair: Σ start price and Σ current price over offers with both, per
--                         period (then30/now30, ...), kept with the rest of the pair;
--   insight_cells,        per cell and competitor: up / down / unchanged pairs and Σ change %
--   insight_competitors   per period, moved by the same deltas as the comparisons.
-- So a dynamics answer reads the competitor totals (or the cells with a brand or category
-- filter), never the history. The products list's priceMovement filter reads the pairs' columns.
--
-- Lock order: every upsert and delete of rollup rows in a trigger takes its rows in the order of
-- the rollup's key (pairs locked FOR UPDATE in key order before they are rewritten; cells,
-- competitor totals, brands and websites inserted ORDER BY their key), so two statements that
-- touch overlapping rollup rows wait for each other instead of deadlocking.

CREATE TABLE insight_offer_starts (
  competitor_product_id  uuid PRIMARY KEY REFERENCES competitor_products (id) ON DELETE CASCADE,
  p30                    numeric(12, 2),
  p90                    numeric(12, 2),
  p365                   numeric(12, 2)
);
-- The day ("today", UTC) the offers' start prices were counted for.
ALTER TABLE insight_state ADD COLUMN starts_for date;

ALTER TABLE insight_pairs
  ADD COLUMN then30 numeric(16, 2), ADD COLUMN now30 numeric(16, 2),
  ADD COLUMN then90 numeric(16, 2), ADD COLUMN now90 numeric(16, 2),
  ADD COLUMN then365 numeric(16, 2), ADD COLUMN now365 numeric(16, 2);

ALTER TABLE insight_cells
  ADD COLUMN up30 integer NOT NULL DEFAULT 0, ADD COLUMN down30 integer NOT NULL DEFAULT 0,
  ADD COLUMN unchanged30 integer NOT NULL DEFAULT 0, ADD COLUMN change30 numeric NOT NULL DEFAULT 0,
  ADD COLUMN up90 integer NOT NULL DEFAULT 0, ADD COLUMN down90 integer NOT NULL DEFAULT 0,
  ADD COLUMN unchanged90 integer NOT NULL DEFAULT 0, ADD COLUMN change90 numeric NOT NULL DEFAULT 0,
  ADD COLUMN up365 integer NOT NULL DEFAULT 0, ADD COLUMN down365 integer NOT NULL DEFAULT 0,
  ADD COLUMN unchanged365 integer NOT NULL DEFAULT 0, ADD COLUMN change365 numeric NOT NULL DEFAULT 0;
ALTER TABLE insight_competitors
  ADD COLUMN up30 integer NOT NULL DEFAULT 0, ADD COLUMN down30 integer NOT NULL DEFAULT 0,
  ADD COLUMN unchanged30 integer NOT NULL DEFAULT 0, ADD COLUMN change30 numeric NOT NULL DEFAULT 0,
  ADD COLUMN up90 integer NOT NULL DEFAULT 0, ADD COLUMN down90 integer NOT NULL DEFAULT 0,
  ADD COLUMN unchanged90 integer NOT NULL DEFAULT 0, ADD COLUMN change90 numeric NOT NULL DEFAULT 0,
  ADD COLUMN up365 integer NOT NULL DEFAULT 0, ADD COLUMN down365 integer NOT NULL DEFAULT 0,
  ADD COLUMN unchanged365 integer NOT NULL DEFAULT 0, ADD COLUMN change365 numeric NOT NULL DEFAULT 0;

ALTER TYPE insight_pair_change
  ADD ATTRIBUTE then30 numeric, ADD ATTRIBUTE now30 numeric,
  ADD ATTRIBUTE then90 numeric, ADD ATTRIBUTE now90 numeric,
  ADD ATTRIBUTE then365 numeric, ADD ATTRIBUTE now365 numeric;

-- How a pair moved: 1 up, -1 down, 0 unchanged, NULL without both prices (> 0). The sums are over
-- the same offers, so comparing them compares the averages.
CREATE FUNCTION insight_movement(then_sum numeric, now_sum numeric) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN then_sum > 0 AND now_sum > 0 THEN sign(now_sum - then_sum)::integer END
$$;
-- (now / then - 1) x 100, rounded to 6 decimals so that sums kept by deltas stay exact.
CREATE FUNCTION insight_change(then_sum numeric, now_sum numeric) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN then_sum > 0 AND now_sum > 0 THEN round((now_sum / then_sum - 1) * 100, 6) END
$$;
-- The moment a period of `days` days ending on `today` starts (midnight UTC of its first day).
CREATE FUNCTION insight_period_start(today date, days integer) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (today - (days - 1))::timestamp AT TIME ZONE 'UTC'
$$;

-- The start prices of the given offers, counted for `today`. Offers without any price at the
-- earliest start of the three (nothing at or before the 30-day start) keep no row.
CREATE FUNCTION insight_offer_starts_recount(offer_ids uuid[], today date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF offer_ids IS NULL OR cardinality(offer_ids) = 0 THEN RETURN; END IF;
  DELETE FROM insight_offer_starts s
   WHERE s.competitor_product_id IN (SELECT s2.competitor_product_id FROM insight_offer_starts s2
                                      WHERE s2.competitor_product_id = ANY(offer_ids)
                                      ORDER BY 1 FOR UPDATE);
  INSERT INTO insight_offer_starts (competitor_product_id, p30, p90, p365)
  SELECT x.id, x.p30, x.p90, x.p365
    FROM (SELECT o.id,
                 (SELECT h.price FROM competitor_price_history h WHERE h.competitor_product_id = o.id
                     AND h.seen_at <= insight_period_start(today, 30) ORDER BY h.seen_at DESC LIMIT 1) AS p30,
                 (SELECT h.price FROM competitor_price_history h WHERE h.competitor_product_id = o.id
                     AND h.seen_at <= insight_period_start(today, 90) ORDER BY h.seen_at DESC LIMIT 1) AS p90,
                 (SELECT h.price FROM competitor_price_history h WHERE h.competitor_product_id = o.id
                     AND h.seen_at <= insight_period_start(today, 365) ORDER BY h.seen_at DESC LIMIT 1) AS p365
            FROM (SELECT DISTINCT id FROM unnest(offer_ids) AS u (id)) o
            JOIN competitor_products cp ON cp.id = o.id) x
   WHERE x.p30 IS NOT NULL
   ORDER BY x.id;
END $$;

-- The competitor side of the given pairs as the matches and offers stand (one row per pair with
-- at least one MATCHED offer), in insight_pairs' columns.
CREATE FUNCTION insight_pairs_fresh(product_ids uuid[], competitor_ids uuid[])
  RETURNS SETOF insight_pairs LANGUAGE sql STABLE AS $$
  SELECT m.product_id, m.competitor_id, co.organization_website_id, count(*)::int, count(cp.price)::int, sum(cp.price),
         count(*) FILTER (WHERE cp.availability = 'in_stock')::int,
         count(*) FILTER (WHERE cp.availability IN ('in_stock', 'out_of_stock', 'preorder'))::int,
         sum(s.p30) FILTER (WHERE cp.price IS NOT NULL), sum(cp.price) FILTER (WHERE s.p30 IS NOT NULL),
         sum(s.p90) FILTER (WHERE cp.price IS NOT NULL), sum(cp.price) FILTER (WHERE s.p90 IS NOT NULL),
         sum(s.p365) FILTER (WHERE cp.price IS NOT NULL), sum(cp.price) FILTER (WHERE s.p365 IS NOT NULL)
    FROM (SELECT DISTINCT k.p, k.c FROM unnest(product_ids, competitor_ids) AS k (p, c)) k
    JOIN product_matches m ON m.product_id = k.p AND m.competitor_id = k.c AND m.status = 'MATCHED'
    JOIN competitor_products cp ON cp.id = m.competitor_product_id
    JOIN competitors co ON co.id = m.competitor_id
    LEFT JOIN insight_offer_starts s ON s.competitor_product_id = cp.id
   GROUP BY m.product_id, m.competitor_id, co.organization_website_id
$$;

CREATE OR REPLACE FUNCTION insight_cells_apply(changes insight_pair_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changes IS NULL OR cardinality(changes) = 0 THEN RETURN; END IF;
  PERFORM insight_close_days();
  WITH x AS (
    SELECT ch.*, insight_difference_tenths(ch.own, ch.price_sum / nullif(ch.priced, 0)) AS d,
           insight_index(ch.own, ch.price_sum / nullif(ch.priced, 0)) AS ix,
           insight_movement(ch.then30, ch.now30) AS mv30, insight_change(ch.then30, ch.now30) AS cg30,
           insight_movement(ch.then90, ch.now90) AS mv90, insight_change(ch.then90, ch.now90) AS cg90,
           insight_movement(ch.then365, ch.now365) AS mv365, insight_change(ch.then365, ch.now365) AS cg365
      FROM unnest(changes) AS ch),
  cells AS (
    SELECT x.organization_website_id, x.competitor_id, x.brand, x.category,
           sum(x.sign)::int AS pairs, coalesce(sum(x.sign) FILTER (WHERE x.d IS NOT NULL), 0)::int AS priced, coalesce(sum(x.sign * x.ix), 0) AS index_sum,
           coalesce(sum(x.sign) FILTER (WHERE x.d < -10), 0)::int AS cheaper, coalesce(sum(x.sign) FILTER (WHERE x.d BETWEEN -10 AND 10), 0)::int AS same,
           coalesce(sum(x.sign) FILTER (WHERE x.d > 10), 0)::int AS pricier,
           sum(x.sign * x.offers)::int AS offers, sum(x.sign * x.in_stock)::int AS in_stock, sum(x.sign * x.availability_known)::int AS availability_known,
           coalesce(sum(x.sign) FILTER (WHERE x.mv30 = 1), 0)::int AS up30, coalesce(sum(x.sign) FILTER (WHERE x.mv30 = -1), 0)::int AS down30,
           coalesce(sum(x.sign) FILTER (WHERE x.mv30 = 0), 0)::int AS unchanged30, coalesce(sum(x.sign * x.cg30), 0) AS change30,
           coalesce(sum(x.sign) FILTER (WHERE x.mv90 = 1), 0)::int AS up90, coalesce(sum(x.sign) FILTER (WHERE x.mv90 = -1), 0)::int AS down90,
           coalesce(sum(x.sign) FILTER (WHERE x.mv90 = 0), 0)::int AS unchanged90, coalesce(sum(x.sign * x.cg90), 0) AS change90,
           coalesce(sum(x.sign) FILTER (WHERE x.mv365 = 1), 0)::int AS up365, coalesce(sum(x.sign) FILTER (WHERE x.mv365 = -1), 0)::int AS down365,
           coalesce(sum(x.sign) FILTER (WHERE x.mv365 = 0), 0)::int AS unchanged365, coalesce(sum(x.sign * x.cg365), 0) AS change365
      FROM x GROUP BY 1, 2, 3, 4),
  competitor_totals AS (
    INSERT INTO insight_competitors AS t (organization_website_id, competitor_id, pairs, priced, index_sum, cheaper, same, pricier, offers,
                                          in_stock, availability_known, up30, down30, unchanged30, change30, up90, down90, unchanged90,
                                          change90, up365, down365, unchanged365, change365)
    SELECT organization_website_id, competitor_id, sum(pairs), sum(priced), sum(index_sum), sum(cheaper), sum(same), sum(pricier), sum(offers),
           sum(in_stock), sum(availability_known), sum(up30), sum(down30), sum(unchanged30), sum(change30), sum(up90), sum(down90),
           sum(unchanged90), sum(change90), sum(up365), sum(down365), sum(unchanged365), sum(change365)
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
    RETURNING 1)
  -- The competitor totals' upsert runs as part of this statement (a data-modifying WITH always does).
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
        change365 = c.change365 + excluded.change365;
  INSERT INTO insight_websites AS w (organization_website_id, updated_at)
  SELECT DISTINCT ch.organization_website_id, now() FROM unnest(changes) AS ch ORDER BY 1
  ON CONFLICT (organization_website_id) DO UPDATE SET updated_at = now() WHERE w.updated_at < now();
END $$;

CREATE OR REPLACE FUNCTION insight_brands_apply(changes insight_product_change[]) RETURNS void LANGUAGE plpgsql AS $$
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
  SELECT DISTINCT ch.organization_website_id, now() FROM unnest(changes) AS ch ORDER BY 1
  ON CONFLICT (organization_website_id) DO UPDATE SET updated_at = now() WHERE w.updated_at < now();
END $$;

-- As in 090, with the dynamics' sums, and the pairs locked in key order before they change.
CREATE OR REPLACE FUNCTION insight_pairs_refresh(product_ids uuid[], competitor_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
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
  SELECT array_agg(ROW(mv.sign, mv.organization_website_id, mv.competitor_id, coalesce(p.brand, ''), coalesce(p.category, ''),
                       p.price, mv.offers, mv.priced, mv.price_sum, mv.in_stock, mv.availability_known,
                       mv.then30, mv.now30, mv.then90, mv.now90, mv.then365, mv.now365)::insight_pair_change)
    INTO changes
    FROM moved mv JOIN products p ON p.id = mv.product_id AND p.active
   WHERE (SELECT count(*) FROM upserted) >= 0 AND (SELECT count(*) FROM deleted) >= 0;
  PERFORM insight_cells_apply(changes);
END $$;

CREATE OR REPLACE FUNCTION insight_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
                 pr.offers, pr.priced, pr.price_sum, pr.in_stock, pr.availability_known,
                 pr.then30, pr.now30, pr.then90, pr.now90, pr.then365, pr.now365)::insight_pair_change AS ch
        FROM old_products o JOIN new_products n ON n.id = o.id JOIN insight_pairs pr ON pr.product_id = o.id
       WHERE o.active AND (o.price, o.brand, o.category, o.active) IS DISTINCT FROM (n.price, n.brand, n.category, n.active)
      UNION ALL
      SELECT ROW(1, pr.organization_website_id, pr.competitor_id, coalesce(n.brand, ''), coalesce(n.category, ''), n.price,
                 pr.offers, pr.priced, pr.price_sum, pr.in_stock, pr.availability_known,
                 pr.then30, pr.now30, pr.then90, pr.now90, pr.then365, pr.now365)::insight_pair_change
        FROM old_products o JOIN new_products n ON n.id = o.id JOIN insight_pairs pr ON pr.product_id = n.id
       WHERE n.active AND (o.price, o.brand, o.category, o.active) IS DISTINCT FROM (n.price, n.brand, n.category, n.active)) s;
    PERFORM insight_cells_apply(cells);
  END IF;
  PERFORM insight_brands_apply(brands);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION insight_product_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.active THEN
    PERFORM insight_brands_apply(ARRAY[ROW(-1, OLD.organization_website_id, coalesce(OLD.brand, ''), coalesce(OLD.category, ''),
                                           OLD.price, OLD.competitor_avg_price, OLD.matched_count > 0)::insight_product_change]);
    PERFORM insight_cells_apply(ARRAY(
      SELECT ROW(-1, pr.organization_website_id, pr.competitor_id, coalesce(OLD.brand, ''), coalesce(OLD.category, ''), OLD.price,
                 pr.offers, pr.priced, pr.price_sum, pr.in_stock, pr.availability_known,
                 pr.then30, pr.now30, pr.then90, pr.now90, pr.then365, pr.now365)::insight_pair_change
        FROM insight_pairs pr WHERE pr.product_id = OLD.id));
  END IF;
  DELETE FROM insight_pairs WHERE product_id = OLD.id;
  RETURN OLD;
END $$;

-- The start prices moved to `today`: only the offers with a history change in the days a start
-- moved over get a new start price (a full count the first time), then their pairs are
-- refreshed (which moves their dynamics in the cells). Called when a day closes.
CREATE FUNCTION insight_starts_advance() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  today date := (now() AT TIME ZONE 'UTC')::date;
  prev date;
  offers uuid[];
  product_ids uuid[];
  competitor_ids uuid[];
BEGIN
  SELECT starts_for INTO prev FROM insight_state FOR UPDATE;
  IF prev >= today THEN RETURN; END IF;
  IF prev IS NULL THEN
    offers := ARRAY(SELECT DISTINCT h.competitor_product_id FROM competitor_price_history h
                     WHERE h.seen_at <= insight_period_start(today, 30)
                    UNION SELECT competitor_product_id FROM insight_offer_starts);
  ELSE
    offers := ARRAY(SELECT DISTINCT h.competitor_product_id FROM competitor_price_history h
                     WHERE (h.seen_at > insight_period_start(prev, 30) AND h.seen_at <= insight_period_start(today, 30))
                        OR (h.seen_at > insight_period_start(prev, 90) AND h.seen_at <= insight_period_start(today, 90))
                        OR (h.seen_at > insight_period_start(prev, 365) AND h.seen_at <= insight_period_start(today, 365)));
  END IF;
  -- Marked first: the refresh below closes no day again.
  UPDATE insight_state SET starts_for = today;
  PERFORM insight_offer_starts_recount(offers, today);
  SELECT array_agg(m.product_id), array_agg(m.competitor_id) INTO product_ids, competitor_ids
    FROM product_matches m WHERE m.competitor_product_id = ANY(offers) AND m.status = 'MATCHED';
  PERFORM insight_pairs_refresh(product_ids, competitor_ids);
END $$;

-- Closing days also moves the period starts (once a day: the check is one read when up to date).
CREATE OR REPLACE FUNCTION insight_close_days() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  today date := (now() AT TIME ZONE 'UTC')::date;
  through date;
BEGIN
  IF (SELECT closed_through >= today - 1 AND starts_for IS NOT DISTINCT FROM today FROM insight_state) THEN RETURN; END IF;
  SELECT closed_through INTO through FROM insight_state FOR UPDATE;
  IF through < today - 1 THEN
    INSERT INTO insight_daily (organization_website_id, competitor_id, brand, category, day, priced, index_sum)
    SELECT c.organization_website_id, c.competitor_id, c.brand, c.category, d::date, c.priced, c.index_sum
      FROM insight_cells c
     CROSS JOIN generate_series(greatest(through + 1, today - 366), today - 1, interval '1 day') AS d
     WHERE c.priced > 0
    ON CONFLICT DO NOTHING;
    INSERT INTO insight_daily_totals (organization_website_id, competitor_id, day, priced, index_sum)
    SELECT c.organization_website_id, c.competitor_id, d::date, c.priced, c.index_sum
      FROM insight_competitors c
     CROSS JOIN generate_series(greatest(through + 1, today - 366), today - 1, interval '1 day') AS d
     WHERE c.priced > 0
    ON CONFLICT DO NOTHING;
    UPDATE insight_state SET closed_through = today - 1, updated_at = now();
  END IF;
  PERFORM insight_starts_advance();
END $$;

CREATE OR REPLACE FUNCTION insight_websites_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insight_cells WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_competitors WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_brands WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_daily WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_daily_totals WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_pairs WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_websites WHERE organization_website_id IN (SELECT id FROM old_websites);
  RETURN NULL;
END $$;

-- The recount from scratch: the website's offers' start prices (for the day the starts stand
-- at), then the pairs, cells, brands and competitor totals.
CREATE OR REPLACE FUNCTION insight_rebuild(website uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  starts date := coalesce((SELECT starts_for FROM insight_state), (now() AT TIME ZONE 'UTC')::date);
BEGIN
  PERFORM insight_offer_starts_recount(ARRAY(
    SELECT cp.id FROM competitor_products cp JOIN competitors co ON co.id = cp.competitor_id AND co.organization_website_id = website), starts);
  DELETE FROM insight_pairs WHERE organization_website_id = website;
  DELETE FROM insight_cells WHERE organization_website_id = website;
  DELETE FROM insight_brands WHERE organization_website_id = website;
  INSERT INTO insight_pairs
  SELECT f.* FROM insight_pairs_fresh(
    ARRAY(SELECT m.product_id FROM product_matches m JOIN competitors co ON co.id = m.competitor_id AND co.organization_website_id = website
           WHERE m.status = 'MATCHED'),
    ARRAY(SELECT m.competitor_id FROM product_matches m JOIN competitors co ON co.id = m.competitor_id AND co.organization_website_id = website
           WHERE m.status = 'MATCHED')) f;
  INSERT INTO insight_cells (organization_website_id, competitor_id, brand, category, pairs, priced, index_sum,
                             cheaper, same, pricier, offers, in_stock, availability_known, up30, down30, unchanged30, change30,
                             up90, down90, unchanged90, change90, up365, down365, unchanged365, change365)
  SELECT website, x.competitor_id, x.brand, x.category, count(*), count(x.d), coalesce(sum(x.ix), 0),
         count(*) FILTER (WHERE x.d < -10), count(*) FILTER (WHERE x.d BETWEEN -10 AND 10), count(*) FILTER (WHERE x.d > 10),
         sum(x.offers), sum(x.in_stock), sum(x.availability_known),
         count(*) FILTER (WHERE x.mv30 = 1), count(*) FILTER (WHERE x.mv30 = -1), count(*) FILTER (WHERE x.mv30 = 0), coalesce(sum(x.cg30), 0),
         count(*) FILTER (WHERE x.mv90 = 1), count(*) FILTER (WHERE x.mv90 = -1), count(*) FILTER (WHERE x.mv90 = 0), coalesce(sum(x.cg90), 0),
         count(*) FILTER (WHERE x.mv365 = 1), count(*) FILTER (WHERE x.mv365 = -1), count(*) FILTER (WHERE x.mv365 = 0), coalesce(sum(x.cg365), 0)
    FROM (SELECT pr.*, coalesce(p.brand, '') AS brand, coalesce(p.category, '') AS category,
                 insight_difference_tenths(p.price, pr.price_sum / nullif(pr.priced, 0)) AS d,
                 insight_index(p.price, pr.price_sum / nullif(pr.priced, 0)) AS ix,
                 insight_movement(pr.then30, pr.now30) AS mv30, insight_change(pr.then30, pr.now30) AS cg30,
                 insight_movement(pr.then90, pr.now90) AS mv90, insight_change(pr.then90, pr.now90) AS cg90,
                 insight_movement(pr.then365, pr.now365) AS mv365, insight_change(pr.then365, pr.now365) AS cg365
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
  DELETE FROM insight_competitors WHERE organization_website_id = website;
  INSERT INTO insight_competitors
    (organization_website_id, competitor_id, pairs, priced, index_sum, cheaper, same, pricier, offers, in_stock, availability_known,
     up30, down30, unchanged30, change30, up90, down90, unchanged90, change90, up365, down365, unchanged365, change365)
  SELECT organization_website_id, competitor_id, sum(pairs), sum(priced), sum(index_sum), sum(cheaper), sum(same), sum(pricier),
         sum(offers), sum(in_stock), sum(availability_known), sum(up30), sum(down30), sum(unchanged30), sum(change30),
         sum(up90), sum(down90), sum(unchanged90), sum(change90), sum(up365), sum(down365), sum(unchanged365), sum(change365)
    FROM insight_cells WHERE organization_website_id = website GROUP BY 1, 2;
  INSERT INTO insight_websites AS w (organization_website_id, updated_at) VALUES (website, now())
  ON CONFLICT (organization_website_id) DO UPDATE SET updated_at = now();
END $$;

-- Today's starts, then every website recounted with them (fills the new columns).
UPDATE insight_state SET starts_for = (now() AT TIME ZONE 'UTC')::date;
SELECT insight_rebuild(id) FROM organization_websites;
