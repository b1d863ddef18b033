import { useLogin } from '@refinedev/core';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LoginVariables } from '../../../providers/auth/authProvider.ts';

export interface SignInFormProps {
  signInAvailable: boolean;
  onForgotPassword: (email: string) => void;
  onSecondFactor: () => void;
}

/** E-mail and password. Failures appear as Refine's error notification, translated. */
export function SignInForm({ signInAvailable, onForgotPassword, onSecondFactor }: SignInFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string; password: string }>();
  const { mutate: login, isPending } = useLogin<LoginVariables>();

  return (
    <>
      {!signInAvailable && (
        <Alert type="error" showIcon role="alert" message={t('config.firebaseMissing')} style={{ marginBottom: 16 }} />
      )}
      <Form
        form={form}
        name="login"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) =>
          login(values, {
            onSuccess: (result) => {
              if (result.multiFactorRequired) onSecondFactor();
            },
          })
        }
      >
        <Form.Item
          label={t('auth.login.email')}
          name="email"
          rules={[
            { required: true, message: t('auth.login.emailRequired') },
            { type: 'email', message: t('auth.login.emailInvalid') },
          ]}
        >
          <Input type="email" autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          label={t('auth.login.password')}
          name="password"
          rules={[{ required: true, message: t('auth.login.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isPending} disabled={!signInAvailable}>
          {t('auth.login.submit')}
        </Button>
        <Button type="link" block style={{ marginTop: 8 }} onClick={() => onForgotPassword(form.getFieldValue('email') ?? '')}>
          {t('auth.login.forgotPassword')}
        </Button>
      </Form>
    </>
  );
}
