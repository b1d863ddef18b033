-- Matching keys computed anew (api/src/matching/README.md, "Model numbers"): counts and measures a
-- shop writes after a number ('10db', '200ct', '2pk', '6pc', '11pt', '3qt') are no longer model
-- numbers (api/src/matching/model-numbers.ts), so the stored name_codes and code_variants of
-- products and competitor products, and the competitors' 'code' term counts, are out of date.
--
-- A key row is stale when its fingerprint differs from its source's (041_matching_runs.sql,
-- api/src/matching/runs/keys.ts). The fingerprint now carries the version of the keys'
-- computation, so every stored row is stale at once (no row is rewritten here) and the next run
-- recomputes what it reads: a full run keys every competitor product again and adjusts the term
-- counts by the difference. Bump the version whenever the keys' computation changes.
CREATE OR REPLACE FUNCTION matching_fingerprint(name text, brand text, gtin text, mpn text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN md5(concat_ws(chr(31), 'keys 2', name, coalesce(brand, chr(30)), coalesce(gtin, chr(30)), coalesce(mpn, chr(30))));

-- An incremental run only keys the competitor products an import names: queue one full run per
-- website that has keys, so every run after it reads keys of the new computation. A website with
-- a full run queued already keeps that one.
INSERT INTO matching_runs (organization_website_id, kind, trigger)
SELECT DISTINCT k.organization_website_id, 'full', 'changes' FROM product_matching_keys k
ON CONFLICT (organization_website_id, (coalesce(competitor_id, '00000000-0000-0000-0000-000000000000'::uuid)), kind)
  WHERE status = 'queued' DO NOTHING;
