-- Matching keys computed anew (api/src/matching/README.md, "Decimal sizes"): a decimal size keeps
-- its point ('15.6"' and '15.6-inch' are '15.6in'; before '156in' and the model number '156inch'),
-- and a number joined to its unit by a hyphen is a quantity ('24-inch' is '24in')
-- (api/src/matching/normalize.ts). The stored normalized_name, name_codes and code_variants of
-- products and competitor products, and the competitors' word, model-number and trigram counts,
-- are out of date for names with such sizes.
--
-- The same as migration 074: the fingerprint carries the version of the keys' computation
-- (api/src/matching/runs/keys.ts KEYS_VERSION, the same text), so every stored row is stale at once
-- (no row is rewritten here) and the next full run recomputes the keys and adjusts the counts by
-- the difference; that run also computes again the signals of the decided pairs it does not score
-- (api/src/matching/runs/labels.ts).
CREATE OR REPLACE FUNCTION matching_fingerprint(name text, brand text, gtin text, mpn text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN md5(concat_ws(chr(31), 'keys 3', name, coalesce(brand, chr(30)), coalesce(gtin, chr(30)), coalesce(mpn, chr(30))));

-- An incremental run only keys the competitor products an import names: queue one full run per
-- website that has keys, so every run after it reads keys of the new computation. A website with
-- a full run queued already keeps that one.
INSERT INTO matching_runs (organization_website_id, kind, trigger)
SELECT DISTINCT k.organization_website_id, 'full', 'changes' FROM product_matching_keys k
ON CONFLICT (organization_website_id, (coalesce(competitor_id, '00000000-0000-0000-0000-000000000000'::uuid)), kind)
  WHERE status = 'queued' DO NOTHING;
