import { useUpdatePassword } from '@refinedev/core';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newPasswordErrors } from '../../../components/password/newPasswordErrors.ts';
import { PasswordRequirementList } from '../../../components/password/PasswordRequirementList.tsx';
import { usePasswordRules } from '../../../components/password/usePasswordRules.ts';
import type { UpdatePasswordVariables } from '../../../providers/auth/authProvider.ts';
import { AuthField } from '../../../components/form/AuthField.tsx';
import { useProfileForm } from './useProfileForm.ts';

/** Password change; emptied after a change (a fresh form). */
export function ChangePasswordForm() {
  const [generation, setGeneration] = useState(0);
  return <ChangePasswordFields key={generation} onChanged={() => setGeneration((value) => value + 1)} />;
}

/** The current password re-authenticates, the new one follows the policy (api/src/graphql/validate.ts). */
function ChangePasswordFields({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const rules = usePasswordRules();
  const { mutate: updatePassword, isPending } = useUpdatePassword<UpdatePasswordVariables>();
  const form = useProfileForm(
    'change-password',
    { currentPassword: '', password: '', confirmPassword: '' },
    {
      currentPassword: [{ required: true, message: t('auth.login.passwordRequired') }],
      password: [],
      confirmPassword: [{ required: true, message: t('auth.password.confirmRequired') }],
    },
    ({ password, confirmPassword }) => {
      const keys = newPasswordErrors(rules, password, confirmPassword);
      return {
        password: keys.password && t(keys.password),
        confirmPassword: keys.confirmPassword && t(keys.confirmPassword),
      };
    },
  );

  return (
    <form
      style={{ maxWidth: 420 }}
      onSubmit={form.onSubmit(({ currentPassword, password }) =>
        updatePassword(
          { currentPassword, password },
          {
            onSuccess: (result) => {
              if (result.success) onChanged();
            },
          },
        ),
      )}
    >
      <AuthField
        id="change-password_currentPassword"
        label={t('auth.password.current')}
        error={form.error('currentPassword')}
      >
        <Input.Password autoComplete="current-password" {...form.input('currentPassword')} />
      </AuthField>
      <AuthField id="change-password_password" label={t('auth.password.new')} error={form.error('password')}>
        <Input.Password autoComplete="new-password" {...form.input('password')} />
      </AuthField>
      <PasswordRequirementList rules={rules} password={form.values.password} />
      <AuthField
        id="change-password_confirmPassword"
        label={t('auth.password.confirm')}
        error={form.error('confirmPassword')}
      >
        <Input.Password autoComplete="new-password" {...form.input('confirmPassword')} />
      </AuthField>
      <Button type="primary" htmlType="submit" loading={isPending}>
        {t('auth.password.submit')}
      </Button>
    </form>
  );
}
