import { CanAccess, useCustomMutation } from '@refinedev/core';
import { Button, Flex, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routePath, useCarriedPath } from '../../../routes/useCarriedPath.ts';
import { changeFailedNotification } from '../../../components/errors/formErrors.ts';
import { USER_DELETE_MUTATION, USER_DISABLE_MUTATION, USER_ENABLE_MUTATION, type UserRow } from '../queries.ts';

/** Disable or enable (sign-in too), and delete after a confirmation. */
export function UserActions({ user, onChanged }: { user: UserRow; onChanged: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const carried = useCarriedPath();
  const { mutate, mutation } = useCustomMutation();
  const toggle = user.disabled ? 'enable' : 'disable';

  const run = (action: 'enable' | 'disable' | 'delete', onSuccess: () => void) =>
    mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: {
          gqlMutation: { enable: USER_ENABLE_MUTATION, disable: USER_DISABLE_MUTATION, delete: USER_DELETE_MUTATION }[
            action
          ],
          gqlVariables: { userId: user.id },
        },
        successNotification: { type: 'success', message: t(`users.${action}.done`, { email: user.email }) },
        errorNotification: changeFailedNotification(t, t(`users.${action}.failed`)),
      },
      { onSuccess },
    );

  return (
    <Flex gap={8} wrap>
      <CanAccess resource="users" action="update">
        <Popconfirm
          placement="bottomRight"
          title={t(`users.${toggle}.confirmTitle`, { email: user.email })}
          okText={t(`users.${toggle}.button`)}
          cancelText={t('buttons.cancel')}
          onConfirm={() => run(toggle, onChanged)}
        >
          <Button loading={mutation.isPending}>{t(`users.${toggle}.button`)}</Button>
        </Popconfirm>
      </CanAccess>
      <CanAccess resource="users" action="delete">
        <Popconfirm
          placement="bottomRight"
          title={t('users.delete.confirmTitle', { email: user.email })}
          description={t('users.delete.confirmText')}
          okText={t('users.delete.button')}
          okButtonProps={{ danger: true }}
          cancelText={t('buttons.cancel')}
          onConfirm={() => run('delete', () => navigate(carried(routePath('users'))))}
        >
          <Button danger loading={mutation.isPending}>
            {t('users.delete.button')}
          </Button>
        </Popconfirm>
      </CanAccess>
    </Flex>
  );
}
