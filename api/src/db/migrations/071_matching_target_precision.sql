-- Automatic matching calibrated for a target precision (api/src/matching/calibration.ts,
-- docs/matching.md): an Admin may set the precision per organization or per competitor; NULL
-- means the organization's (for a competitor) or the default 0.99 (for an organization).
ALTER TABLE organizations
  ADD COLUMN matching_target_precision double precision CHECK (matching_target_precision > 0.5 AND matching_target_precision <= 1);
ALTER TABLE competitors
  ADD COLUMN matching_target_precision double precision CHECK (matching_target_precision > 0.5 AND matching_target_precision <= 1);
-- The decided pairs of a competitor, read to calibrate its threshold (api/src/matching/calibration-store.ts).
CREATE INDEX product_matches_competitor_decided_idx ON product_matches (competitor_id)
  WHERE status IN ('MATCHED', 'NEVER_MATCH') AND score IS NOT NULL;
