import { useUpdatePassword } from '@refinedev/core';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../../components/password/NewPasswordFields.tsx';
import type { UpdatePasswordVariables } from '../../../providers/auth/authProvider.ts';

interface Values {
  currentPassword: string;
  password: string;
}

/** Password change: the current password re-authenticates, the new one follows the policy. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { mutate: updatePassword, isPending } = useUpdatePassword<UpdatePasswordVariables>();

  return (
    <Form<Values>
      form={form}
      name="change-password"
      layout="vertical"
      requiredMark={false}
      style={{ maxWidth: 420 }}
      onFinish={({ currentPassword, password }) =>
        updatePassword(
          { currentPassword, password },
          {
            onSuccess: (result) => {
              if (result.success) form.resetFields();
            },
          },
        )
      }
    >
      <Form.Item
        label={t('auth.password.current')}
        name="currentPassword"
        rules={[{ required: true, message: t('auth.login.passwordRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" loading={isPending}>
        {t('auth.password.submit')}
      </Button>
    </Form>
  );
}
