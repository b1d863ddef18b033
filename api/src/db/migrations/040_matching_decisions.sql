-- Matching decisions (api/src/matching/STATE.md): the stage of a WAITING pair, the decision log,
-- reviewer leases, the matching queue kept per product and per product x competitor, and the
-- statistics kept as per-statement deltas. Valid on PostgreSQL 15 and on PGlite (PostgreSQL 18).

-- 1. product_matches: stage (waiting to match vs waiting to confirm), competitor, waiting since.
ALTER TABLE product_matches
  ADD COLUMN stage text NOT NULL DEFAULT 'candidate' CHECK (stage IN ('candidate', 'confirmation')),
  ADD COLUMN competitor_id uuid REFERENCES competitors (id) ON DELETE CASCADE,
  ADD COLUMN waiting_since timestamptz NOT NULL DEFAULT now();
ALTER TABLE product_matches ADD CONSTRAINT product_matches_stage_waiting_check CHECK (status = 'WAITING' OR stage = 'candidate');
UPDATE product_matches m SET competitor_id = cp.competitor_id, waiting_since = m.updated_at
  FROM competitor_products cp WHERE cp.id = m.competitor_product_id;
ALTER TABLE product_matches ALTER COLUMN competitor_id SET NOT NULL;

-- Writers may leave competitor_id out: it is the competitor product's (cheap when given).
CREATE FUNCTION product_matches_competitor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT competitor_id INTO NEW.competitor_id FROM competitor_products WHERE id = NEW.competitor_product_id;
  RETURN NEW;
END $$;
CREATE TRIGGER product_matches_competitor BEFORE INSERT ON product_matches
  FOR EACH ROW WHEN (NEW.competitor_id IS NULL) EXECUTE FUNCTION product_matches_competitor();

-- The confirmation queue (oldest first) and a product's pairs at a competitor.
CREATE INDEX product_matches_confirmation_idx ON product_matches (competitor_id, waiting_since, id) WHERE status = 'WAITING' AND stage = 'confirmation';
CREATE INDEX product_matches_product_competitor_idx ON product_matches (product_id, competitor_id, status);

