-- Name searches of matching (api/src/matching/runs/candidates.ts, README "Candidates"): the
-- trigram GiST indexes keep a signature of 256 bytes per inner entry instead of pg_trgm's
-- default 12. With 12 bytes an inner entry of similar names has every bit set, so the nearest
-- neighbour search (ORDER BY normalized_name <-> $1) can prune nothing and reads every entry of
-- the competitor: 450-900 ms across brands at 100,000 competitor products, 20-60 ms with 256
-- bytes (measured under load, api/bench/matching-profile.ts); the index grows from 15 to 16 MB.
DROP INDEX competitor_product_matching_keys_brand_name_idx;
CREATE INDEX competitor_product_matching_keys_brand_name_idx ON competitor_product_matching_keys
  USING gist (competitor_id, brand_key, normalized_name gist_trgm_ops (siglen = 256));
DROP INDEX product_matching_keys_brand_name_idx;
CREATE INDEX product_matching_keys_brand_name_idx ON product_matching_keys
  USING gist (organization_website_id, brand_key, normalized_name gist_trgm_ops (siglen = 256));
