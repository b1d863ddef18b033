import { useList } from '@refinedev/core';
import { WEBSITE_PICKER_LIMIT } from '../../config/constants.ts';
import { WEBSITE_OPTIONS_QUERY, type WebsiteOption } from './queries.ts';

/**
 * The first WEBSITE_PICKER_LIMIT websites whose name contains `search` (all of them when it is
 * empty). The selection provider and the picker ask with the same key, so they share one request.
 */
export function useWebsiteOptions(search: string) {
  const name = search.trim();
  return useList<WebsiteOption>({
    resource: 'organizationWebsites',
    pagination: { currentPage: 1, pageSize: WEBSITE_PICKER_LIMIT },
    filters: name ? [{ field: 'name', operator: 'contains', value: name }] : [],
    meta: { gqlQuery: WEBSITE_OPTIONS_QUERY },
    errorNotification: false,
    queryOptions: { staleTime: 60_000 },
  });
}

/** web/README.md: the website name followed by the organization name in parentheses. */
export function websiteLabel(website: WebsiteOption): string {
  return website.organization ? `${website.name} (${website.organization.name})` : website.name;
}
