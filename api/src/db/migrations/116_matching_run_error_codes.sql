-- A failed matching run says why as a code (and, for an error, the error's own text) beside its
-- English message, so the console words it in the UI language (api/src/matching/runs/README.md,
-- "GraphQL"). Runs failed before have no code: the console shows their English message, as it did.
ALTER TABLE matching_runs
  ADD COLUMN error_code text CHECK (error_code IN ('SERVER_WENT_AWAY', 'RUN_ERROR')),
  ADD COLUMN error_detail text;
