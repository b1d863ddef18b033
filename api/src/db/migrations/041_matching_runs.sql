-- Matching over the real catalogue (matching issue): the normalized forms the candidate query
-- searches, kept beside products and competitor products; the runs that propose candidates
-- (on demand, or incrementally after imports) with their progress; the changes waiting for
-- the next incremental run. Valid on PostgreSQL 15 and on PGlite (PostgreSQL 18).
--
-- Keys are computed by the API (api/src/matching/runs/keys.ts: normalization, model numbers,
-- brand keys), not by triggers: an import writes nothing extra. Each key row stores the
-- fingerprint of the source fields it was computed from (matching_fingerprint below); a row
-- whose fingerprint differs from its source's is stale and is recomputed by the next run.

-- What a product's matching keys depend on. Price is not among them: a price change re-scores
-- nothing until the next full run.
CREATE FUNCTION matching_fingerprint(name text, brand text, gtin text, mpn text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN md5(concat_ws(chr(31), name, coalesce(brand, chr(30)), coalesce(gtin, chr(30)), coalesce(mpn, chr(30))));

-- 1. A shop's product as matching sees it. The website is repeated here so the reverse search
--    (which of our products may be a new competitor product) stays within one index.
CREATE TABLE product_matching_keys (
  product_id               uuid PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  organization_website_id  uuid NOT NULL,
  fingerprint              text NOT NULL,
  -- normalizeText(name): case, diacritics, units ('1 l' = '1000ml'), codes without separators.
  normalized_name          text NOT NULL,
  -- brandKey of the declared brand, or of a known brand the name starts with; NULL unknown.
  brand_key                text,
  -- 14-digit GTIN, declared or written in the name (check digit valid).
  gtin                     text,
  mpn                      text,
  -- Model numbers of the name (and the MPN), and their shorter prefix/suffix variants.
  name_codes               text[] NOT NULL DEFAULT '{}',
  code_variants            text[] NOT NULL DEFAULT '{}',
  updated_at               timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_matching_keys_brand_name_idx ON product_matching_keys
  USING gist (organization_website_id, brand_key, normalized_name gist_trgm_ops);
CREATE INDEX product_matching_keys_gtin_idx ON product_matching_keys (organization_website_id, gtin) WHERE gtin IS NOT NULL;

CREATE TABLE product_matching_codes (
  product_id               uuid NOT NULL REFERENCES product_matching_keys (product_id) ON DELETE CASCADE,
  organization_website_id  uuid NOT NULL,
  code                     text COLLATE "C" NOT NULL
);
CREATE INDEX product_matching_codes_code_idx ON product_matching_codes (organization_website_id, code);
CREATE INDEX product_matching_codes_product_idx ON product_matching_codes (product_id);

-- 2. A competitor product as matching sees it (same columns), searched per competitor: GTIN and
--    model numbers through B-trees (codes also reversed, for suffix variants), names by trigram
--    nearest neighbours within the brand (GiST, KNN by <->), or across brands with the same index.
CREATE TABLE competitor_product_matching_keys (
  competitor_product_id  uuid PRIMARY KEY REFERENCES competitor_products (id) ON DELETE CASCADE,
  competitor_id          uuid NOT NULL,
  fingerprint            text NOT NULL,
  normalized_name        text NOT NULL,
  brand_key              text,
  gtin                   text,
  mpn                    text,
  name_codes             text[] NOT NULL DEFAULT '{}',
  updated_at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX competitor_product_matching_keys_brand_name_idx ON competitor_product_matching_keys
  USING gist (competitor_id, brand_key, normalized_name gist_trgm_ops);
CREATE INDEX competitor_product_matching_keys_gtin_idx ON competitor_product_matching_keys (competitor_id, gtin) WHERE gtin IS NOT NULL;
CREATE INDEX competitor_product_matching_keys_brand_idx ON competitor_product_matching_keys (competitor_id, brand_key);

CREATE TABLE competitor_product_matching_codes (
  competitor_product_id  uuid NOT NULL REFERENCES competitor_product_matching_keys (competitor_product_id) ON DELETE CASCADE,
  competitor_id          uuid NOT NULL,
  code                   text COLLATE "C" NOT NULL,
  reversed_code          text COLLATE "C" NOT NULL
);
CREATE INDEX competitor_product_matching_codes_code_idx ON competitor_product_matching_codes (competitor_id, code);
CREATE INDEX competitor_product_matching_codes_reversed_idx ON competitor_product_matching_codes (competitor_id, reversed_code);
CREATE INDEX competitor_product_matching_codes_product_idx ON competitor_product_matching_codes (competitor_product_id);

-- 3. How many of a competitor's products carry each word and model number (the score weighs
--    rare ones more): recounted by every full run, adjusted by incremental key refreshes.
CREATE TABLE competitor_matching_terms (
  competitor_id  uuid NOT NULL REFERENCES competitors (id) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN ('word', 'code')),
  term           text COLLATE "C" NOT NULL,
  documents      integer NOT NULL CHECK (documents >= 0),
  PRIMARY KEY (competitor_id, kind, term)
);
CREATE TABLE competitor_matching_statistics (
  competitor_id  uuid PRIMARY KEY REFERENCES competitors (id) ON DELETE CASCADE,
  -- competitor products with keys (the documents the term counts are out of)
  documents      integer NOT NULL DEFAULT 0 CHECK (documents >= 0),
  counted_at     timestamptz NOT NULL DEFAULT now()
);

-- 4. Matching runs. FULL: every active product of the website against every active competitor
--    (or one competitor). INCREMENTAL: the changes recorded in matching_changes (after a feed
--    import, after an import of competitor products). Counts move while it runs (poll the row).
CREATE TABLE matching_runs (
  id                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_website_id  uuid NOT NULL REFERENCES organization_websites (id) ON DELETE CASCADE,
  -- NULL: all the website's active competitors.
  competitor_id            uuid REFERENCES competitors (id) ON DELETE CASCADE,
  kind                     text NOT NULL CHECK (kind IN ('full', 'incremental')),
  trigger                  text NOT NULL CHECK (trigger IN ('manual', 'changes', 'seed')),
  status                   text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  started_by               text REFERENCES app_users (id) ON DELETE SET NULL,
  -- product x competitor pairs: total known once the run has read its scope
  products_total           integer NOT NULL DEFAULT 0,
  products_done            integer NOT NULL DEFAULT 0,
  keys_refreshed           integer NOT NULL DEFAULT 0,
  candidates_created       integer NOT NULL DEFAULT 0,
  candidates_updated       integer NOT NULL DEFAULT 0,
  matched_automatically    integer NOT NULL DEFAULT 0,
  sent_to_confirmation     integer NOT NULL DEFAULT 0,
  error_message            text,
  created_at               timestamptz NOT NULL DEFAULT now(),
  started_at               timestamptz,
  finished_at              timestamptz,
  heartbeat_at             timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'failed') = (error_message IS NOT NULL))
);
CREATE INDEX matching_runs_website_idx ON matching_runs (organization_website_id, created_at DESC, id);
CREATE INDEX matching_runs_queued_idx ON matching_runs (created_at) WHERE status = 'queued';
-- One run of a website at work at a time (they write the same products' matches).
CREATE UNIQUE INDEX matching_runs_one_running_idx ON matching_runs (organization_website_id) WHERE status = 'running';
-- One queued run per scope: a second request for the same scope gets the queued one.
CREATE UNIQUE INDEX matching_runs_one_queued_idx ON matching_runs
  (organization_website_id, (coalesce(competitor_id, '00000000-0000-0000-0000-000000000000'::uuid)), kind) WHERE status = 'queued';

-- 5. Changes waiting for an incremental run: the website's products updated since `since`
--    (competitor_id NULL), or one competitor's products seen since `since`. A run takes them
--    (run_id) and deletes them when it succeeds; a failed run gives them back.
CREATE TABLE matching_changes (
  organization_website_id  uuid NOT NULL REFERENCES organization_websites (id) ON DELETE CASCADE,
  competitor_id            uuid REFERENCES competitors (id) ON DELETE CASCADE,
  since                    timestamptz NOT NULL,
  run_id                   uuid REFERENCES matching_runs (id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX matching_changes_pending_idx ON matching_changes
  (organization_website_id, (coalesce(competitor_id, '00000000-0000-0000-0000-000000000000'::uuid))) WHERE run_id IS NULL;
CREATE INDEX matching_changes_run_idx ON matching_changes (run_id) WHERE run_id IS NOT NULL;
