import { useTable } from '@refinedev/antd';
import { useTableClampPage } from '../../../components/list/useTableClampPage.ts';
import { CanAccess } from '@refinedev/core';
import { Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNT_COLUMN } from '../../../components/list/columns.tsx';
import { RouteLayout } from '../../../components/layout/RouteLayout.tsx';
import { AppLink } from '../../../components/navigation/AppLink.tsx';
import { routePath } from '../../../routes/useCarriedPath.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { OrganizationSearch } from '../OrganizationSearch.tsx';
import { type OrganizationSort, organizationSort } from '../organizationSort.ts';
import { ORGANIZATION_LIST_QUERY, type OrganizationRow } from '../queries.ts';
import { OrganizationCreateButton } from './OrganizationCreateButton.tsx';

/** /organizations: search, sort and page through the organizations the user may see. */
export default function OrganizationsPage() {
  const { t, i18n } = useTranslation();
  // The API sorts by an enum: the table's sorter is turned into it before the query runs.
  const [sort, setSort] = useState<OrganizationSort>('NAME_ASC');
  const table = useTable<OrganizationRow>({
    resource: 'organizations',
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { mode: 'server' },
    meta: { gqlQuery: ORGANIZATION_LIST_QUERY, gqlVariables: { sort } },
    errorNotification: false,
  });
  const { tableProps, tableQuery, setFilters, sorters } = table;
  if (organizationSort(sorters) !== sort) setSort(organizationSort(sorters));
  // A page past the end (its last rows gone, or such an address): the last page.
  useTableClampPage(table);

  return (
    <RouteLayout
      route="organizations"
      extra={
        <CanAccess resource="organizations" action="create">
          <OrganizationCreateButton />
        </CanAccess>
      }
    >
      <ApiErrorAlert error={tableQuery.error} />
      <OrganizationSearch setFilters={setFilters} />
      <Table<OrganizationRow> {...tableProps} rowKey="id" scroll={{ x: true }}>
        <Table.Column<OrganizationRow>
          dataIndex="name"
          title={t('organizations.fields.name')}
          sorter
          render={(name: string, row) => (
            <AppLink to={routePath('organizationDetail', { organizationId: row.id })}>{name}</AppLink>
          )}
        />
        <Table.Column<OrganizationRow> dataIndex={['plan', 'name']} title={t('organizations.fields.plan')} />
        <Table.Column<OrganizationRow>
          dataIndex="suspended"
          title={t('organizations.fields.state')}
          render={(suspended: boolean) =>
            suspended ? (
              <Tag color="red">{t('organizations.state.suspended')}</Tag>
            ) : (
              <Tag color="green">{t('organizations.state.active')}</Tag>
            )
          }
        />
        <Table.Column<OrganizationRow>
          dataIndex="websitesCount"
          title={t('organizations.fields.websitesCount')}
          {...COUNT_COLUMN}
        />
        <Table.Column<OrganizationRow>
          dataIndex="usersCount"
          title={t('organizations.fields.usersCount')}
          {...COUNT_COLUMN}
        />
        <Table.Column<OrganizationRow>
          dataIndex="createdAt"
          title={t('organizations.fields.createdAt')}
          sorter
          render={(createdAt: string) => new Date(createdAt).toLocaleDateString(i18n.language)}
        />
      </Table>
    </RouteLayout>
  );
}
