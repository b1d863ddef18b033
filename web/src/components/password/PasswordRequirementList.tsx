import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type PasswordRules, passwordRequirements, unmetRequirements } from '../../providers/auth/passwordRules.ts';

/** Each requirement of the password policy (api/src/graphql/validate.ts), ticked off as the password meets it. */
export function PasswordRequirementList({ rules, password }: { rules: PasswordRules; password: string }) {
  const { t } = useTranslation();
  const unmet = unmetRequirements(rules, password);
  const params = { min: rules.minLength, max: rules.maxLength };
  return (
    <Space direction="vertical" size={0} style={{ marginBottom: 16 }} aria-label={t('auth.password.requirementsLabel')}>
      {passwordRequirements(rules).map((requirement) => {
        const met = !unmet.includes(requirement);
        return (
          <Typography.Text key={requirement} type={met ? 'success' : 'secondary'}>
            {met ? <CheckCircleFilled /> : <CloseCircleOutlined />}{' '}
            {t(`auth.password.requirements.${requirement}`, params)}
          </Typography.Text>
        );
      })}
    </Space>
  );
}
