-- Plans with their limits, an organization's plan as a reference to them, and the billing
-- history (DESIGN §4: organizations -> plan, limits, suspended). Valid on PostgreSQL 15 and PGlite.

CREATE TABLE plans (
  id                  text PRIMARY KEY CHECK (id ~ '^[a-z][a-z0-9-]{0,31}$'),
  name                text NOT NULL UNIQUE,
  -- Display order (cheapest first).
  position            int NOT NULL UNIQUE,
  -- Limits: how many of each an organization on this plan may have.
  max_websites            int NOT NULL CHECK (max_websites >= 0),
  max_monitored_products  int NOT NULL CHECK (max_monitored_products >= 0),
  max_competitors         int NOT NULL CHECK (max_competitors >= 0),
  max_users               int NOT NULL CHECK (max_users >= 0),
  monthly_price       numeric(12, 2) NOT NULL CHECK (monthly_price >= 0),
  currency            text NOT NULL CHECK (currency IN ('CZK', 'EUR'))
);

INSERT INTO plans (id, name, position, max_websites, max_monitored_products, max_competitors, max_users, monthly_price, currency) VALUES
  ('starter',    'Starter',    1,  100,    10000,  10,   5,  2490.00, 'CZK'),
  ('business',   'Business',   2,  250,   100000,  50,  25,  7990.00, 'CZK'),
  ('enterprise', 'Enterprise', 3, 5000,  1000000, 500, 200, 24990.00, 'CZK');

-- organizations.plan (001: trial/basic/pro/enterprise) becomes a reference to plans.
ALTER TABLE organizations DROP CONSTRAINT IF EXISTS organizations_plan_check;
UPDATE organizations SET plan = CASE plan WHEN 'pro' THEN 'business' WHEN 'enterprise' THEN 'enterprise' ELSE 'starter' END;
ALTER TABLE organizations ALTER COLUMN plan SET DEFAULT 'starter';
ALTER TABLE organizations ADD CONSTRAINT organizations_plan_fkey FOREIGN KEY (plan) REFERENCES plans (id);
-- The organization list's search and sorts.
CREATE INDEX organizations_name_idx ON organizations (name, id);
CREATE INDEX organizations_name_trgm_idx ON organizations USING gin (name gin_trgm_ops);
CREATE INDEX app_users_email_idx ON app_users (lower(email));

CREATE TABLE billing_invoices (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id  uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  plan_id          text NOT NULL REFERENCES plans (id),
  period_start     date NOT NULL,
  period_end       date NOT NULL CHECK (period_end >= period_start),
  amount           numeric(12, 2) NOT NULL CHECK (amount >= 0),
  currency         text NOT NULL CHECK (currency IN ('CZK', 'EUR')),
  status           text NOT NULL CHECK (status IN ('paid', 'open', 'void')),
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (organization_id, period_start)
);
CREATE INDEX billing_invoices_organization_idx ON billing_invoices (organization_id, period_start DESC);
