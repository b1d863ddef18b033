import { useLogin } from '@refinedev/core';
import { Alert, Button, Form, Input, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { CenteredLayout } from '../../../components/layout/CenteredLayout.tsx';
import type { LoginVariables } from '../../../providers/auth/authProvider.ts';

export interface LoginPageProps {
  /** False when the runtime configuration has no Firebase section. */
  signInAvailable: boolean;
}

/** /auth/login: e-mail + password sign-in. Failures appear as Refine's error notification. */
export default function LoginPage({ signInAvailable }: LoginPageProps) {
  const { t } = useTranslation();
  const { mutate: login, isPending } = useLogin<LoginVariables>();
  const { token } = theme.useToken();

  return (
    <CenteredLayout>
      <section
        style={{
          width: '100%',
          maxWidth: 400,
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <h1 style={{ marginTop: 0, fontSize: 24, fontWeight: 600 }}>{t('auth.login.title')}</h1>
        {!signInAvailable && (
          <Alert type="error" showIcon role="alert" message={t('config.firebaseMissing')} style={{ marginBottom: 16 }} />
        )}
        <Form<LoginVariables> name="login" layout="vertical" requiredMark={false} onFinish={(values) => login(values)}>
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
        </Form>
      </section>
    </CenteredLayout>
  );
}
