-- The callers' records and the website list's data version for several callers in one
-- statement: OrganizationWebsiteList requests that arrive while such a read is under way wait
-- for the next one, which reads all of them at once (graphql/context.ts, CallerReads). Replaces
-- 031's one-caller function. PL/pgSQL keeps the plan of its query for the session (PGlite
-- serves all connections from one session and cannot keep a prepared statement per
-- connection). Valid on PostgreSQL 15 and on PGlite (PostgreSQL 18).
CREATE FUNCTION website_list_callers(callers text[])
RETURNS TABLE (id text, email text, roles text[], organization_id uuid, disabled boolean, organization_suspended boolean, list_version text)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT u.id, u.email, u.roles, u.organization_id, u.disabled, coalesce(o.suspended, false),
           (SELECT v.version::text FROM data_versions v WHERE v.name = 'organization_websites')
      FROM app_users u LEFT JOIN organizations o ON o.id = u.organization_id
     WHERE u.id = ANY (callers);
END $$;

DROP FUNCTION website_list_caller(text);
