-- The caller's record and the website list's data version in one call: every
-- OrganizationWebsiteList request reads both (graphql/website-list-answers.ts, through
-- authenticate() in graphql/context.ts, which reads the same columns for every other request).
-- A PL/pgSQL function keeps the plan of its query for the session: PGlite serves all
-- connections from one session and so cannot keep a prepared statement per connection, and
-- parsing and planning the join on every request cost it about three times the call.
-- Valid on PostgreSQL 15 and on PGlite (PostgreSQL 18).
CREATE FUNCTION website_list_caller(caller text)
RETURNS TABLE (id text, email text, roles text[], organization_id uuid, disabled boolean, organization_suspended boolean, list_version text)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT u.id, u.email, u.roles, u.organization_id, u.disabled, coalesce(o.suspended, false),
           (SELECT v.version::text FROM data_versions v WHERE v.name = 'organization_websites')
      FROM app_users u LEFT JOIN organizations o ON o.id = u.organization_id
     WHERE u.id = caller;
END $$;
