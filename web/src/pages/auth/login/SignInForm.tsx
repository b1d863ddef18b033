import { Alert, Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LoginVariables } from '../../../providers/auth/authProvider.ts';
import { useAuthAction } from '../../../providers/auth/useAuthAction.ts';
import { AuthField } from '../../../components/form/AuthField.tsx';
import { useAuthForm } from '../../../components/form/useAuthForm.ts';

export interface SignInFormProps {
  signInAvailable: boolean;
  onForgotPassword: (email: string) => void;
  onSecondFactor: () => void;
}

/** E-mail and password. Failures appear as an error notification, translated. */
export function SignInForm({ signInAvailable, onForgotPassword, onSecondFactor }: SignInFormProps) {
  const { t } = useTranslation();
  const { mutate: login, isPending } = useAuthAction<LoginVariables>('login');
  const form = useAuthForm(
    'login',
    { email: '', password: '' },
    {
      email: [
        { required: true, message: t('auth.login.emailRequired') },
        { email: true, message: t('auth.login.emailInvalid') },
      ],
      password: [{ required: true, message: t('auth.login.passwordRequired') }],
    },
  );

  return (
    <>
      {!signInAvailable && (
        <Alert type="error" showIcon role="alert" message={t('config.firebaseMissing')} style={{ marginBottom: 16 }} />
      )}
      <form
        onSubmit={form.onSubmit((values) =>
          login(values, {
            onSuccess: (result) => {
              if (result.multiFactorRequired) onSecondFactor();
            },
          }),
        )}
      >
        <AuthField id="login_email" label={t('auth.login.email')} error={form.error('email')}>
          <Input type="email" autoComplete="username" autoFocus {...form.input('email')} />
        </AuthField>
        <AuthField id="login_password" label={t('auth.login.password')} error={form.error('password')}>
          <Input.Password autoComplete="current-password" {...form.input('password')} />
        </AuthField>
        <Button type="primary" htmlType="submit" block loading={isPending} disabled={!signInAvailable}>
          {t('auth.login.submit')}
        </Button>
        <Button type="link" block style={{ marginTop: 8 }} onClick={() => onForgotPassword(form.values.email)}>
          {t('auth.login.forgotPassword')}
        </Button>
      </form>
    </>
  );
}
