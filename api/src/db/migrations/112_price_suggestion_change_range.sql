-- Price suggestions: a change of more than 10^10 % is kept (api/src/pricing/README.md).
--
-- price_suggestions.change_percent (060) was numeric(12, 2), at most 9,999,999,999.99 %: a product
-- listed at a placeholder price of 0.01 whose rule suggests more than 1,000,000.00 (its competitors'
-- market) changes by more, and the upsert of the whole batch failed, so no suggestion of the
-- website was written until the product changed. numeric(18, 2) holds any change between two
-- prices (0.01 to 9,999,999,999.99: at most ~10^14 %), as migration 111 did for the products'
-- and the matching queue's differences.
ALTER TABLE price_suggestions ALTER COLUMN change_percent TYPE numeric(18, 2);
