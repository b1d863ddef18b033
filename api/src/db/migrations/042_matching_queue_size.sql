-- The size of the matching queue kept beside the statistics (DESIGN §5: queue state kept, never
-- aggregated per request): how many products wait to match, per website and per competitor, so
-- a queue page and the statistics read it instead of counting the queue's rows.
-- Valid on PostgreSQL 15 and on PGlite (PostgreSQL 18).
--
-- Like the statistics (migration 040), the sizes are deltas appended by the statements that
-- change matching_queue (refresh_matching_queue and cascading deletes): nothing is updated in
-- place, concurrent writers never wait on a counter, and the sum is exact in every snapshot.
-- A product is in the website's queue when it has at least one matching_queue row (one per
-- competitor it waits at), so:
--   competitor_id = C:    the number of matching_queue rows of competitor C;
--   competitor_id NULL:   the number of the website's products with a matching_queue row.
CREATE TABLE matching_queue_size_deltas (
  organization_website_id  uuid NOT NULL REFERENCES organization_websites (id) ON DELETE CASCADE,
  competitor_id            uuid REFERENCES competitors (id) ON DELETE CASCADE,
  products                 bigint NOT NULL
);
CREATE INDEX matching_queue_size_deltas_idx ON matching_queue_size_deltas (organization_website_id, competitor_id);

-- Deltas of a statement on matching_queue. Writers of one product's rows hold the product's row
-- lock (refresh_matching_queue, a product's delete), so "the product has no other row" is
-- decided on a stable set. Rows of a competitor or website deleted in the same statement are
-- left out (their deltas go with them).
CREATE FUNCTION matching_queue_size_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO matching_queue_size_deltas (organization_website_id, competitor_id, products)
    SELECT c.organization_website_id, c.id, count(*)
      FROM new_rows n JOIN competitors c ON c.id = n.competitor_id
     GROUP BY c.organization_website_id, c.id
    UNION ALL
    -- Products that entered the queue: all their rows are new.
    SELECT w.id, NULL, count(*)
      FROM (SELECT product_id, organization_website_id, count(*) AS n FROM new_rows GROUP BY 1, 2) g
      JOIN organization_websites w ON w.id = g.organization_website_id
     WHERE (SELECT count(*) FROM matching_queue q WHERE q.product_id = g.product_id) = g.n
     GROUP BY w.id;
  ELSE
    INSERT INTO matching_queue_size_deltas (organization_website_id, competitor_id, products)
    SELECT c.organization_website_id, c.id, -count(*)
      FROM old_rows o JOIN competitors c ON c.id = o.competitor_id
     GROUP BY c.organization_website_id, c.id
    UNION ALL
    -- Products that left the queue: no row of theirs is left.
    SELECT w.id, NULL, -count(*)
      FROM (SELECT DISTINCT product_id, organization_website_id FROM old_rows) g
      JOIN organization_websites w ON w.id = g.organization_website_id
     WHERE NOT EXISTS (SELECT 1 FROM matching_queue q WHERE q.product_id = g.product_id)
     GROUP BY w.id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER matching_queue_size_insert AFTER INSERT ON matching_queue
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION matching_queue_size_changed();
CREATE TRIGGER matching_queue_size_delete AFTER DELETE ON matching_queue
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION matching_queue_size_changed();

-- Folds a website's size deltas into one row per competitor and one for the website (as
-- compact_matching_statistics does for the statistics).
CREATE FUNCTION compact_matching_queue_size(website uuid) RETURNS void LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM matching_queue_size_deltas WHERE organization_website_id = website RETURNING competitor_id, products
  )
  INSERT INTO matching_queue_size_deltas (organization_website_id, competitor_id, products)
  SELECT website, competitor_id, sum(products) FROM gone GROUP BY competitor_id
$$;

-- The queue as it stands.
INSERT INTO matching_queue_size_deltas (organization_website_id, competitor_id, products)
SELECT organization_website_id, competitor_id, count(*) FROM matching_queue GROUP BY 1, 2
UNION ALL
SELECT organization_website_id, NULL, count(DISTINCT product_id) FROM matching_queue GROUP BY 1;