-- 2. The decision log: every transition (STATE.md), automatic ones included (actor_id NULL).
CREATE TABLE matching_decisions (
  id                       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_website_id  uuid NOT NULL REFERENCES organization_websites (id) ON DELETE CASCADE,
  match_id                 uuid NOT NULL REFERENCES product_matches (id) ON DELETE CASCADE,
  product_id               uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  competitor_product_id    uuid NOT NULL REFERENCES competitor_products (id) ON DELETE CASCADE,
  competitor_id            uuid NOT NULL REFERENCES competitors (id) ON DELETE CASCADE,
  -- NULL: the matching engine (automatic match, expiry, ...). A deleted user's decisions keep
  -- their e-mail (actor_email) and lose the reference.
  actor_id                 text REFERENCES app_users (id) ON DELETE SET NULL,
  actor_email              text,
  event                    text NOT NULL CHECK (event IN ('propose', 'automatic_match', 'request_confirmation', 'match', 'never_match', 'skip', 'reopen',
                                                          'confirm', 'reject', 'expire', 'renew', 'supersede', 'resume', 'revert')),
  status_before            text NOT NULL,
  stage_before             text NOT NULL,
  status_after             text NOT NULL,
  stage_after              text NOT NULL,
  version_before           integer NOT NULL,
  version_after            integer NOT NULL,
  score                    real,
  -- Where it was taken: queue, search (manual pick), confirmation, log (revert), undo, engine, expiry.
  source                   text NOT NULL CHECK (source IN ('queue', 'search', 'confirmation', 'log', 'undo', 'product', 'engine', 'expiry')),
  -- A retry with the same key returns the first result and applies nothing (one per decision;
  -- a bulk request's rows carry '<key>:<match id>').
  idempotency_key          text UNIQUE CHECK (length(idempotency_key) BETWEEN 1 AND 200),
  -- The decisions of one request (a bulk confirmation, a decision and its consequences).
  batch_id                 uuid NOT NULL,
  -- A consequence (supersede, resume) points at the decision that caused it.
  caused_by                bigint REFERENCES matching_decisions (id) ON DELETE CASCADE,
  -- A revert points at the decision it reverted; that decision points back (reverted_by).
  reverts                  bigint REFERENCES matching_decisions (id) ON DELETE CASCADE,
  reverted_by              bigint REFERENCES matching_decisions (id) ON DELETE SET NULL,
  decided_at               timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX matching_decisions_website_idx ON matching_decisions (organization_website_id, id DESC);
CREATE INDEX matching_decisions_website_actor_idx ON matching_decisions (organization_website_id, actor_id, id DESC);
CREATE INDEX matching_decisions_website_competitor_idx ON matching_decisions (organization_website_id, competitor_id, id DESC);
CREATE INDEX matching_decisions_website_time_idx ON matching_decisions (organization_website_id, decided_at);
CREATE INDEX matching_decisions_match_idx ON matching_decisions (match_id, id DESC);
CREATE INDEX matching_decisions_product_idx ON matching_decisions (product_id, id DESC);
CREATE INDEX matching_decisions_caused_by_idx ON matching_decisions (caused_by) WHERE caused_by IS NOT NULL;
CREATE INDEX matching_decisions_batch_idx ON matching_decisions (batch_id);

-- 3. Reviewer leases: a product is worked by one reviewer at a time until expires_at.
CREATE TABLE matching_leases (
  product_id               uuid PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  organization_website_id  uuid NOT NULL REFERENCES organization_websites (id) ON DELETE CASCADE,
  user_id                  text NOT NULL REFERENCES app_users (id) ON DELETE CASCADE,
  claimed_at               timestamptz NOT NULL DEFAULT now(),
  expires_at               timestamptz NOT NULL
);
CREATE INDEX matching_leases_user_idx ON matching_leases (user_id, organization_website_id);

-- 4. The matching queue (DESIGN §5: queue state kept on rows, never aggregated per request).
--    Per product x competitor: the WAITING pairs still to match (stage candidate); on the product
--    row: the same over all competitors. Priority: best score in tenths first, then the price gap
--    of the best candidate (absolute percent, up to 999), higher first; then the oldest waiting.
CREATE TABLE matching_queue (
  product_id               uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  competitor_id            uuid NOT NULL REFERENCES competitors (id) ON DELETE CASCADE,
  organization_website_id  uuid NOT NULL,
  brand                    text,
  category                 text,
  candidates               integer NOT NULL,
  best_score               real,
  price_gap                numeric(9, 2),
  waiting_since            timestamptz NOT NULL,
  priority                 integer NOT NULL,
  PRIMARY KEY (product_id, competitor_id)
);
CREATE INDEX matching_queue_competitor_idx ON matching_queue (competitor_id, priority DESC, waiting_since, product_id);
CREATE INDEX matching_queue_competitor_brand_idx ON matching_queue (competitor_id, brand, priority DESC, waiting_since, product_id);
CREATE INDEX matching_queue_competitor_category_idx ON matching_queue (competitor_id, category, priority DESC, waiting_since, product_id);

ALTER TABLE products
  ADD COLUMN queue_candidates integer NOT NULL DEFAULT 0,
  ADD COLUMN queue_best_score real,
  ADD COLUMN queue_price_gap numeric(9, 2),
  ADD COLUMN queue_waiting_since timestamptz,
  ADD COLUMN queue_priority integer;
CREATE INDEX products_queue_idx ON products (organization_website_id, queue_priority DESC, queue_waiting_since, id) WHERE queue_candidates > 0;
CREATE INDEX products_queue_brand_idx ON products (organization_website_id, brand, queue_priority DESC, queue_waiting_since, id) WHERE queue_candidates > 0;
CREATE INDEX products_queue_category_idx ON products (organization_website_id, category, queue_priority DESC, queue_waiting_since, id) WHERE queue_candidates > 0;

-- Recomputes the queue rows of the given products from their pairs. Locks the products first
-- (in id order), so concurrent writers of one product's pairs recompute one after the other and
-- the last sees every committed change.
CREATE FUNCTION refresh_matching_queue(product_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM products WHERE id = ANY(product_ids) ORDER BY id FOR UPDATE;
  DELETE FROM matching_queue WHERE product_id = ANY(product_ids);
  INSERT INTO matching_queue (product_id, competitor_id, organization_website_id, brand, category, candidates, best_score, price_gap, waiting_since, priority)
  SELECT s.product_id, s.competitor_id, s.organization_website_id, s.brand, s.category, s.candidates, s.best_score, s.gap, s.since,
         (floor(coalesce(s.best_score, 0) * 10)::int * 1000 + least(coalesce(round(s.gap), 0), 999)::int)
    FROM (
      SELECT m.product_id, m.competitor_id, p.organization_website_id, p.brand, p.category, count(*)::int AS candidates,
             max(m.score) AS best_score, min(m.waiting_since) AS since,
             round(abs(p.price - (array_agg(cp.price ORDER BY m.score DESC NULLS LAST, m.id))[1]) * 100
                   / nullif((array_agg(cp.price ORDER BY m.score DESC NULLS LAST, m.id))[1], 0), 2) AS gap
        FROM product_matches m
        JOIN products p ON p.id = m.product_id
        JOIN competitor_products cp ON cp.id = m.competitor_product_id
       WHERE m.product_id = ANY(product_ids) AND m.status = 'WAITING' AND m.stage = 'candidate'
       GROUP BY m.product_id, m.competitor_id, p.organization_website_id, p.brand, p.category, p.price
    ) s;
  UPDATE products p
     SET queue_candidates = coalesce(q.candidates, 0), queue_best_score = q.best_score, queue_price_gap = q.price_gap,
         queue_waiting_since = q.since, queue_priority = q.priority
    FROM (
      SELECT id.product_id, sum(mq.candidates)::int AS candidates, max(mq.best_score) AS best_score,
             (array_agg(mq.price_gap ORDER BY mq.priority DESC, mq.waiting_since))[1] AS price_gap,
             min(mq.waiting_since) AS since, max(mq.priority) AS priority
        FROM unnest(product_ids) AS id(product_id)
        LEFT JOIN matching_queue mq ON mq.product_id = id.product_id
       GROUP BY id.product_id
    ) q
   WHERE p.id = q.product_id
     AND (p.queue_candidates, p.queue_best_score, p.queue_price_gap, p.queue_waiting_since, p.queue_priority)
         IS DISTINCT FROM (coalesce(q.candidates, 0), q.best_score, q.price_gap, q.since, q.priority);
END $$;

-- A product's brand or category changes: its queue rows follow (filters read them there).
CREATE FUNCTION products_queue_labels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE matching_queue SET brand = NEW.brand, category = NEW.category WHERE product_id = NEW.id;
  RETURN NULL;
END $$;
CREATE TRIGGER products_queue_labels AFTER UPDATE OF brand, category ON products
  FOR EACH ROW WHEN (OLD.brand IS DISTINCT FROM NEW.brand OR OLD.category IS DISTINCT FROM NEW.category)
  EXECUTE FUNCTION products_queue_labels();

-- 5. Statistics (the keys of docs/matching.md's status table) per website and competitor, as deltas appended by every
--    statement that changes pairs: no row is updated in place, so concurrent decisions never
--    wait for each other or deadlock on a counter, and the sum is exact in every snapshot.
--    compact_matching_statistics folds a website's deltas into one row per competitor.
CREATE TABLE matching_statistics_deltas (
  organization_website_id  uuid NOT NULL REFERENCES organization_websites (id) ON DELETE CASCADE,
  competitor_id            uuid NOT NULL REFERENCES competitors (id) ON DELETE CASCADE,
  matched                  bigint NOT NULL DEFAULT 0,
  waiting_to_match         bigint NOT NULL DEFAULT 0,
  waiting_to_confirm       bigint NOT NULL DEFAULT 0,
  skipped                  bigint NOT NULL DEFAULT 0,
  never_match              bigint NOT NULL DEFAULT 0,
  expired                  bigint NOT NULL DEFAULT 0
);
CREATE INDEX matching_statistics_deltas_idx ON matching_statistics_deltas (organization_website_id, competitor_id);

-- The pair counts by key of a set of (competitor_id, status, stage, sign) rows.
CREATE FUNCTION matching_statistics_append(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO matching_statistics_deltas (organization_website_id, competitor_id, matched, waiting_to_match, waiting_to_confirm, skipped, never_match, expired)
  SELECT c.organization_website_id, x.competitor_id,
         coalesce(sum(x.sign) FILTER (WHERE x.status = 'MATCHED'), 0),
         coalesce(sum(x.sign) FILTER (WHERE x.status = 'WAITING' AND x.stage = 'candidate'), 0),
         coalesce(sum(x.sign) FILTER (WHERE x.status = 'WAITING' AND x.stage = 'confirmation'), 0),
         coalesce(sum(x.sign) FILTER (WHERE x.status = 'SKIPPED'), 0),
         coalesce(sum(x.sign) FILTER (WHERE x.status = 'NEVER_MATCH'), 0),
         coalesce(sum(x.sign) FILTER (WHERE x.status = 'EXPIRED'), 0)
    FROM jsonb_to_recordset(changes) AS x(competitor_id uuid, status text, stage text, sign bigint)
    JOIN competitors c ON c.id = x.competitor_id
   GROUP BY c.organization_website_id, x.competitor_id
$$;

CREATE FUNCTION product_matches_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb;
  touched uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('competitor_id', competitor_id, 'status', status, 'stage', stage, 'sign', n)),
           (SELECT array_agg(DISTINCT product_id) FROM new_matches WHERE status = 'WAITING' AND stage = 'candidate')
      INTO changes, touched
      FROM (SELECT competitor_id, status, stage, count(*) AS n FROM new_matches GROUP BY 1, 2, 3) g;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('competitor_id', competitor_id, 'status', status, 'stage', stage, 'sign', -n)),
           (SELECT array_agg(DISTINCT product_id) FROM old_matches WHERE status = 'WAITING' AND stage = 'candidate')
      INTO changes, touched
      FROM (SELECT competitor_id, status, stage, count(*) AS n FROM old_matches GROUP BY 1, 2, 3) g;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('competitor_id', competitor_id, 'status', status, 'stage', stage, 'sign', n))
      INTO changes
      FROM (SELECT competitor_id, status, stage, sum(sign) AS n
              FROM (SELECT o.competitor_id, o.status, o.stage, -1 AS sign FROM old_matches o JOIN new_matches n ON n.id = o.id
                     WHERE (o.status, o.stage, o.competitor_id) IS DISTINCT FROM (n.status, n.stage, n.competitor_id)
                    UNION ALL
                    SELECT n.competitor_id, n.status, n.stage, 1 FROM old_matches o JOIN new_matches n ON n.id = o.id
                     WHERE (o.status, o.stage, o.competitor_id) IS DISTINCT FROM (n.status, n.stage, n.competitor_id)) d
             GROUP BY 1, 2, 3 HAVING sum(sign) <> 0) g;
    SELECT array_agg(DISTINCT n.product_id) INTO touched
      FROM old_matches o JOIN new_matches n ON n.id = o.id
     WHERE ((o.status = 'WAITING' AND o.stage = 'candidate') OR (n.status = 'WAITING' AND n.stage = 'candidate'))
       AND (o.status, o.stage, o.score, o.waiting_since, o.competitor_id) IS DISTINCT FROM (n.status, n.stage, n.score, n.waiting_since, n.competitor_id);
  END IF;
  IF changes IS NOT NULL THEN PERFORM matching_statistics_append(changes); END IF;
  IF touched IS NOT NULL THEN PERFORM refresh_matching_queue(touched); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER product_matches_changed_insert AFTER INSERT ON product_matches
  REFERENCING NEW TABLE AS new_matches FOR EACH STATEMENT EXECUTE FUNCTION product_matches_changed();
CREATE TRIGGER product_matches_changed_delete AFTER DELETE ON product_matches
  REFERENCING OLD TABLE AS old_matches FOR EACH STATEMENT EXECUTE FUNCTION product_matches_changed();
CREATE TRIGGER product_matches_changed_update AFTER UPDATE ON product_matches
  REFERENCING OLD TABLE AS old_matches NEW TABLE AS new_matches FOR EACH STATEMENT EXECUTE FUNCTION product_matches_changed();

-- Folds a website's deltas into one row per competitor. Concurrent appends are untouched (not in
-- the DELETE's snapshot) and a concurrent compaction skips the rows this one deleted.
CREATE FUNCTION compact_matching_statistics(website uuid) RETURNS void LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM matching_statistics_deltas WHERE organization_website_id = website
    RETURNING competitor_id, matched, waiting_to_match, waiting_to_confirm, skipped, never_match, expired
  )
  INSERT INTO matching_statistics_deltas (organization_website_id, competitor_id, matched, waiting_to_match, waiting_to_confirm, skipped, never_match, expired)
  SELECT website, competitor_id, sum(matched), sum(waiting_to_match), sum(waiting_to_confirm), sum(skipped), sum(never_match), sum(expired)
    FROM gone GROUP BY competitor_id
$$;

-- The pairs already stored: their statistics and queue rows.
INSERT INTO matching_statistics_deltas (organization_website_id, competitor_id, matched, waiting_to_match, waiting_to_confirm, skipped, never_match, expired)
SELECT c.organization_website_id, m.competitor_id,
       count(*) FILTER (WHERE m.status = 'MATCHED'),
       count(*) FILTER (WHERE m.status = 'WAITING' AND m.stage = 'candidate'),
       count(*) FILTER (WHERE m.status = 'WAITING' AND m.stage = 'confirmation'),
       count(*) FILTER (WHERE m.status = 'SKIPPED'),
       count(*) FILTER (WHERE m.status = 'NEVER_MATCH'),
       count(*) FILTER (WHERE m.status = 'EXPIRED')
  FROM product_matches m JOIN competitors c ON c.id = m.competitor_id
 GROUP BY c.organization_website_id, m.competitor_id;
SELECT refresh_matching_queue(array(SELECT DISTINCT product_id FROM product_matches WHERE status = 'WAITING'));
