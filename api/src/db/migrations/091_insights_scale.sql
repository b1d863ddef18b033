-- Data insights at scale (api/src/insights/README.md, "Grain"): per website x competitor totals
-- of the cells (the competitor snapshot and the heat map's totals without a brand or category
-- filter read a row per competitor, not every cell), daily totals per website x competitor (the
-- price index over time without those filters), indexes for the daily rows by brand and by
-- category, and the closed days recounted from the price history (demo data, repair).

CREATE TABLE insight_competitors (
  organization_website_id  uuid NOT NULL,
  competitor_id            uuid NOT NULL,
  pairs                    integer NOT NULL DEFAULT 0,
  priced                   integer NOT NULL DEFAULT 0,
  index_sum                numeric NOT NULL DEFAULT 0,
  cheaper                  integer NOT NULL DEFAULT 0,
  same                     integer NOT NULL DEFAULT 0,
  pricier                  integer NOT NULL DEFAULT 0,
  offers                   integer NOT NULL DEFAULT 0,
  in_stock                 integer NOT NULL DEFAULT 0,
  availability_known       integer NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_website_id, competitor_id)
);
INSERT INTO insight_competitors
SELECT organization_website_id, competitor_id, sum(pairs), sum(priced), sum(index_sum), sum(cheaper), sum(same), sum(pricier),
       sum(offers), sum(in_stock), sum(availability_known)
  FROM insight_cells GROUP BY 1, 2;

CREATE TABLE insight_daily_totals (
  organization_website_id  uuid NOT NULL,
  competitor_id            uuid NOT NULL,
  day                      date NOT NULL,
  priced                   integer NOT NULL,
  index_sum                numeric NOT NULL,
  PRIMARY KEY (organization_website_id, day, competitor_id)
);
INSERT INTO insight_daily_totals
SELECT organization_website_id, competitor_id, day, sum(priced), sum(index_sum) FROM insight_daily GROUP BY 1, 2, 3;
CREATE INDEX insight_daily_brand_idx ON insight_daily (organization_website_id, brand, day);
CREATE INDEX insight_daily_category_idx ON insight_daily (organization_website_id, category, day);

