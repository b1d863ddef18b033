-- A feed import's rejected row and a failed run carry a code and the values its sentence names
-- (api/src/feeds/README.md, "Rejected rows" and "Failed runs"), so the console words them in the
-- UI language; before, only the English text was stored, and a Czech user read "must not be
-- negative" or "The feed URL answered HTTP 404".
-- Rows and runs stored before have no code: the console shows their English text, as it did.
ALTER TABLE feed_import_errors
  ADD COLUMN code text,
  ADD COLUMN params jsonb;
ALTER TABLE feed_import_runs
  ADD COLUMN error_code text,
  ADD COLUMN error_values jsonb;
