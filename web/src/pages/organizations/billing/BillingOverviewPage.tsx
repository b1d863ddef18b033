import { useTable } from '@refinedev/antd';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { RouteLayout } from '../../../components/layout/RouteLayout.tsx';
import { AppLink } from '../../../components/navigation/AppLink.tsx';
import { routePath } from '../../../routes/useCarriedPath.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { OrganizationSearch } from '../OrganizationSearch.tsx';
import { ORGANIZATION_LIST_QUERY, type OrganizationRow } from '../queries.ts';
import { UsageBar } from './UsageBar.tsx';
import { OrganizationStateTag } from '../../../features/organizations/OrganizationStateTag.tsx';

/** /organizations/billing (Admin): every organization's plan and how full its limits are. */
export default function BillingOverviewPage() {
  const { t } = useTranslation();
  const { tableProps, tableQuery, setFilters } = useTable<OrganizationRow>({
    resource: 'organizations:billing',
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    meta: { gqlQuery: ORGANIZATION_LIST_QUERY, gqlVariables: { sort: 'NAME_ASC' } },
    errorNotification: false,
  });

  return (
    <RouteLayout route="organizationsBilling">
      <ApiErrorAlert error={tableQuery.error} />
      <OrganizationSearch
        onSearch={(search) => setFilters([{ field: 'search', operator: 'contains', value: search }], 'replace')}
      />
      <Table<OrganizationRow> {...tableProps} rowKey="id" scroll={{ x: true }}>
        <Table.Column<OrganizationRow>
          dataIndex="name"
          title={t('organizations.fields.name')}
          render={(name: string, row) => (
            <AppLink to={routePath('organizationBilling', { organizationId: row.id })}>{name}</AppLink>
          )}
        />
        <Table.Column<OrganizationRow> dataIndex={['plan', 'name']} title={t('organizations.fields.plan')} />
        <Table.Column<OrganizationRow>
          key="websites"
          title={t('billing.limits.websites')}
          width={220}
          render={(_, row) => <UsageBar name="websites" used={row.websitesCount} limit={row.plan.limits.websites} />}
        />
        <Table.Column<OrganizationRow>
          key="users"
          title={t('billing.limits.users')}
          width={220}
          render={(_, row) => <UsageBar name="users" used={row.usersCount} limit={row.plan.limits.users} />}
        />
        <Table.Column<OrganizationRow>
          dataIndex="suspended"
          title={t('organizations.fields.state')}
          render={(suspended: boolean) => <OrganizationStateTag suspended={suspended} />}
        />
      </Table>
    </RouteLayout>
  );
}
