-- Contact support: what a signed-in user asked, with who and which organization, until an
-- Admin marks it resolved. Valid on PostgreSQL 15 and on PGlite (PostgreSQL 18).
CREATE TABLE support_requests (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Kept when the user is deleted (the e-mail stays as written).
  user_id          text REFERENCES app_users (id) ON DELETE SET NULL,
  user_email       text NOT NULL,
  -- NULL for the provider's own staff.
  organization_id  uuid REFERENCES organizations (id) ON DELETE CASCADE,
  topic            text NOT NULL CHECK (length(topic) BETWEEN 1 AND 200),
  message          text NOT NULL CHECK (length(message) BETWEEN 1 AND 10000),
  status           text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
  created_at       timestamptz NOT NULL DEFAULT now(),
  resolved_at      timestamptz,
  resolved_by      text REFERENCES app_users (id) ON DELETE SET NULL
);
CREATE INDEX support_requests_status_idx ON support_requests (status, created_at DESC);
CREATE INDEX support_requests_user_idx ON support_requests (user_id, created_at DESC);
