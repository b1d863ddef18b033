-- A competitor's catalogue page (competitorProductList): its products by name, a page at a
-- time, without sorting the whole catalogue (a competitor may carry a million products).
CREATE INDEX competitor_products_name_idx ON competitor_products (competitor_id, name, id);
