-- A scraper run's failed page and a run's end carry a code and the values its sentence names
-- (api/src/monitoring/README.md, "Failed pages"), so the console words them in the UI language;
-- before, only the English text was stored, and a Czech user read "answered HTTP 404" or "The page
-- states no price".
-- Failures and runs stored before have no code: the console shows their English text, as it did.
ALTER TABLE scraper_run_failures
  ADD COLUMN code text,
  ADD COLUMN params jsonb;
ALTER TABLE scraper_runs
  ADD COLUMN error_code text,
  ADD COLUMN error_values jsonb;