-- The cells' deltas also move the competitor's totals (one upsert per competitor touched).
CREATE OR REPLACE FUNCTION insight_cells_apply(changes insight_pair_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changes IS NULL OR cardinality(changes) = 0 THEN RETURN; END IF;
  PERFORM insight_close_days();
  WITH x AS (
    SELECT ch.*, insight_difference_tenths(ch.own, ch.price_sum / nullif(ch.priced, 0)) AS d,
           insight_index(ch.own, ch.price_sum / nullif(ch.priced, 0)) AS ix
      FROM unnest(changes) AS ch),
  cells AS (
    SELECT x.organization_website_id, x.competitor_id, x.brand, x.category,
           sum(x.sign)::int AS pairs, coalesce(sum(x.sign) FILTER (WHERE x.d IS NOT NULL), 0)::int AS priced, coalesce(sum(x.sign * x.ix), 0) AS index_sum,
           coalesce(sum(x.sign) FILTER (WHERE x.d < -10), 0)::int AS cheaper, coalesce(sum(x.sign) FILTER (WHERE x.d BETWEEN -10 AND 10), 0)::int AS same,
           coalesce(sum(x.sign) FILTER (WHERE x.d > 10), 0)::int AS pricier,
           sum(x.sign * x.offers)::int AS offers, sum(x.sign * x.in_stock)::int AS in_stock, sum(x.sign * x.availability_known)::int AS availability_known
      FROM x GROUP BY 1, 2, 3, 4),
  competitor_totals AS (
    INSERT INTO insight_competitors AS t (organization_website_id, competitor_id, pairs, priced, index_sum, cheaper, same, pricier, offers,
                                          in_stock, availability_known)
    SELECT organization_website_id, competitor_id, sum(pairs), sum(priced), sum(index_sum), sum(cheaper), sum(same), sum(pricier), sum(offers),
           sum(in_stock), sum(availability_known)
      FROM cells GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (organization_website_id, competitor_id) DO UPDATE
      SET pairs = t.pairs + excluded.pairs, priced = t.priced + excluded.priced, index_sum = t.index_sum + excluded.index_sum,
          cheaper = t.cheaper + excluded.cheaper, same = t.same + excluded.same, pricier = t.pricier + excluded.pricier,
          offers = t.offers + excluded.offers, in_stock = t.in_stock + excluded.in_stock,
          availability_known = t.availability_known + excluded.availability_known
    RETURNING 1)
  -- The competitor totals' upsert runs as part of this statement (a data-modifying WITH always does).
  INSERT INTO insight_cells AS c (organization_website_id, competitor_id, brand, category, pairs, priced, index_sum,
                                  cheaper, same, pricier, offers, in_stock, availability_known)
  SELECT * FROM cells ORDER BY 1, 2, 3, 4
  ON CONFLICT (organization_website_id, competitor_id, brand, category) DO UPDATE
    SET pairs = c.pairs + excluded.pairs, priced = c.priced + excluded.priced, index_sum = c.index_sum + excluded.index_sum,
        cheaper = c.cheaper + excluded.cheaper, same = c.same + excluded.same, pricier = c.pricier + excluded.pricier,
        offers = c.offers + excluded.offers, in_stock = c.in_stock + excluded.in_stock,
        availability_known = c.availability_known + excluded.availability_known;
  INSERT INTO insight_websites AS w (organization_website_id, updated_at)
  SELECT DISTINCT ch.organization_website_id, now() FROM unnest(changes) AS ch
  ON CONFLICT (organization_website_id) DO UPDATE SET updated_at = now() WHERE w.updated_at < now();
END $$;

CREATE OR REPLACE FUNCTION insight_close_days() RETURNS void LANGUAGE plpgsql AS $$
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
  INSERT INTO insight_daily_totals (organization_website_id, competitor_id, day, priced, index_sum)
  SELECT c.organization_website_id, c.competitor_id, d::date, c.priced, c.index_sum
    FROM insight_competitors c
   CROSS JOIN generate_series(greatest(through + 1, today - 366), today - 1, interval '1 day') AS d
   WHERE c.priced > 0
  ON CONFLICT DO NOTHING;
  UPDATE insight_state SET closed_through = today - 1, updated_at = now();
END $$;

-- The recount from scratch covers the competitor totals too.
CREATE OR REPLACE FUNCTION insight_rebuild_competitors(website uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM insight_competitors WHERE organization_website_id = website;
  INSERT INTO insight_competitors
  SELECT organization_website_id, competitor_id, sum(pairs), sum(priced), sum(index_sum), sum(cheaper), sum(same), sum(pricier),
         sum(offers), sum(in_stock), sum(availability_known)
    FROM insight_cells WHERE organization_website_id = website GROUP BY 1, 2;
$$;

CREATE OR REPLACE FUNCTION insight_rebuild(website uuid) RETURNS void LANGUAGE plpgsql AS $$
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
  PERFORM insight_rebuild_competitors(website);
  INSERT INTO insight_websites AS w (organization_website_id, updated_at) VALUES (website, now())
  ON CONFLICT (organization_website_id) DO UPDATE SET updated_at = now();
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

-- The closed days of one website recounted from the
-- competitor price history (kept as changes: an offer's price on a day is the last change made
-- by the day's end), with today's matches and own prices (own prices have no history). Used by
-- the demo data and to repair; a day a write already closed is overwritten by the recount.
CREATE FUNCTION insight_backfill_days(website uuid, days integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  today date := (now() AT TIME ZONE 'UTC')::date;
  written integer;
BEGIN
  DELETE FROM insight_daily WHERE organization_website_id = website AND day >= today - days AND day < today;
  WITH offers AS (
    SELECT m.product_id, m.competitor_id, m.competitor_product_id
      FROM product_matches m JOIN competitors c ON c.id = m.competitor_id
     WHERE c.organization_website_id = website AND m.status = 'MATCHED'),
  -- The last change of each offer on each day it changed, and until when it held.
  changes AS (
    SELECT d.competitor_product_id, d.day, d.price, lead(d.day) OVER (PARTITION BY d.competitor_product_id ORDER BY d.day) AS until
      FROM (SELECT DISTINCT ON (h.competitor_product_id, (h.seen_at AT TIME ZONE 'UTC')::date)
                   h.competitor_product_id, (h.seen_at AT TIME ZONE 'UTC')::date AS day, h.price
              FROM competitor_price_history h
             WHERE h.competitor_product_id IN (SELECT competitor_product_id FROM offers)
             ORDER BY h.competitor_product_id, (h.seen_at AT TIME ZONE 'UTC')::date, h.seen_at DESC) d),
  pair_days AS (
    SELECT o.product_id, o.competitor_id, g::date AS day, avg(ch.price) AS price
      FROM offers o
      JOIN changes ch ON ch.competitor_product_id = o.competitor_product_id
      CROSS JOIN LATERAL generate_series(greatest(ch.day, today - days), least(coalesce(ch.until - 1, today - 1), today - 1), interval '1 day') AS g
     GROUP BY o.product_id, o.competitor_id, g::date),
  written_rows AS (
    INSERT INTO insight_daily (organization_website_id, competitor_id, brand, category, day, priced, index_sum)
    SELECT website, pd.competitor_id, coalesce(p.brand, ''), coalesce(p.category, ''), pd.day, count(*), sum(insight_index(p.price, pd.price))
      FROM pair_days pd JOIN products p ON p.id = pd.product_id AND p.active
     WHERE insight_index(p.price, pd.price) IS NOT NULL
     GROUP BY pd.competitor_id, coalesce(p.brand, ''), coalesce(p.category, ''), pd.day
    RETURNING 1)
  SELECT count(*) INTO written FROM written_rows;
  DELETE FROM insight_daily_totals WHERE organization_website_id = website AND day >= today - days AND day < today;
  INSERT INTO insight_daily_totals (organization_website_id, competitor_id, day, priced, index_sum)
  SELECT organization_website_id, competitor_id, day, sum(priced), sum(index_sum)
    FROM insight_daily WHERE organization_website_id = website AND day >= today - days AND day < today
   GROUP BY 1, 2, 3;
  RETURN written;
END $$;
