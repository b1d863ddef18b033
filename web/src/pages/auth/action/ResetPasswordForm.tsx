import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../../components/password/NewPasswordFields.tsx';
import type { UpdatePasswordVariables } from '../../../providers/auth/authProvider.ts';
import { useAuthAction } from '../../../providers/auth/useAuthAction.ts';

/** Sets the new password with the checked code; the auth provider then signs in and goes home. */
export function ResetPasswordForm({ oobCode, email }: { oobCode: string; email: string }) {
  const { t } = useTranslation();
  const { mutate: updatePassword, isPending } = useAuthAction<UpdatePasswordVariables>('updatePassword');

  return (
    <Form
      name="reset-password"
      layout="vertical"
      requiredMark={false}
      onFinish={({ password }: { password: string }) => updatePassword({ oobCode, email, password })}
    >
      <p>{t('auth.reset.forAccount', { email })}</p>
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" block loading={isPending}>
        {t('auth.reset.submit')}
      </Button>
    </Form>
  );
}
