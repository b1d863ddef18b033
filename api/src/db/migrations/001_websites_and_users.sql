-- Organizations, their websites and feeds, and the console's users (DESIGN §4, first slice).
-- Valid on PostgreSQL 15 and on PGlite (PostgreSQL 18).

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE organizations (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- A stable, human-readable key (the demo data and support refer to organizations by it).
  slug        text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  plan        text NOT NULL DEFAULT 'basic' CHECK (plan IN ('trial', 'basic', 'pro', 'enterprise')),
  suspended   boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- A shop website as the service scrapes it; an organization monitors it as an organization website.
CREATE TABLE websites (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  url         text NOT NULL UNIQUE CHECK (url ~ '^https?://'),
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE organization_websites (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id  uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  website_id       uuid NOT NULL REFERENCES websites (id) ON DELETE RESTRICT,
  name             text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  -- Secret the organization's integrations send; random (gen_random_uuid is cryptographically random).
  api_key          text NOT NULL UNIQUE
                   DEFAULT 'owk_' || replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''),
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organization_id, website_id)
);
-- The website picker: one organization's page in name order, all organizations' page in name
-- order, and a case-insensitive substring search on the name.
CREATE INDEX organization_websites_org_name_idx ON organization_websites (organization_id, name, id);
CREATE INDEX organization_websites_name_idx ON organization_websites (name, id);
CREATE INDEX organization_websites_name_trgm_idx ON organization_websites USING gin (name gin_trgm_ops);
CREATE INDEX organization_websites_website_idx ON organization_websites (website_id);

CREATE TABLE product_feeds (
  id                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_website_id  uuid NOT NULL REFERENCES organization_websites (id) ON DELETE CASCADE,
  name                     text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  url                      text NOT NULL CHECK (url ~ '^https?://'),
  format                   text NOT NULL CHECK (format IN ('xml', 'csv', 'json')),
  schedule                 text NOT NULL DEFAULT 'daily' CHECK (schedule IN ('hourly', 'daily', 'weekly', 'manual')),
  created_at               timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_feeds_organization_website_idx ON product_feeds (organization_website_id);

-- The console's users; id is the Firebase Authentication uid. Roles are the source of truth
-- for authorization (never the client's claims).
CREATE TABLE app_users (
  id               text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{1,128}$'),
  email            text NOT NULL,
  roles            text[] NOT NULL DEFAULT '{}',
  language         text NOT NULL DEFAULT 'en',
  locale           text NOT NULL DEFAULT 'en-US',
  -- NULL for the provider's own staff.
  organization_id  uuid REFERENCES organizations (id) ON DELETE RESTRICT,
  disabled         boolean NOT NULL DEFAULT false,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX app_users_organization_idx ON app_users (organization_id);
