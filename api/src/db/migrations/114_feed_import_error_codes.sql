-- A feed import's rejected row carries a code and the values its sentence names
-- (api/src/feeds/README.md, "Rejected rows"), so the console words it in the UI language; before,
-- only the English reason was stored, and a Czech user read "must not be negative".
-- Rows stored before have no code: the console shows their English reason, as it did.
ALTER TABLE feed_import_errors
  ADD COLUMN code text,
  ADD COLUMN params jsonb;
