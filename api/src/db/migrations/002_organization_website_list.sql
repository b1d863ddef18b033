-- The website picker's list (OrganizationWebsiteList) at 10,000+ websites: what every page
-- needs is kept ready, so a request is one statement (an index walk of the page's rows plus
-- their own joins) instead of a count over the whole list and a feed lookup per row.
-- Valid on PostgreSQL 15 and on PGlite (PostgreSQL 18).

-- 1. hasFeed on the row: how many product feeds the organization website has, maintained by
--    every write to product_feeds (statement-level triggers: a bulk insert is one update per
--    website). Increments and decrements lock the website's row, so concurrent feed writes
--    never lose a count.
ALTER TABLE organization_websites ADD COLUMN feed_count integer NOT NULL DEFAULT 0 CHECK (feed_count >= 0);
UPDATE organization_websites ow
   SET feed_count = f.n
  FROM (SELECT organization_website_id AS id, count(*)::int AS n FROM product_feeds GROUP BY 1) f
 WHERE ow.id = f.id;

CREATE FUNCTION product_feeds_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE organization_websites SET feed_count = 0 WHERE feed_count <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE organization_websites ow SET feed_count = ow.feed_count + d.n
      FROM (SELECT organization_website_id AS id, count(*)::int AS n FROM added_feeds GROUP BY 1) d
     WHERE ow.id = d.id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE organization_websites ow SET feed_count = ow.feed_count - d.n
      FROM (SELECT organization_website_id AS id, count(*)::int AS n FROM removed_feeds GROUP BY 1) d
     WHERE ow.id = d.id;
  ELSE -- UPDATE (row level): a feed moved to another organization website
    UPDATE organization_websites SET feed_count = feed_count - 1 WHERE id = OLD.organization_website_id;
    UPDATE organization_websites SET feed_count = feed_count + 1 WHERE id = NEW.organization_website_id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER product_feeds_counted_insert AFTER INSERT ON product_feeds
  REFERENCING NEW TABLE AS added_feeds FOR EACH STATEMENT EXECUTE FUNCTION product_feeds_counted();
CREATE TRIGGER product_feeds_counted_delete AFTER DELETE ON product_feeds
  REFERENCING OLD TABLE AS removed_feeds FOR EACH STATEMENT EXECUTE FUNCTION product_feeds_counted();
-- Moves are rare; a row trigger can be limited to the column and to real changes.
CREATE TRIGGER product_feeds_counted_update AFTER UPDATE OF organization_website_id ON product_feeds
  FOR EACH ROW WHEN (OLD.organization_website_id IS DISTINCT FROM NEW.organization_website_id)
  EXECUTE FUNCTION product_feeds_counted();
CREATE TRIGGER product_feeds_counted_truncate AFTER TRUNCATE ON product_feeds
  FOR EACH STATEMENT EXECUTE FUNCTION product_feeds_counted();

-- 2. The list's total without counting: organization websites per organization, maintained by
--    every write to organization_websites. The total of all organizations is the sum of these
--    rows (one per organization), the total of one organization its row.
CREATE TABLE organization_website_counts (
  organization_id  uuid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  websites         integer NOT NULL CHECK (websites >= 0)
);
INSERT INTO organization_website_counts (organization_id, websites)
SELECT organization_id, count(*)::int FROM organization_websites GROUP BY 1;

CREATE FUNCTION organization_websites_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM organization_website_counts;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN -- row level: a website moved to another organization
    UPDATE organization_website_counts SET websites = websites - 1 WHERE organization_id = OLD.organization_id;
    INSERT INTO organization_website_counts AS c (organization_id, websites) VALUES (NEW.organization_id, 1)
        ON CONFLICT (organization_id) DO UPDATE SET websites = c.websites + 1;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE organization_website_counts c SET websites = c.websites - d.n
      FROM (SELECT organization_id, count(*)::int AS n FROM removed_websites GROUP BY 1) d
     WHERE c.organization_id = d.organization_id;
  ELSE
    INSERT INTO organization_website_counts AS c (organization_id, websites)
    SELECT organization_id, count(*)::int FROM added_websites GROUP BY 1 ORDER BY 1
        ON CONFLICT (organization_id) DO UPDATE SET websites = c.websites + EXCLUDED.websites;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER organization_websites_counted_insert AFTER INSERT ON organization_websites
  REFERENCING NEW TABLE AS added_websites FOR EACH STATEMENT EXECUTE FUNCTION organization_websites_counted();
CREATE TRIGGER organization_websites_counted_delete AFTER DELETE ON organization_websites
  REFERENCING OLD TABLE AS removed_websites FOR EACH STATEMENT EXECUTE FUNCTION organization_websites_counted();
-- Not on every update (feed counts change often): only when a website changes organization.
CREATE TRIGGER organization_websites_counted_update AFTER UPDATE OF organization_id ON organization_websites
  FOR EACH ROW WHEN (OLD.organization_id IS DISTINCT FROM NEW.organization_id)
  EXECUTE FUNCTION organization_websites_counted();
CREATE TRIGGER organization_websites_counted_truncate AFTER TRUNCATE ON organization_websites
  FOR EACH STATEMENT EXECUTE FUNCTION organization_websites_counted();

-- 3. The name search through the trigram index. At 10,000 rows the planner estimates a
--    sequential scan cheaper, but ILIKE on every row costs ~6 ms in PGlite (~2 ms in
--    PostgreSQL) against ~1 ms through the index; the setting applies inside this function only.
--    Patterns of fewer than 3 letters have no trigrams, and the planner then walks an index or
--    the table as before. `organization` NULL means every organization.
CREATE FUNCTION organization_websites_named(pattern text, organization uuid)
RETURNS TABLE (id uuid, name text, organization_id uuid, website_id uuid, feed_count integer, api_key text)
LANGUAGE sql STABLE
SET enable_seqscan = off
AS $$
  SELECT ow.id, ow.name, ow.organization_id, ow.website_id, ow.feed_count, ow.api_key
    FROM organization_websites ow
   WHERE ow.name ILIKE pattern AND (organization IS NULL OR ow.organization_id = organization)
$$;
