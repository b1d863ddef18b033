import { useCustomMutation } from '@refinedev/core';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeFailedNotification } from '../../../components/errors/formErrors.ts';
import { ORGANIZATION_REINSTATE_MUTATION, ORGANIZATION_SUSPEND_MUTATION, type OrganizationRow } from '../queries.ts';

/** Suspends or reinstates the organization after a confirmation (Admin: organizations:suspend). */
export function SuspensionButton({
  organization,
  onChanged,
}: {
  organization: OrganizationRow;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation();
  const action = organization.suspended ? 'reinstate' : 'suspend';

  const run = () =>
    mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: {
          gqlMutation: organization.suspended ? ORGANIZATION_REINSTATE_MUTATION : ORGANIZATION_SUSPEND_MUTATION,
          gqlVariables: { organizationId: organization.id },
        },
        successNotification: {
          type: 'success',
          message: t(`organizations.${action}.done`, { name: organization.name }),
        },
        errorNotification: changeFailedNotification(t, t(`organizations.${action}.failed`)),
      },
      { onSuccess: onChanged },
    );

  return (
    <Popconfirm
      placement="bottomRight"
      title={t(`organizations.${action}.confirmTitle`, { name: organization.name })}
      description={t(`organizations.${action}.confirmText`)}
      okText={t(`organizations.${action}.button`)}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ danger: !organization.suspended }}
      onConfirm={run}
    >
      <Button danger={!organization.suspended} loading={mutation.isPending}>
        {t(`organizations.${action}.button`)}
      </Button>
    </Popconfirm>
  );
}
