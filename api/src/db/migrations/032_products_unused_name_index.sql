-- products_name_trgm_idx (020) is used by no query: the products list searches the lowercased
-- search_text column through its own trigram index (025), and matching looks names up among
-- competitor products. A trigram index is the dearest one to keep up on every product a feed
-- writes (and to build again when a large import rebuilds the indexes, feeds/import.ts).
-- Valid on PostgreSQL 15 and on PGlite (PostgreSQL 18).
DROP INDEX IF EXISTS products_name_trgm_idx;
