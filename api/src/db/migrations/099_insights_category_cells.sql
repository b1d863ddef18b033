-- Data insights: the cells summed over brands (api/src/insights/README.md, "Grain").
--
-- A category filter without a brand filter on the competitor snapshot groups by competitor only,
-- yet read every cell of the chosen categories (200 brands x 10 competitors each at the
-- benchmark's size: 6,000 cells for three categories, four times per answer: the competitors'
-- figures, today's point of the series and the dynamics). insight_category_cells keeps the same
-- sums per website x competitor x category (400 rows), moved by the fold in the same call as the
-- cells (one more upsert per touched category x competitor) and summed from the cells by the
-- recount. Another tolerance still reads the cells' histograms.

CREATE TABLE insight_category_cells (
  organization_website_id  uuid NOT NULL,
  category                 text NOT NULL,
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
  PRIMARY KEY (organization_website_id, category, competitor_id)
);

CREATE FUNCTION insight_category_cells_recount(website_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insight_category_cells WHERE organization_website_id = ANY(website_ids);
  INSERT INTO insight_category_cells
  SELECT organization_website_id, category, competitor_id, sum(pairs), sum(priced), sum(index_sum), sum(cheaper), sum(same), sum(pricier),
         sum(offers), sum(in_stock), sum(availability_known),
         sum(up30), sum(down30), sum(unchanged30), sum(change30), sum(up90), sum(down90), sum(unchanged90), sum(change90),
         sum(up365), sum(down365), sum(unchanged365), sum(change365)
    FROM insight_cells WHERE organization_website_id = ANY(website_ids)
   GROUP BY 1, 2, 3 HAVING sum(pairs) <> 0 OR sum(priced) <> 0 OR sum(offers) <> 0 OR sum(index_sum) <> 0;
END $$;
SELECT insight_category_cells_recount(array_agg(id)) FROM organization_websites;

-- The fold's cell deltas (097's function) also move the category cells.
ALTER FUNCTION insight_cells_apply(insight_pair_change[]) RENAME TO insight_cells_apply_brands;
CREATE FUNCTION insight_cells_apply(changes insight_pair_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changes IS NULL OR cardinality(changes) = 0 THEN RETURN; END IF;
  PERFORM insight_cells_apply_brands(changes);
  WITH x AS (
    SELECT ch.*, insight_difference_tenths(ch.own, ch.price_sum / nullif(ch.priced, 0)) AS d,
           insight_index(ch.own, ch.price_sum / nullif(ch.priced, 0)) AS ix,
           insight_movement(ch.then30, ch.now30) AS mv30, insight_change(ch.then30, ch.now30) AS cg30,
           insight_movement(ch.then90, ch.now90) AS mv90, insight_change(ch.then90, ch.now90) AS cg90,
           insight_movement(ch.then365, ch.now365) AS mv365, insight_change(ch.then365, ch.now365) AS cg365
      FROM unnest(changes) AS ch)
  INSERT INTO insight_category_cells AS c
  SELECT x.organization_website_id, x.category, x.competitor_id,
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
        change365 = c.change365 + excluded.change365;
END $$;

-- The recount from scratch (098's) sums them too.
ALTER FUNCTION insight_rebuild(uuid) RENAME TO insight_rebuild_slots;
CREATE FUNCTION insight_rebuild(website uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insight_rebuild_slots(website);
  PERFORM insight_category_cells_recount(ARRAY[website]);
END $$;

CREATE FUNCTION insight_category_cells_websites_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insight_category_cells WHERE organization_website_id IN (SELECT id FROM old_websites);
  RETURN NULL;
END $$;
CREATE TRIGGER insight_category_cells_websites_deleted AFTER DELETE ON organization_websites
  REFERENCING OLD TABLE AS old_websites FOR EACH STATEMENT EXECUTE FUNCTION insight_category_cells_websites_deleted();
