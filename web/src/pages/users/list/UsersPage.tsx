import { CanAccess, useList } from '@refinedev/core';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useViewerRoles } from '../../../components/access/useViewerRoles.ts';
import { RouteLayout } from '../../../components/layout/RouteLayout.tsx';
import { pagedTableProps, pagingOf } from '../../../components/list/pagedTable.ts';
import { useClampPage } from '../../../components/list/useClampPage.ts';
import { useUrlListState } from '../../../components/list/useUrlListState.ts';
import { AppLink } from '../../../components/navigation/AppLink.tsx';
import { routePath } from '../../../routes/useCarriedPath.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { USER_LIST_QUERY, type UserRow } from '../queries.ts';
import { ROLE_COLORS } from '../roles.ts';
import { UserFilters } from './UserFilters.tsx';
import { userFilters } from './userFilters.ts';
import { UserInviteButton } from './UserInviteButton.tsx';
import { filterChange, listStateReader, writeListState } from './listState.ts';
import { formatDate } from '../../../components/format/format.ts';

/** /users: the users the signed-in user may manage, filtered and paged (kept in the address); invite. */
export default function UsersPage() {
  const { t, i18n } = useTranslation();
  const { isAdmin, known } = useViewerRoles();
  const [state, update] = useUrlListState(listStateReader(isAdmin), writeListState);
  // The address's organization counts only for an Admin: the list waits until the roles are known,
  // so an Admin's filtered address never asks once without its organization.
  const { result, query } = useList<UserRow>({
    resource: 'users',
    pagination: { currentPage: state.page, pageSize: state.pageSize, mode: 'server' },
    filters: userFilters(state),
    meta: { gqlQuery: USER_LIST_QUERY },
    errorNotification: false,
    queryOptions: { enabled: known },
  });
  // A page past the end (its last rows gone, or such an address): the last page.
  useClampPage(
    { page: state.page, pageSize: state.pageSize, total: result.total, fetching: query.isFetching },
    (page) => update({ page }, { replace: true }),
  );

  return (
    <RouteLayout
      route="users"
      extra={
        <CanAccess resource="users" action="create">
          <UserInviteButton onInvited={() => void query.refetch()} />
        </CanAccess>
      }
    >
      <ApiErrorAlert error={query.error} />
      <UserFilters values={state} onFilter={(values) => update(filterChange(values))} />
      <Table<UserRow>
        {...pagedTableProps(state, result, query.isFetching)}
        onChange={(pagination) => update(pagingOf(pagination, state))}
      >
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
          render={(createdAt: string) => formatDate(createdAt, i18n.language)}
        />
      </Table>
    </RouteLayout>
  );
}
