-- A full recompute writes a suggestion per product (api/src/pricing/README.md, "Benchmark"). Each
-- foreign key of price_suggestions is checked row by row on insert: measured on 100,000
-- suggestions (PostgreSQL 15, loaded machine), a plain INSERT took 7.3 s without foreign keys and
-- 19.9 s with its three (product, website, rule), about 4-5 s each. Two of them go:
--
-- - organization_website_id: a suggestion goes with its product (product_id ON DELETE CASCADE),
--   and a product with its website, so the website's key added nothing but the check.
-- - rule_id (ON DELETE SET NULL): a deleted rule's suggestions lose their rule here, in one
--   statement per DELETE, as before. A suggestion written by a recompute that read the rule just
--   before it was deleted keeps the old id until the recompute the deletion queued rewrites it
--   (readers join price_rules with LEFT JOIN); with the key, that recompute failed instead.
ALTER TABLE price_suggestions DROP CONSTRAINT price_suggestions_organization_website_id_fkey;
ALTER TABLE price_suggestions DROP CONSTRAINT price_suggestions_rule_id_fkey;

CREATE FUNCTION price_suggestions_rules_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE price_suggestions s SET rule_id = NULL FROM deleted_rules d WHERE s.rule_id = d.id;
  RETURN NULL;
END $$;
CREATE TRIGGER price_suggestions_rules_delete AFTER DELETE ON price_rules
  REFERENCING OLD TABLE AS deleted_rules FOR EACH STATEMENT EXECUTE FUNCTION price_suggestions_rules_deleted();
