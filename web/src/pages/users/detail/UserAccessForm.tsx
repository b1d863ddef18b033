import { useCustomMutation } from '@refinedev/core';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeFailedNotification, formFieldErrors } from '../../../components/errors/formErrors.ts';
import { USER_UPDATE_MUTATION, type UserRow } from '../queries.ts';
import { UserInputs } from '../UserInputs.tsx';
import { useViewerRoles } from '../../../components/access/useViewerRoles.ts';

interface AccessValues {
  roles: string[];
  organizationId?: string | null;
}

const FIELDS = ['roles', 'organizationId'] as const;

/** Changes the user's roles and (Admin) organization. */
export function UserAccessForm({ user, onSaved }: { user: UserRow; onSaved: () => void }) {
  const { t } = useTranslation();
  const { isAdmin } = useViewerRoles();
  const [form] = Form.useForm<AccessValues>();
  const { mutate, mutation } = useCustomMutation();

  const save = (values: AccessValues) => {
    const input = isAdmin
      ? { roles: values.roles, organizationId: values.organizationId || null }
      : { roles: values.roles };
    mutate(
      {
        url: '',
        method: 'post',
        values: input,
        meta: { gqlMutation: USER_UPDATE_MUTATION, gqlVariables: { userId: user.id, input } },
        successNotification: { type: 'success', message: t('users.edit.saved') },
        errorNotification: changeFailedNotification(t, t('users.edit.failed'), FIELDS),
      },
      { onSuccess: onSaved, onError: (error) => form.setFields(formFieldErrors(error, FIELDS)) },
    );
  };

  return (
    <Form<AccessValues>
      form={form}
      name="user-access"
      layout="vertical"
      style={{ maxWidth: 480 }}
      initialValues={{ roles: user.roles, organizationId: user.organization?.id }}
      onFinish={save}
    >
      <UserInputs />
      <Button type="primary" htmlType="submit" loading={mutation.isPending}>
        {t('buttons.save')}
      </Button>
    </Form>
  );
}
