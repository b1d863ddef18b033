-- Product feeds and their imports (catalogue issue): a feed is read from a URL or an uploaded
-- file, as CSV (with a column mapping), Google Merchant XML or Heureka XML; every import is a
-- run with live progress and its row errors. Valid on PostgreSQL 15 and on PGlite (PostgreSQL 18).

-- 1. The feed: where it comes from and how to read it.
ALTER TABLE product_feeds
  ADD COLUMN source text NOT NULL DEFAULT 'url' CHECK (source IN ('url', 'upload')),
  -- CSV only: our field -> the file's column header, e.g. {"id": "ITEM_ID", "name": "NAME", "price": "PRICE"}.
  -- NULL reads the columns by our own field names.
  ADD COLUMN column_mapping jsonb CHECK (column_mapping IS NULL OR jsonb_typeof(column_mapping) = 'object'),
  ADD COLUMN csv_delimiter text NOT NULL DEFAULT ',' CHECK (csv_delimiter IN (',', ';', E'\t', '|')),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- An uploaded feed has no URL.
ALTER TABLE product_feeds ALTER COLUMN url DROP NOT NULL;
ALTER TABLE product_feeds ADD CONSTRAINT product_feeds_url_by_source CHECK (source = 'upload' OR url IS NOT NULL);

-- Formats: the first slice said 'xml' for what is Google Merchant XML; 'json' was never read.
UPDATE product_feeds SET format = 'google_xml' WHERE format = 'xml';
ALTER TABLE product_feeds DROP CONSTRAINT product_feeds_format_check;
ALTER TABLE product_feeds ADD CONSTRAINT product_feeds_format_check CHECK (format IN ('csv', 'google_xml', 'heureka_xml'));
-- Writers of the first slice (the demo seed) still say 'xml': stored as 'google_xml'.
CREATE FUNCTION product_feeds_legacy_format() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.format = 'xml' THEN NEW.format := 'google_xml'; END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER product_feeds_legacy_format BEFORE INSERT OR UPDATE OF format ON product_feeds
  FOR EACH ROW WHEN (NEW.format = 'xml') EXECUTE FUNCTION product_feeds_legacy_format();

-- 2. One import of a feed. Counts are updated while it runs (every batch), so a client polling
--    the run sees live progress; `heartbeat_at` tells a live run from one whose process died.
CREATE TABLE feed_import_runs (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- No foreign key (a table that references product_feeds would stop a plain TRUNCATE of it):
  -- the triggers of section 5 remove the runs of a removed feed.
  product_feed_id    uuid NOT NULL,
  status             text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  -- Who started it (NULL for the scheduler), and from what: the URL or the uploaded file's name.
  started_by         text REFERENCES app_users (id) ON DELETE SET NULL,
  source             text NOT NULL CHECK (source IN ('url', 'upload')),
  file_name          text,
  bytes_read         bigint NOT NULL DEFAULT 0,
  rows_read          integer NOT NULL DEFAULT 0,
  rows_imported      integer NOT NULL DEFAULT 0,
  rows_rejected      integer NOT NULL DEFAULT 0,
  -- What a successful run changed in products (a second import of the same file: all zero).
  products_created   integer NOT NULL DEFAULT 0,
  products_updated   integer NOT NULL DEFAULT 0,
  products_deactivated integer NOT NULL DEFAULT 0,
  -- A failed run: why, and where in the file (line and column when the parser knows them).
  error_message      text,
  error_line         integer,
  error_column       integer,
  created_at         timestamptz NOT NULL DEFAULT now(),
  started_at         timestamptz,
  finished_at        timestamptz,
  heartbeat_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'failed') = (error_message IS NOT NULL))
);
-- The run history of a feed, newest first.
CREATE INDEX feed_import_runs_feed_idx ON feed_import_runs (product_feed_id, created_at DESC, id);
-- At most one unfinished run per feed.
CREATE UNIQUE INDEX feed_import_runs_one_active_idx ON feed_import_runs (product_feed_id) WHERE status IN ('queued', 'running');

ALTER TABLE product_feeds ADD COLUMN last_run_id uuid REFERENCES feed_import_runs (id) ON DELETE SET NULL;

-- 3. Row errors of a run: line, field, reason. The importer stores the first 1,000 of a run
--    and counts the rest (rows_rejected).
CREATE TABLE feed_import_errors (
  run_id  uuid NOT NULL REFERENCES feed_import_runs (id) ON DELETE CASCADE,
  seq     integer NOT NULL,
  line    integer NOT NULL,
  item_id text,
  field   text NOT NULL,
  reason  text NOT NULL,
  PRIMARY KEY (run_id, seq)
);

-- 4. Products remember the feed that brought them: a full import deactivates only the products
--    of its own feed that the file no longer lists (another feed's products of the same website
--    stay as they are). Availability as the feed states it.
ALTER TABLE products
  ADD COLUMN product_feed_id uuid,
  ADD COLUMN availability text CHECK (availability IN ('in_stock', 'out_of_stock', 'preorder', 'unknown'));
CREATE INDEX products_feed_idx ON products (product_feed_id, item_id) WHERE product_feed_id IS NOT NULL;

-- 5. What goes with a feed: its runs (and so their errors) go, its products stay, no longer
--    tied to a feed. Kept by triggers instead of foreign keys, so TRUNCATE product_feeds works
--    as before this migration.
CREATE FUNCTION product_feeds_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM feed_import_runs;
    UPDATE products SET product_feed_id = NULL WHERE product_feed_id IS NOT NULL;
  ELSE
    DELETE FROM feed_import_runs r USING removed_feeds f WHERE r.product_feed_id = f.id;
    UPDATE products p SET product_feed_id = NULL FROM removed_feeds f WHERE p.product_feed_id = f.id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER product_feeds_removed_delete AFTER DELETE ON product_feeds
  REFERENCING OLD TABLE AS removed_feeds FOR EACH STATEMENT EXECUTE FUNCTION product_feeds_removed();
CREATE TRIGGER product_feeds_removed_truncate AFTER TRUNCATE ON product_feeds
  FOR EACH STATEMENT EXECUTE FUNCTION product_feeds_removed();
