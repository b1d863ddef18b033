-- A scraper run handed back by a stopping worker (or left by one that died) is resumed by the next
-- worker from the pages not yet done (api/src/monitoring/README.md, "Worker stop"): how many times
-- it was resumed.
ALTER TABLE scraper_runs ADD COLUMN resumes integer NOT NULL DEFAULT 0;
