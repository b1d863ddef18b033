import { useForgotPassword } from '@refinedev/core';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** Requests the password reset e-mail (SPEC §4, the provider's sendOobCode). */
export function ForgotPasswordForm({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation();
  const { mutate: requestReset, isPending, data } = useForgotPassword<{ email: string }>();

  return (
    <Form name="forgot-password" layout="vertical" requiredMark={false} initialValues={{ email }} onFinish={requestReset}>
      <p>{t('auth.forgot.intro')}</p>
      {data?.success && (
        <Alert type="success" showIcon role="status" message={t('auth.forgot.sent')} style={{ marginBottom: 16 }} />
      )}
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
      <Button type="primary" htmlType="submit" block loading={isPending}>
        {t('auth.forgot.submit')}
      </Button>
      <Button type="link" block style={{ marginTop: 8 }} onClick={onBack}>
        {t('auth.forgot.back')}
      </Button>
    </Form>
  );
}
