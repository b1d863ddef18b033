import { UserAddOutlined } from '@ant-design/icons';
import { useCustomMutation } from '@refinedev/core';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeFailedNotification, formFieldErrors } from '../../../components/errors/formErrors.ts';
import { USER_INVITE_MUTATION } from '../queries.ts';
import { UserInputs } from '../UserInputs.tsx';

interface InviteValues {
  email: string;
  roles: string[];
  organizationId?: string;
}

const FIELDS = ['email', 'roles', 'organizationId'] as const;

/** Invites a user: the account, the user record and the set-password e-mail, all at once. */
export function UserInviteButton({ onInvited }: { onInvited: () => void }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<InviteValues>();
  const { mutate, mutation } = useCustomMutation();

  const invite = (values: InviteValues) => {
    const input = {
      email: values.email.trim(),
      roles: values.roles,
      organizationId: values.organizationId || null,
      language: i18n.language,
    };
    mutate(
      {
        url: '',
        method: 'post',
        values: input,
        meta: { gqlMutation: USER_INVITE_MUTATION, gqlVariables: { input } },
        successNotification: { type: 'success', message: t('users.invite.done', { email: input.email }) },
        errorNotification: changeFailedNotification(t, t('users.invite.failed'), FIELDS),
      },
      {
        onSuccess: () => {
          setOpen(false);
          form.resetFields();
          onInvited();
        },
        onError: (error) => form.setFields(formFieldErrors(error, FIELDS)),
      },
    );
  };

  return (
    <>
      <Button type="primary" icon={<UserAddOutlined />} onClick={() => setOpen(true)}>
        {t('users.invite.open')}
      </Button>
      <Modal
        open={open}
        title={t('users.invite.title')}
        okText={t('users.invite.submit')}
        confirmLoading={mutation.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        forceRender
      >
        <Form<InviteValues>
          form={form}
          name="user-invite"
          layout="vertical"
          initialValues={{ roles: ['User'] }}
          onFinish={invite}
        >
          <Form.Item
            name="email"
            label={t('users.fields.email')}
            rules={[
              { required: true, message: t('users.validation.emailRequired') },
              { type: 'email', message: t('users.validation.emailInvalid') },
            ]}
          >
            <Input type="email" autoComplete="off" />
          </Form.Item>
          <UserInputs />
        </Form>
      </Modal>
    </>
  );
}
