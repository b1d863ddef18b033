import { getDefaultSortOrder, useTable } from '@refinedev/antd';
import { CanAccess } from '@refinedev/core';
import { Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNT_COLUMN } from '../../../components/list/columns.tsx';
import { useTableClampPage } from '../../../components/list/useTableClampPage.ts';
import { RouteLayout } from '../../../components/layout/RouteLayout.tsx';
import { AppLink } from '../../../components/navigation/AppLink.tsx';
import { routePath } from '../../../routes/useCarriedPath.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { WEBSITE_LIST_QUERY, type WebsiteRow } from '../queries.ts';
import { websiteFilters, websiteFilterValues, type WebsiteFilterValues } from '../websiteFilters.ts';
import { type WebsiteSort, websiteSort } from '../websiteSort.ts';
import { WebsiteCreateButton } from './WebsiteCreateButton.tsx';
import { WebsiteFilters } from './WebsiteFilters.tsx';

/** /websites: the organization websites the user administers, searched, sorted and paged (kept in the URL). */
export default function WebsitesPage() {
  const { t } = useTranslation();
  // The API sorts by an enum: the table's sorter is turned into it before the query runs.
  const [sort, setSort] = useState<WebsiteSort>('NAME_ASC');
  const table = useTable<WebsiteRow, never, WebsiteFilterValues>({
    resource: 'websites',
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    sorters: { mode: 'server' },
    meta: { gqlQuery: WEBSITE_LIST_QUERY, gqlVariables: { sort } },
    onSearch: websiteFilters,
    errorNotification: false,
  });
  const { tableProps, tableQuery, searchFormProps, sorters, filters } = table;
  if (websiteSort(sorters) !== sort) setSort(websiteSort(sorters));
  // A page past the end (its last rows gone, or such an address): the last page.
  useTableClampPage(table);

  return (
    <RouteLayout
      route="websites"
      extra={
        <CanAccess resource="websites" action="create">
          <WebsiteCreateButton />
        </CanAccess>
      }
    >
      <ApiErrorAlert error={tableQuery.error} />
      <WebsiteFilters formProps={searchFormProps} initialValues={websiteFilterValues(filters)} />
      <Table<WebsiteRow> {...tableProps} rowKey="id" scroll={{ x: true }}>
        <Table.Column<WebsiteRow>
          dataIndex="name"
          title={t('websites.fields.name')}
          sorter
          defaultSortOrder={getDefaultSortOrder('name', sorters)}
          render={(name: string, row) => (
            <AppLink to={routePath('websiteDetail', { organizationWebsiteId: row.id })}>{name}</AppLink>
          )}
        />
        <Table.Column<WebsiteRow>
          dataIndex={['website', 'url']}
          key="website.url"
          title={t('websites.fields.url')}
          sorter
          defaultSortOrder={getDefaultSortOrder('website.url', sorters)}
          render={(url: string) => (
            <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
              {url}
            </Typography.Link>
          )}
        />
        <Table.Column<WebsiteRow>
          dataIndex={['organization', 'name']}
          key="organization.name"
          title={t('websites.fields.organization')}
          sorter
          defaultSortOrder={getDefaultSortOrder('organization.name', sorters)}
        />
        <Table.Column<WebsiteRow>
          dataIndex="hasFeed"
          title={t('websites.fields.hasFeed')}
          render={(hasFeed: boolean) =>
            hasFeed ? <Tag color="green">{t('websites.feed.yes')}</Tag> : <Tag>{t('websites.feed.no')}</Tag>
          }
        />
        <Table.Column<WebsiteRow>
          dataIndex="feedsCount"
          title={t('websites.fields.feedsCount')}
          {...COUNT_COLUMN}
          sorter
          defaultSortOrder={getDefaultSortOrder('feedsCount', sorters)}
        />
        <Table.Column<WebsiteRow>
          dataIndex="competitorsCount"
          title={t('websites.fields.competitorsCount')}
          {...COUNT_COLUMN}
          sorter
          defaultSortOrder={getDefaultSortOrder('competitorsCount', sorters)}
        />
      </Table>
    </RouteLayout>
  );
}
