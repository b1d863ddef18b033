-- Data insights: rollups per brand without the category (api/src/insights/README.md, "Grain").
--
-- Every answer without a category filter groups by brand and/or competitor, yet read the cells
-- (website x competitor x brand x category: 80,000 rows at the benchmark's 100,000 products)
-- or the brand rows (website x brand x category: 8,000). The same sums one level up — kept by
-- the same fold, in the same statements, under the website's lock already held — answer them
-- from website x competitor x brand (2,000 rows) and website x brand (200 rows):
--   insight_brand_cells              the cells summed over categories (heat map, competitor rows
--                                    of a brand, dynamics of a brand);
--   insight_brand_cell_differences   their histogram of differences (another tolerance), keyed
--                                    by difference first so a tolerance's band is one range;
--   insight_brand_totals             the brand rows summed over categories (brand rows, Home);
--   insight_brand_total_differences  their histogram against the market;
--   insight_daily_brands             closed days per website x brand x competitor (a brand's
--                                    price index over time), written with insight_daily.
-- The recount from scratch (insight_rebuild) sums them from the recounted finer rollups.

CREATE TABLE insight_brand_cells (
  organization_website_id  uuid NOT NULL,
  brand                    text NOT NULL,
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
  up30 integer NOT NULL DEFAULT 0, down30 integer NOT NULL DEFAULT 0, unchanged30 integer NOT NULL DEFAULT 0, change30 numeric NOT NULL DEFAULT 0,
  up90 integer NOT NULL DEFAULT 0, down90 integer NOT NULL DEFAULT 0, unchanged90 integer NOT NULL DEFAULT 0, change90 numeric NOT NULL DEFAULT 0,
  up365 integer NOT NULL DEFAULT 0, down365 integer NOT NULL DEFAULT 0, unchanged365 integer NOT NULL DEFAULT 0, change365 numeric NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_website_id, brand, competitor_id)
);

CREATE TABLE insight_brand_cell_differences (
  organization_website_id  uuid NOT NULL,
  difference               smallint NOT NULL,
  brand                    text NOT NULL,
  competitor_id            uuid NOT NULL,
  pairs                    integer NOT NULL,
  PRIMARY KEY (organization_website_id, difference, brand, competitor_id)
);

CREATE TABLE insight_brand_totals (
  organization_website_id  uuid NOT NULL,
  brand                    text NOT NULL,
  products                 integer NOT NULL DEFAULT 0,
  matched                  integer NOT NULL DEFAULT 0,
  priced                   integer NOT NULL DEFAULT 0,
  index_sum                numeric NOT NULL DEFAULT 0,
  difference_sum           numeric NOT NULL DEFAULT 0,
  cheaper                  integer NOT NULL DEFAULT 0,
  same                     integer NOT NULL DEFAULT 0,
  pricier                  integer NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_website_id, brand)
);

CREATE TABLE insight_brand_total_differences (
  organization_website_id  uuid NOT NULL,
  difference               smallint NOT NULL,
  brand                    text NOT NULL,
  products                 integer NOT NULL,
  PRIMARY KEY (organization_website_id, difference, brand)
);

CREATE TABLE insight_daily_brands (
  organization_website_id  uuid NOT NULL,
  brand                    text NOT NULL,
  day                      date NOT NULL,
  competitor_id            uuid NOT NULL,
  priced                   integer NOT NULL,
  index_sum                numeric NOT NULL,
  PRIMARY KEY (organization_website_id, brand, day, competitor_id)
);

