import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { unmetRequirements } from '../../providers/auth/passwordRules.ts';
import { PasswordRequirementList } from './PasswordRequirementList.tsx';
import { usePasswordRules } from './usePasswordRules.ts';

/**
 * A new password and its confirmation inside an antd Form, checked live against the provider's
 * password policy (api/src/graphql/validate.ts): each requirement is listed and ticked off as it is met.
 */
export function NewPasswordFields() {
  const { t } = useTranslation();
  const rules = usePasswordRules();
  const form = Form.useFormInstance();
  const password: string = Form.useWatch('password', form) ?? '';

  return (
    <>
      <Form.Item
        label={t('auth.password.new')}
        name="password"
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              if (unmetRequirements(rules, value ?? '').length > 0)
                throw new Error(t('auth.errors.passwordRequirements'));
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <PasswordRequirementList rules={rules} password={password} />
      <Form.Item
        label={t('auth.password.confirm')}
        name="confirmPassword"
        dependencies={['password']}
        rules={[
          { required: true, message: t('auth.password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: async (_, value: string | undefined) => {
              if (value && value !== getFieldValue('password')) throw new Error(t('auth.password.mismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
