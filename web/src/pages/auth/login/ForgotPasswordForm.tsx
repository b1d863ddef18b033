import { Alert, Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuthAction } from '../../../providers/auth/useAuthAction.ts';
import { AuthField } from '../../../components/form/AuthField.tsx';
import { useAuthForm } from '../../../components/form/useAuthForm.ts';

/** Requests the password reset e-mail (the provider's sendOobCode). */
export function ForgotPasswordForm({ email, onBack }: { email: string; onBack: () => void }) {
  const { t } = useTranslation();
  const { mutate: requestReset, isPending, data } = useAuthAction<{ email: string }>('forgotPassword');
  const form = useAuthForm(
    'forgot-password',
    { email },
    {
      email: [
        { required: true, message: t('auth.login.emailRequired') },
        { email: true, message: t('auth.login.emailInvalid') },
      ],
    },
  );

  return (
    <form onSubmit={form.onSubmit(requestReset)}>
      <p>{t('auth.forgot.intro')}</p>
      {data?.success && (
        <Alert type="success" showIcon role="status" message={t('auth.forgot.sent')} style={{ marginBottom: 16 }} />
      )}
      <AuthField id="forgot-password_email" label={t('auth.login.email')} error={form.error('email')}>
        <Input type="email" autoComplete="username" autoFocus {...form.input('email')} />
      </AuthField>
      <Button type="primary" htmlType="submit" block loading={isPending}>
        {t('auth.forgot.submit')}
      </Button>
      <Button type="link" block style={{ marginTop: 8 }} onClick={onBack}>
        {t('auth.forgot.back')}
      </Button>
    </form>
  );
}