-- Sums the finer rollups of the given websites into these (the recount, and this migration).
CREATE FUNCTION insight_brand_rollups_recount(website_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insight_brand_cells WHERE organization_website_id = ANY(website_ids);
  DELETE FROM insight_brand_cell_differences WHERE organization_website_id = ANY(website_ids);
  DELETE FROM insight_brand_totals WHERE organization_website_id = ANY(website_ids);
  DELETE FROM insight_brand_total_differences WHERE organization_website_id = ANY(website_ids);
  INSERT INTO insight_brand_cells
  SELECT organization_website_id, brand, competitor_id, sum(pairs), sum(priced), sum(index_sum), sum(cheaper), sum(same), sum(pricier),
         sum(offers), sum(in_stock), sum(availability_known),
         sum(up30), sum(down30), sum(unchanged30), sum(change30), sum(up90), sum(down90), sum(unchanged90), sum(change90),
         sum(up365), sum(down365), sum(unchanged365), sum(change365)
    FROM insight_cells WHERE organization_website_id = ANY(website_ids)
   GROUP BY 1, 2, 3 HAVING sum(pairs) <> 0 OR sum(priced) <> 0 OR sum(offers) <> 0 OR sum(index_sum) <> 0;
  INSERT INTO insight_brand_cell_differences
  SELECT organization_website_id, difference, brand, competitor_id, sum(pairs)
    FROM insight_cell_differences WHERE organization_website_id = ANY(website_ids)
   GROUP BY 1, 2, 3, 4 HAVING sum(pairs) <> 0;
  INSERT INTO insight_brand_totals
  SELECT organization_website_id, brand, sum(products), sum(matched), sum(priced), sum(index_sum), sum(difference_sum), sum(cheaper),
         sum(same), sum(pricier)
    FROM insight_brands WHERE organization_website_id = ANY(website_ids)
   GROUP BY 1, 2 HAVING sum(products) <> 0 OR sum(matched) <> 0 OR sum(priced) <> 0 OR sum(index_sum) <> 0;
  INSERT INTO insight_brand_total_differences
  SELECT organization_website_id, difference, brand, sum(products)
    FROM insight_brand_differences WHERE organization_website_id = ANY(website_ids)
   GROUP BY 1, 2, 3 HAVING sum(products) <> 0;
END $$;

SELECT insight_brand_rollups_recount(array_agg(id)) FROM organization_websites;
INSERT INTO insight_daily_brands
SELECT organization_website_id, brand, day, competitor_id, sum(priced), sum(index_sum) FROM insight_daily GROUP BY 1, 2, 3, 4;

-- The fold's cell deltas (094's function, which locks the websites) also move the brand cells
-- and their histogram: one more upsert per touched brand x competitor and difference.
ALTER FUNCTION insight_cells_apply(insight_pair_change[]) RENAME TO insight_cells_apply_categories;
CREATE FUNCTION insight_cells_apply(changes insight_pair_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changes IS NULL OR cardinality(changes) = 0 THEN RETURN; END IF;
  PERFORM insight_cells_apply_categories(changes);
  WITH x AS (
    SELECT ch.*, insight_difference_tenths(ch.own, ch.price_sum / nullif(ch.priced, 0)) AS d,
           insight_index(ch.own, ch.price_sum / nullif(ch.priced, 0)) AS ix,
           insight_movement(ch.then30, ch.now30) AS mv30, insight_change(ch.then30, ch.now30) AS cg30,
           insight_movement(ch.then90, ch.now90) AS mv90, insight_change(ch.then90, ch.now90) AS cg90,
           insight_movement(ch.then365, ch.now365) AS mv365, insight_change(ch.then365, ch.now365) AS cg365
      FROM unnest(changes) AS ch)
  INSERT INTO insight_brand_cells AS c
  SELECT x.organization_website_id, x.brand, x.competitor_id,
         sum(x.sign)::int, coalesce(sum(x.sign) FILTER (WHERE x.d IS NOT NULL), 0)::int, coalesce(sum(x.sign * x.ix), 0),
         coalesce(sum(x.sign) FILTER (WHERE x.d < -10), 0)::int, coalesce(sum(x.sign) FILTER (WHERE x.d BETWEEN -10 AND 10), 0)::int,
         coalesce(sum(x.sign) FILTER (WHERE x.d > 10), 0)::int,
         sum(x.sign * x.offers)::int, sum(x.sign * x.in_stock)::int, sum(x.sign * x.availability_known)::int,
         coalesce(sum(x.sign) FILTER (WHERE x.mv30 = 1), 0)::int, coalesce(sum(x.sign) FILTER (WHERE x.mv30 = -1), 0)::int,
         coalesce(sum(x.sign) FILTER (WHERE x.mv30 = 0), 0)::int, coalesce(sum(x.sign * x.cg30), 0),
         coalesce(sum(x.sign) FILTER (WHERE x.mv90 = 1), 0)::int, coalesce(sum(x.sign) FILTER (WHERE x.mv90 = -1), 0)::int,
         coalesce(sum(x.sign) FILTER (WHERE x.mv90 = 0), 0)::int, coalesce(sum(x.sign * x.cg90), 0),
         coalesce(sum(x.sign) FILTER (WHERE x.mv365 = 1), 0)::int, coalesce(sum(x.sign) FILTER (WHERE x.mv365 = -1), 0)::int,
         coalesce(sum(x.sign) FILTER (WHERE x.mv365 = 0), 0)::int, coalesce(sum(x.sign * x.cg365), 0)
    FROM x GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
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
        change365 = c.change365 + excluded.change365;
  INSERT INTO insight_brand_cell_differences AS h (organization_website_id, difference, brand, competitor_id, pairs)
  SELECT x.organization_website_id, insight_difference_bucket(x.d), x.brand, x.competitor_id, sum(x.sign)
    FROM (SELECT ch.organization_website_id, ch.competitor_id, ch.brand, ch.sign,
                 insight_difference_tenths(ch.own, ch.price_sum / nullif(ch.priced, 0)) AS d
            FROM unnest(changes) AS ch) x
   WHERE x.d IS NOT NULL
   GROUP BY 1, 2, 3, 4 HAVING sum(x.sign) <> 0
   ORDER BY 1, 2, 3, 4
  ON CONFLICT (organization_website_id, difference, brand, competitor_id) DO UPDATE SET pairs = h.pairs + excluded.pairs;
END $$;

-- The brand rows' deltas (094's function) also move the brand totals and their histogram.
ALTER FUNCTION insight_brands_apply(insight_product_change[]) RENAME TO insight_brands_apply_categories;
CREATE FUNCTION insight_brands_apply(changes insight_product_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changes IS NULL OR cardinality(changes) = 0 THEN RETURN; END IF;
  PERFORM insight_brands_apply_categories(changes);
  INSERT INTO insight_brand_totals AS b (organization_website_id, brand, products, matched, priced, index_sum, difference_sum,
                                         cheaper, same, pricier)
  SELECT x.organization_website_id, x.brand, sum(x.sign), coalesce(sum(x.sign) FILTER (WHERE x.matched), 0),
         coalesce(sum(x.sign) FILTER (WHERE x.d IS NOT NULL), 0), coalesce(sum(x.sign * x.ix), 0),
         coalesce(sum(x.sign * (x.ix - 100)), 0),
         coalesce(sum(x.sign) FILTER (WHERE x.d < -10), 0), coalesce(sum(x.sign) FILTER (WHERE x.d BETWEEN -10 AND 10), 0),
         coalesce(sum(x.sign) FILTER (WHERE x.d > 10), 0)
    FROM (SELECT ch.*, insight_difference_tenths(ch.own, ch.market) AS d, insight_index(ch.own, ch.market) AS ix
            FROM unnest(changes) AS ch) x
   GROUP BY 1, 2
   ORDER BY 1, 2
  ON CONFLICT (organization_website_id, brand) DO UPDATE
    SET products = b.products + excluded.products, matched = b.matched + excluded.matched, priced = b.priced + excluded.priced,
        index_sum = b.index_sum + excluded.index_sum, difference_sum = b.difference_sum + excluded.difference_sum,
        cheaper = b.cheaper + excluded.cheaper, same = b.same + excluded.same, pricier = b.pricier + excluded.pricier;
  INSERT INTO insight_brand_total_differences AS h (organization_website_id, difference, brand, products)
  SELECT x.organization_website_id, insight_difference_bucket(x.d), x.brand, sum(x.sign)
    FROM (SELECT ch.organization_website_id, ch.brand, ch.sign, insight_difference_tenths(ch.own, ch.market) AS d
            FROM unnest(changes) AS ch) x
   WHERE x.d IS NOT NULL
   GROUP BY 1, 2, 3 HAVING sum(x.sign) <> 0
   ORDER BY 1, 2, 3
  ON CONFLICT (organization_website_id, difference, brand) DO UPDATE SET products = h.products + excluded.products;
END $$;

-- Closing days (095's body) also writes the brands' days.
CREATE OR REPLACE FUNCTION insight_close_days() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  today date := (now() AT TIME ZONE 'UTC')::date;
  through date;
  starts date;
BEGIN
  IF (SELECT closed_through >= today - 1 AND starts_for IS NOT DISTINCT FROM today FROM insight_state) THEN RETURN; END IF;
  SELECT closed_through, starts_for INTO through, starts FROM insight_state FOR UPDATE SKIP LOCKED;
  IF NOT FOUND THEN RETURN; END IF;
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
    INSERT INTO insight_daily_categories (organization_website_id, competitor_id, category, day, priced, index_sum)
    SELECT c.organization_website_id, c.competitor_id, c.category, d::date, c.priced, c.index_sum
      FROM (SELECT organization_website_id, competitor_id, category, sum(priced) AS priced, sum(index_sum) AS index_sum
              FROM insight_cells GROUP BY 1, 2, 3 HAVING sum(priced) > 0) c
     CROSS JOIN generate_series(greatest(through + 1, today - 366), today - 1, interval '1 day') AS d
    ON CONFLICT DO NOTHING;
    -- Summed from the closed days as they now stand (a day closed again keeps its earlier rows).
    INSERT INTO insight_daily_brands AS b (organization_website_id, brand, day, competitor_id, priced, index_sum)
    SELECT d.organization_website_id, d.brand, d.day, d.competitor_id, sum(d.priced), sum(d.index_sum)
      FROM insight_websites w
      JOIN insight_daily d ON d.organization_website_id = w.organization_website_id
                          AND d.day BETWEEN greatest(through + 1, today - 366) AND today - 1
     GROUP BY 1, 2, 3, 4
     ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_website_id, brand, day, competitor_id) DO UPDATE
      SET priced = excluded.priced, index_sum = excluded.index_sum
      WHERE (b.priced, b.index_sum) IS DISTINCT FROM (excluded.priced, excluded.index_sum);
    UPDATE insight_state SET closed_through = today - 1, updated_at = now();
  END IF;
  IF starts IS DISTINCT FROM today THEN PERFORM insight_starts_advance(); END IF;
END $$;

-- The recount of closed days from the history covers the brands' days.
ALTER FUNCTION insight_backfill_days(uuid, integer) RENAME TO insight_backfill_days_categories;
CREATE FUNCTION insight_backfill_days(website uuid, days integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  today date := (now() AT TIME ZONE 'UTC')::date;
  written integer;
BEGIN
  written := insight_backfill_days_categories(website, days);
  DELETE FROM insight_daily_brands WHERE organization_website_id = website AND day >= today - days AND day < today;
  INSERT INTO insight_daily_brands (organization_website_id, brand, day, competitor_id, priced, index_sum)
  SELECT organization_website_id, brand, day, competitor_id, sum(priced), sum(index_sum)
    FROM insight_daily WHERE organization_website_id = website AND day >= today - days AND day < today
   GROUP BY 1, 2, 3, 4;
  RETURN written;
END $$;

-- The recount from scratch (096's) is followed by these sums.
ALTER FUNCTION insight_rebuild(uuid) RENAME TO insight_rebuild_counted;
CREATE FUNCTION insight_rebuild(website uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_rebuild_counted(website);
  PERFORM insight_brand_rollups_recount(ARRAY[website]);
END $$;

CREATE FUNCTION insight_brand_rollups_websites_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insight_brand_cells WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_brand_cell_differences WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_brand_totals WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_brand_total_differences WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_daily_brands WHERE organization_website_id IN (SELECT id FROM old_websites);
  RETURN NULL;
END $$;
CREATE TRIGGER insight_brand_rollups_websites_deleted AFTER DELETE ON organization_websites
  REFERENCING OLD TABLE AS old_websites FOR EACH STATEMENT EXECUTE FUNCTION insight_brand_rollups_websites_deleted();
