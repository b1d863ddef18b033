-- Data insights: the market against a subset of competitors in integer cents (api/src/insights/README.md,
-- "Grain" and "Benchmark").
--
-- 098's pass over the counted products computed each product's market, difference and index in
-- numeric, and the planner substituted the market's expression into every use of it (four
-- numeric divisions and roundings of the market per product, then two of own ÷ market). The pass
-- now reads the own price in cents (a stored generated column, so every writer of
-- insight_products_counted keeps it), computes the market once per product in integer cents, and
-- the difference and the index with the integer functions below, which give exactly what
-- insight_difference_tenths and insight_index give for the same prices in currency units.
--
-- Why exactly: numeric division rounds own ÷ competitor (half away from zero) to a scale chosen
-- from the operands' leading base-10000 digits (insight_division_scale: 16 - 4 × the quotient's
-- estimated weight), then the functions round again (to 3 decimals of the ratio for the
-- difference, to 8 for the index). For prices below 10^10 cents with own < 10,000 × competitor
-- that scale is at least 16, so the first rounding can move the second only when the remainder
-- is within competitor ÷ 10^(scale - d) of a half, which needs competitor ≥ 10^13 cents for the
-- difference (never, below 10^10) and competitor ≥ 10^8 cents with scale 16 for the index (then
-- the index rounds up as numeric does). Outside those bounds the integer functions call the
-- numeric ones. api/test/insights-cents.test.ts compares them on both engines, including cases
-- where rounding once differs from numeric's two roundings.

ALTER TABLE insight_products_counted ADD COLUMN price_cents bigint GENERATED ALWAYS AS ((price * 100)::bigint) STORED;

-- The scale numeric division gives own ÷ competitor (prices in cents, 1 .. 10^10 - 1, as numeric
-- with two decimals): 16 - 4 × (weight(own) - weight(competitor) - (first digit(own) <= first digit(competitor))),
-- weights and first digits in base 10,000 of the prices in currency units.
CREATE FUNCTION insight_division_scale(own bigint, competitor bigint) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 16 - 4 * ((CASE WHEN own < 100 THEN -1 WHEN own < 1000000 THEN 0 ELSE 1 END)
                   - (CASE WHEN competitor < 100 THEN -1 WHEN competitor < 1000000 THEN 0 ELSE 1 END)
                   - (CASE WHEN (CASE WHEN own < 100 THEN own * 100 WHEN own < 1000000 THEN own / 100 ELSE own / 1000000 END)
                             <= (CASE WHEN competitor < 100 THEN competitor * 100 WHEN competitor < 1000000 THEN competitor / 100
                                      ELSE competitor / 1000000 END) THEN 1 ELSE 0 END))
$$;

-- insight_difference_tenths for prices in cents: (own ÷ competitor - 1) × 1000 rounded half away
-- from zero, in integers.
CREATE FUNCTION insight_difference_tenths_cents(own bigint, competitor bigint) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN own > 0 AND competitor > 0 THEN
    CASE WHEN own < 10000000000 AND competitor < 10000000000 AND own < 10000 * competitor
         THEN (((own - competitor) * 2000 + CASE WHEN own >= competitor THEN competitor ELSE -competitor END) / (2 * competitor))::integer
         ELSE insight_difference_tenths(round(own::numeric / 100, 2), round(competitor::numeric / 100, 2)) END END
$$;

-- insight_index × 10^6 for prices in cents: own ÷ competitor × 10^8 rounded half up, and up where
-- numeric's first rounding (scale 16) reaches the half.
CREATE FUNCTION insight_index_micros(own bigint, competitor bigint) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN own > 0 AND competitor > 0 THEN
    CASE WHEN own < 10000000000 AND competitor < 10000000000 AND own < 10000 * competitor
         THEN (own * 200000000 + competitor) / (2 * competitor)
              + CASE WHEN 2 * competitor - (own * 200000000 + competitor) % (2 * competitor) > competitor / 100000000 THEN 0
                     WHEN insight_division_scale(own, competitor) = 16 THEN 1 ELSE 0 END
         ELSE (insight_index(round(own::numeric / 100, 2), round(competitor::numeric / 100, 2)) * 1000000)::bigint END END
$$;
