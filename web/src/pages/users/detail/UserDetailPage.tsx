import { CanAccess, useCustom } from '@refinedev/core';
import { Card, Descriptions, Flex, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RouteLayout } from '../../../components/layout/RouteLayout.tsx';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { USER_QUERY, type UserRow } from '../queries.ts';
import { ROLE_COLORS } from '../roles.ts';
import { UserAccessForm } from './UserAccessForm.tsx';
import { UserActions } from './UserActions.tsx';
import { formatDateTime } from '../../../components/format/format.ts';

/** /users/[userId]: the user, their roles and organization; disable, enable, delete. */
export default function UserDetailPage() {
  const { t, i18n } = useTranslation();
  const { userId = '' } = useParams();
  const { query } = useCustom<UserRow>({
    url: '',
    method: 'get',
    meta: { gqlQuery: USER_QUERY, gqlVariables: { userId } },
    errorNotification: false,
  });
  const user = query.data?.data;
  const refresh = () => void query.refetch();

  return (
    <RouteLayout
      route="userDetail"
      names={{ userDetail: user?.email }}
      extra={user && <UserActions user={user} onChanged={refresh} />}
    >
      <ApiErrorAlert error={query.error} />
      {query.isLoading && <Skeleton active />}
      {user && (
        <Flex vertical gap={24}>
          <Descriptions bordered column={1} size="small">
            <Descriptions.Item label={t('users.fields.email')}>{user.email}</Descriptions.Item>
            <Descriptions.Item label={t('users.fields.roles')}>
              {user.roles.map((role) => (
                <Tag key={role} color={ROLE_COLORS[role]}>
                  {t(`users.roles.${role}`)}
                </Tag>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.fields.organization')}>
              {user.organization?.name ?? t('users.noOrganization')}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.fields.state')}>
              {user.disabled ? (
                <Tag color="red">{t('users.state.disabled')}</Tag>
              ) : (
                <Tag color="green">{t('users.state.enabled')}</Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('users.fields.language')}>{user.language}</Descriptions.Item>
            <Descriptions.Item label={t('users.fields.createdAt')}>
              {formatDateTime(user.createdAt, i18n.language)}
            </Descriptions.Item>
          </Descriptions>
          <CanAccess resource="users" action="update">
            <Card title={t('users.edit.title')}>
              <UserAccessForm user={user} onSaved={refresh} />
            </Card>
          </CanAccess>
        </Flex>
      )}
    </RouteLayout>
  );
}
