import { useTable } from '@refinedev/antd';
import { CanAccess } from '@refinedev/core';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RouteLayout } from '../../../components/layout/RouteLayout.tsx';
import { useTableClampPage } from '../../../components/list/useTableClampPage.ts';
import { AppLink } from '../../../components/navigation/AppLink.tsx';
import { routePath } from '../../../routes/useCarriedPath.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { USER_LIST_QUERY, type UserRow } from '../queries.ts';
import { ROLE_COLORS } from '../roles.ts';
import { UserFilters, type UserFilterValues } from './UserFilters.tsx';
import { userFilters } from './userFilters.ts';
import { UserInviteButton } from './UserInviteButton.tsx';

/** /users: the users the signed-in user may manage, filtered and paged; invite. */
export default function UsersPage() {
  const { t, i18n } = useTranslation();
  const table = useTable<UserRow, never, UserFilterValues>({
    resource: 'users',
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    meta: { gqlQuery: USER_LIST_QUERY },
    onSearch: userFilters,
    errorNotification: false,
  });
  // A page past the end (its last rows gone, or such an address): the last page.
  useTableClampPage(table);
  const { tableProps, tableQuery, searchFormProps } = table;

  return (
    <RouteLayout
      route="users"
      extra={
        <CanAccess resource="users" action="create">
          <UserInviteButton onInvited={() => void tableQuery.refetch()} />
        </CanAccess>
      }
    >
      <ApiErrorAlert error={tableQuery.error} />
      <UserFilters formProps={searchFormProps} />
      <Table<UserRow> {...tableProps} rowKey="id" scroll={{ x: true }}>
        <Table.Column<UserRow>
          dataIndex="email"
          title={t('users.fields.email')}
          render={(email: string, row) => <AppLink to={routePath('userDetail', { userId: row.id })}>{email}</AppLink>}
        />
        <Table.Column<UserRow>
          dataIndex="roles"
          title={t('users.fields.roles')}
          render={(roles: string[]) =>
            roles.map((role) => (
              <Tag key={role} color={ROLE_COLORS[role]}>
                {t(`users.roles.${role}`)}
              </Tag>
            ))
          }
        />
        <Table.Column<UserRow> dataIndex={['organization', 'name']} title={t('users.fields.organization')} />
        <Table.Column<UserRow>
          dataIndex="disabled"
          title={t('users.fields.state')}
          render={(disabled: boolean) =>
            disabled ? (
              <Tag color="red">{t('users.state.disabled')}</Tag>
            ) : (
              <Tag color="green">{t('users.state.enabled')}</Tag>
            )
          }
        />
        <Table.Column<UserRow>
          dataIndex="createdAt"
          title={t('users.fields.createdAt')}
          render={(createdAt: string) => new Date(createdAt).toLocaleDateString(i18n.language)}
        />
      </Table>
    </RouteLayout>
  );
}
