-- Data insights: the market against a subset of competitors with fewer reads per product
-- (api/src/insights/README.md, "Grain"; the store's brandSums).
--
-- 100's pass reads, per counted product and chosen competitor slot, four array elements (offers,
-- the price sum in cents, and the priced offers twice). Here each slot's three sums are also kept
-- packed into one bigint: cents × 2^20 + priced × 2^10 + offers. A sum of packed elements is the
-- packing of the sums as long as no field overflows into the next, so one element read per slot
-- gives all three. The packing is kept only where every sum over ALL the product's slots fits
-- (offers and priced below 2^10, cents below 2^43): then every subset's sums fit too. Elsewhere the
-- column is NULL and the pass reads the three arrays as before; the partial index tells the store
-- in one probe whether a website has such a product.
--
-- A stored generated column, so every writer of insight_products_counted's arrays (the fold, the
-- recount) keeps it without knowing of it.

CREATE FUNCTION insight_slots_pack(offers integer[], priced integer[], cents bigint[]) RETURNS bigint[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN (SELECT coalesce(sum(u.o), 0) < 1024 AND coalesce(sum(u.p), 0) < 1024 AND coalesce(sum(u.c), 0) < 8796093022208
                           AND coalesce(min(least(u.o, u.p, u.c)), 0) >= 0
                      FROM unnest(offers, priced, cents) AS u (o, p, c))
              THEN ARRAY(SELECT coalesce(u.c, 0) * 1048576 + coalesce(u.p, 0) * 1024 + coalesce(u.o, 0)
                           FROM unnest(offers, priced, cents) WITH ORDINALITY AS u (o, p, c, i) ORDER BY u.i) END
$$;

ALTER TABLE insight_products_counted
  ADD COLUMN pair_packed bigint[] GENERATED ALWAYS AS (insight_slots_pack(pair_offers, pair_priced, pair_cents)) STORED;

CREATE INDEX insight_products_counted_unpacked_idx ON insight_products_counted (organization_website_id) WHERE pair_packed IS NULL;
