import { CanAccess, useList } from '@refinedev/core';
import { Table } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { COUNT_COLUMN } from '../../../components/list/columns.tsx';
import { RouteLayout } from '../../../components/layout/RouteLayout.tsx';
import { pagedTableProps, pagingOf } from '../../../components/list/pagedTable.ts';
import { useClampPage } from '../../../components/list/useClampPage.ts';
import { useUrlListState } from '../../../components/list/useUrlListState.ts';
import { AppLink } from '../../../components/navigation/AppLink.tsx';
import { routePath } from '../../../routes/useCarriedPath.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { OrganizationSearch } from '../OrganizationSearch.tsx';
import { ORGANIZATION_LIST_QUERY, type OrganizationRow } from '../queries.ts';
import { OrganizationCreateButton } from './OrganizationCreateButton.tsx';
import { columnOrder, listArguments, readListState, sortOf, writeListState } from './listState.ts';
import { formatDate } from '../../../components/format/format.ts';
import { OrganizationStateTag } from '../../../features/organizations/OrganizationStateTag.tsx';

/** /organizations: search, sort and page through the organizations the user may see (kept in the address). */
export default function OrganizationsPage() {
  const { t, i18n } = useTranslation();
  const [state, update] = useUrlListState(readListState, writeListState);
  const { result, query } = useList<OrganizationRow>({
    resource: 'organizations',
    pagination: { currentPage: state.page, pageSize: state.pageSize, mode: 'server' },
    meta: { gqlQuery: ORGANIZATION_LIST_QUERY, gqlVariables: listArguments(state) },
    errorNotification: false,
  });
  // A page past the end (its last rows gone, or such an address): the last page.
  useClampPage(
    { page: state.page, pageSize: state.pageSize, total: result.total, fetching: query.isFetching },
    (page) => update({ page }, { replace: true }),
  );

  return (
    <RouteLayout
      route="organizations"
      extra={
        <CanAccess resource="organizations" action="create">
          <OrganizationCreateButton />
        </CanAccess>
      }
    >
      <ApiErrorAlert error={query.error} />
      <OrganizationSearch value={state.search} onSearch={(search) => update({ search })} />
      <Table<OrganizationRow>
        {...pagedTableProps(state, result, query.isFetching)}
        onChange={(pagination, _filters, sorter, { action }) => {
          if (action === 'paginate') update(pagingOf(pagination, state));
          if (action === 'sort') {
            const first = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<OrganizationRow> | undefined;
            update({ sort: sortOf(first?.columnKey as string | undefined, first?.order) });
          }
        }}
      >
        <Table.Column<OrganizationRow>
          key="name"
          dataIndex="name"
          title={t('organizations.fields.name')}
          sorter
          sortOrder={columnOrder(state.sort, 'name')}
          render={(name: string, row) => (
            <AppLink to={routePath('organizationDetail', { organizationId: row.id })}>{name}</AppLink>
          )}
        />
        <Table.Column<OrganizationRow> dataIndex={['plan', 'name']} title={t('organizations.fields.plan')} />
        <Table.Column<OrganizationRow>
          dataIndex="suspended"
          title={t('organizations.fields.state')}
          render={(suspended: boolean) => <OrganizationStateTag suspended={suspended} />}
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
          key="createdAt"
          dataIndex="createdAt"
          title={t('organizations.fields.createdAt')}
          sorter
          sortOrder={columnOrder(state.sort, 'createdAt')}
          render={(createdAt: string) => formatDate(createdAt, i18n.language)}
        />
      </Table>
    </RouteLayout>
  );
}
