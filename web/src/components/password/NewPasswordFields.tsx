import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordRequirements, unmetRequirements } from '../../providers/auth/passwordRules.ts';
import { usePasswordRules } from './usePasswordRules.ts';

/**
 * A new password and its confirmation, checked live against the provider's password policy
 * (SPEC §5): each requirement is listed and ticked off as it is met.
 */
export function NewPasswordFields() {
  const { t } = useTranslation();
  const rules = usePasswordRules();
  const form = Form.useFormInstance();
  const password: string = Form.useWatch('password', form) ?? '';
  const unmet = unmetRequirements(rules, password);
  const params = { min: rules.minLength, max: rules.maxLength };

  return (
    <>
      <Form.Item
        label={t('auth.password.new')}
        name="password"
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              if (unmetRequirements(rules, value ?? '').length > 0) throw new Error(t('auth.errors.passwordRequirements'));
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Space direction="vertical" size={0} style={{ marginBottom: 16 }} aria-label={t('auth.password.requirementsLabel')}>
        {passwordRequirements(rules).map((requirement) => {
          const met = !unmet.includes(requirement);
          return (
            <Typography.Text key={requirement} type={met ? 'success' : 'secondary'}>
              {met ? <CheckCircleFilled /> : <CloseCircleOutlined />} {t(`auth.password.requirements.${requirement}`, params)}
            </Typography.Text>
          );
        })}
      </Space>
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
