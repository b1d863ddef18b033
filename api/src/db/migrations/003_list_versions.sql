-- A version number per cached list, bumped by every statement that can change what the list
-- shows, so the API may keep answers in memory and still never serve a stale one: a request
-- reads the version first (one primary-key lookup) and uses only an answer of that version.
-- Valid on PostgreSQL 15 and on PGlite (PostgreSQL 18).

CREATE TABLE data_versions (
  name     text PRIMARY KEY,
  version  bigint NOT NULL DEFAULT 0
);
INSERT INTO data_versions (name) VALUES ('organization_websites');

CREATE FUNCTION organization_websites_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_versions SET version = version + 1 WHERE name = 'organization_websites';
  RETURN NULL;
END $$;

-- The list shows organization websites (name, hasFeed via feed_count, api key), their website
-- (name, url) and their organization (name).
CREATE TRIGGER organization_websites_list_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON organization_websites
  FOR EACH STATEMENT EXECUTE FUNCTION organization_websites_changed();
CREATE TRIGGER websites_list_version AFTER UPDATE OR DELETE OR TRUNCATE ON websites
  FOR EACH STATEMENT EXECUTE FUNCTION organization_websites_changed();
CREATE TRIGGER organizations_list_version AFTER UPDATE OR DELETE OR TRUNCATE ON organizations
  FOR EACH STATEMENT EXECUTE FUNCTION organization_websites_changed();
