-- The learned matching score (api/src/matching/features.ts) weighs the trigrams of names by how
-- rare they are in the competitor's catalogue, as it weighs words and model numbers: the term
-- counts gain a third kind, 'gram' (pg_trgm's trigrams of the normalized name).
ALTER TABLE competitor_matching_terms DROP CONSTRAINT competitor_matching_terms_kind_check;
ALTER TABLE competitor_matching_terms ADD CONSTRAINT competitor_matching_terms_kind_check
  CHECK (kind IN ('word', 'code', 'gram'));
-- Counts made before have no trigrams: forgetting them makes the next full run of each
-- competitor count all three kinds again (runs/keys.ts, termsUpToDate and recountTerms).
DELETE FROM competitor_matching_terms;
DELETE FROM competitor_matching_statistics;
