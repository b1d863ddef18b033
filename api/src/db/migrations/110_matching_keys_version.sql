-- Matching signals computed anew (api/src/matching/README.md, "Numbers written another way and
-- sizes in model numbers"): two names' plain numbers no longer conflict when one name writes the
-- other's number with a unit or as a pack count ('1600' / '1600 MHz', 'kit of 2' / '2 x 2GB'), and
-- a size in inches written in the other name's model number is a signal of its own ('150in' /
-- 'M150XWV1') (api/src/matching/features.ts). The stored keys do not change; the signals stored
-- with the pairs, which a retrain learns from, were computed under the old rules.
--
-- The same as migrations 074 and 107: the fingerprint carries the version of the keys'
-- computation (api/src/matching/runs/keys.ts KEYS_VERSION, the same text), so every stored row is
-- stale at once (no row is rewritten here) and the next full run keys every product again and
-- computes again the signals of the decided pairs it does not score (api/src/matching/runs/labels.ts),
-- so that their `signalsKeys` names this version.
CREATE OR REPLACE FUNCTION matching_fingerprint(name text, brand text, gtin text, mpn text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN md5(concat_ws(chr(31), 'keys 4', name, coalesce(brand, chr(30)), coalesce(gtin, chr(30)), coalesce(mpn, chr(30))));

-- One full run per website that has keys (a website with a full run queued already keeps that one).
INSERT INTO matching_runs (organization_website_id, kind, trigger)
SELECT DISTINCT k.organization_website_id, 'full', 'changes' FROM product_matching_keys k
ON CONFLICT (organization_website_id, (coalesce(competitor_id, '00000000-0000-0000-0000-000000000000'::uuid)), kind)
  WHERE status = 'queued' DO NOTHING;
