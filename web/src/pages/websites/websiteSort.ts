import type { CrudSort } from '@refinedev/core';

export type WebsiteSort =
  | 'NAME_ASC'
  | 'NAME_DESC'
  | 'URL_ASC'
  | 'URL_DESC'
  | 'ORGANIZATION_ASC'
  | 'ORGANIZATION_DESC'
  | 'FEEDS_COUNT_ASC'
  | 'FEEDS_COUNT_DESC'
  | 'COMPETITORS_COUNT_ASC'
  | 'COMPETITORS_COUNT_DESC';

/** The table's sortable columns (their dataIndex joined by '.') and the API's name for each. */
const COLUMNS: Record<string, string> = {
  name: 'NAME',
  'website.url': 'URL',
  'organization.name': 'ORGANIZATION',
  feedsCount: 'FEEDS_COUNT',
  competitorsCount: 'COMPETITORS_COUNT',
};

/** The table's sorter as the API's OrganizationWebsiteSort; by name, A to Z, when none is chosen. */
export function websiteSort(sorters: CrudSort[]): WebsiteSort {
  const [sorter] = sorters;
  const column = sorter ? COLUMNS[sorter.field] : undefined;
  if (!sorter || !column) return 'NAME_ASC';
  return `${column}_${sorter.order === 'desc' ? 'DESC' : 'ASC'}` as WebsiteSort;
}
