/** The documents the web console sends (docs/graphql.md), verbatim. */
export const APP_USER = `query AppUser($userId: ID!) { appUser(userId: $userId) { id email roles language locale } }`;

export const ORGANIZATION_WEBSITE_LIST = `query OrganizationWebsiteList($organizationId: ID, $name: String, $limit: Int!, $offset: Int!) { organizationWebsiteList(organizationId: $organizationId, name: $name, limit: $limit, offset: $offset) { data { id name hasFeed website { id name url } organization { id name } } meta { pagination { total } } } }`;

export const ORGANIZATION_WEBSITE_DELETE = `mutation OrganizationWebsiteDelete($organizationWebsiteId: ID!) { organizationWebsiteDelete(organizationWebsiteId: $organizationWebsiteId) { id name apiKey website { id name url } organization { id name } } }`;
