-- Data insights: a category filter without a brand filter reads the series from closed days per
-- website x competitor x category (instead of every brand's row of insight_daily in those
-- categories over the period), and the cells are found by brand or by category through their
-- own indexes (the cells' primary key starts with the competitor). README.md, "Grain".

CREATE TABLE insight_daily_categories (
  organization_website_id  uuid NOT NULL,
  competitor_id            uuid NOT NULL,
  category                 text NOT NULL,
  day                      date NOT NULL,
  priced                   integer NOT NULL,
  index_sum                numeric NOT NULL,
  PRIMARY KEY (organization_website_id, category, day, competitor_id)
);
INSERT INTO insight_daily_categories
SELECT organization_website_id, competitor_id, category, day, sum(priced), sum(index_sum) FROM insight_daily GROUP BY 1, 2, 3, 4;

CREATE INDEX insight_cells_brand_idx ON insight_cells (organization_website_id, brand);
CREATE INDEX insight_cells_category_idx ON insight_cells (organization_website_id, category);

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
    UPDATE insight_state SET closed_through = today - 1, updated_at = now();
  END IF;
  IF starts IS DISTINCT FROM today THEN PERFORM insight_starts_advance(); END IF;
END $$;

-- The recount of closed days from the history covers the categories' days.
ALTER FUNCTION insight_backfill_days(uuid, integer) RENAME TO insight_backfill_days_rollups;
CREATE FUNCTION insight_backfill_days(website uuid, days integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  today date := (now() AT TIME ZONE 'UTC')::date;
  written integer;
BEGIN
  written := insight_backfill_days_rollups(website, days);
  DELETE FROM insight_daily_categories WHERE organization_website_id = website AND day >= today - days AND day < today;
  INSERT INTO insight_daily_categories (organization_website_id, competitor_id, category, day, priced, index_sum)
  SELECT organization_website_id, competitor_id, category, day, sum(priced), sum(index_sum)
    FROM insight_daily WHERE organization_website_id = website AND day >= today - days AND day < today
   GROUP BY 1, 2, 3, 4;
  RETURN written;
END $$;

CREATE OR REPLACE FUNCTION insight_differences_websites_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM insight_cell_differences WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_brand_differences WHERE organization_website_id IN (SELECT id FROM old_websites);
  DELETE FROM insight_daily_categories WHERE organization_website_id IN (SELECT id FROM old_websites);
  RETURN NULL;
END $$;
