-- Matching models per organization (api/src/matching/retrain.ts, docs/matching.md): each retrain
-- on the organization's decisions is recorded with its outcome; a trained model is kept as a
-- version, at most one active per organization (none: the shipped default model scores). Which
-- model scored a candidate stays in its evidence (`model`).
CREATE TABLE matching_models (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id  uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  version          text NOT NULL CHECK (length(version) BETWEEN 1 AND 100),
  model            jsonb NOT NULL,
  active           boolean NOT NULL DEFAULT false,
  -- labelled lists (a product's candidates at a competitor, decided) trained on and held out
  trained_lists    integer NOT NULL,
  held_out_lists   integer NOT NULL,
  -- held-out quality of this model and of the one it would replace (mean log-likelihood, recall@1)
  quality          jsonb NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organization_id, version)
);
CREATE UNIQUE INDEX matching_models_active_idx ON matching_models (organization_id) WHERE active;

CREATE TABLE matching_retrains (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id  uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  -- trained: the new model is active; rolled_back: trained, but its held-out quality dropped, the
  -- current model stays; too_few_labels: not trained, the current model stays; failed: an error
  outcome          text NOT NULL CHECK (outcome IN ('trained', 'rolled_back', 'too_few_labels', 'failed')),
  model_id         uuid REFERENCES matching_models (id) ON DELETE SET NULL,
  -- the human decisions of the organization when it ran (what "enough new decisions" counts from)
  decisions        integer NOT NULL,
  labelled_lists   integer NOT NULL,
  message          text NOT NULL,
  seconds          double precision NOT NULL,
  finished_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX matching_retrains_organization_idx ON matching_retrains (organization_id, id DESC);
