import { useCustomMutation } from '@refinedev/core';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeFailedNotification, formFieldErrors } from '../../../components/errors/formErrors.ts';
import { ORGANIZATION_UPDATE_MUTATION, type OrganizationRow } from '../queries.ts';

const FIELDS = ['name'] as const;

/** Renames the organization (an Admin any, an Owner its own). */
export function OrganizationNameForm({
  organization,
  onSaved,
}: {
  organization: OrganizationRow;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const { mutate, mutation } = useCustomMutation();

  const save = ({ name }: { name: string }) =>
    mutate(
      {
        url: '',
        method: 'post',
        values: { name },
        meta: {
          gqlMutation: ORGANIZATION_UPDATE_MUTATION,
          gqlVariables: { organizationId: organization.id, input: { name } },
        },
        successNotification: { type: 'success', message: t('organizations.edit.saved') },
        errorNotification: changeFailedNotification(t, t('organizations.edit.failed'), FIELDS),
      },
      { onSuccess: onSaved, onError: (error) => form.setFields(formFieldErrors(error, FIELDS)) },
    );

  return (
    <Form
      form={form}
      name="organization-edit"
      layout="inline"
      initialValues={{ name: organization.name }}
      onFinish={save}
    >
      <Form.Item
        name="name"
        label={t('organizations.fields.name')}
        rules={[
          { required: true, whitespace: true, message: t('organizations.validation.nameRequired') },
          { max: 200, message: t('organizations.validation.nameTooLong') },
        ]}
      >
        <Input style={{ minWidth: 280 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={mutation.isPending}>
        {t('buttons.save')}
      </Button>
    </Form>
  );
}
