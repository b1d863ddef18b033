-- Data insights: writers of one website's rollups take the website's row first
-- (api/src/insights/README.md, "Concurrent writers").
--
-- Key order inside a statement (092) is not enough: a transaction of two statements (a scrape's
-- competitor prices, then the products' own rollups or own prices) locks cells in the first,
-- then other cells in the second, and a second such transaction does the same in between: each
-- waits for the other (measured: api/test/insights-locks.test.ts deadlocked by its third round).
-- Every statement that writes a website's rollups already upserted insight_websites (held to the
-- end of the transaction), only last. Now it locks that row first, before any pair, cell, brand
-- or competitor row of the website, so a transaction that holds any rollup row of a website
-- holds the website's row: two writers of one website queue on it instead of deadlocking (they
-- queued on it before too, only later). Several websites in one statement are locked in key order.

-- Locks the rows without changing them (a new website's row is made; DO UPDATE ... WHERE false
-- still locks the existing row).
CREATE FUNCTION insight_lock_websites(website_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO insight_websites AS w (organization_website_id, updated_at)
  SELECT DISTINCT u.id, now() FROM unnest(website_ids) AS u (id) WHERE u.id IS NOT NULL ORDER BY 1
  ON CONFLICT (organization_website_id) DO UPDATE SET updated_at = w.updated_at WHERE false
$$;

-- The writers of 092, each behind the website lock (the callers name them, so they get the lock).
ALTER FUNCTION insight_cells_apply(insight_pair_change[]) RENAME TO insight_cells_apply_locked;
ALTER FUNCTION insight_brands_apply(insight_product_change[]) RENAME TO insight_brands_apply_locked;
ALTER FUNCTION insight_pairs_refresh(uuid[], uuid[]) RENAME TO insight_pairs_refresh_locked;

CREATE FUNCTION insight_cells_apply(changes insight_pair_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changes IS NULL OR cardinality(changes) = 0 THEN RETURN; END IF;
  PERFORM insight_close_days();
  PERFORM insight_lock_websites(ARRAY(SELECT ch.organization_website_id FROM unnest(changes) AS ch));
  PERFORM insight_cells_apply_locked(changes);
END $$;

CREATE FUNCTION insight_brands_apply(changes insight_product_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF changes IS NULL OR cardinality(changes) = 0 THEN RETURN; END IF;
  PERFORM insight_lock_websites(ARRAY(SELECT ch.organization_website_id FROM unnest(changes) AS ch));
  PERFORM insight_brands_apply_locked(changes);
END $$;

CREATE FUNCTION insight_pairs_refresh(product_ids uuid[], competitor_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF product_ids IS NULL OR cardinality(product_ids) = 0 THEN RETURN; END IF;
  PERFORM insight_close_days();
  PERFORM insight_lock_websites(ARRAY(SELECT co.organization_website_id FROM competitors co
                                       WHERE co.id IN (SELECT DISTINCT c FROM unnest(competitor_ids) AS u (c))));
  PERFORM insight_pairs_refresh_locked(product_ids, competitor_ids);
END $$;

-- Closing days: a writer that finds another one closing them goes on (SKIP LOCKED) instead of
-- waiting while it holds its own website's row (the closer refreshes every website's pairs and
-- may need that row). The days it did not wait for are the ones before today: its own writes
-- are today's, after them.
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
    UPDATE insight_state SET closed_through = today - 1, updated_at = now();
  END IF;
  IF starts IS DISTINCT FROM today THEN PERFORM insight_starts_advance(); END IF;
END $$;
