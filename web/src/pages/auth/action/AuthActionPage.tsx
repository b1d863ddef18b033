import { Alert, Flex, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAccount } from '../../../providers/auth/AccountContext.tsx';
import { identityErrorKey } from '../../../providers/auth/identityErrors.ts';
import { FORGOT_PASSWORD_PARAM, PUBLIC_ROUTES } from '../../../routes/routeTable.ts';
import { AuthCard } from '../AuthCard.tsx';
import { ResetPasswordForm } from './ResetPasswordForm.tsx';
import { LinkButton } from '../../../components/navigation/LinkButton.tsx';

type Check = { state: 'checking' } | { state: 'valid'; email: string } | { state: 'invalid'; messageKey: string };

/**
 * /auth/action: where the identity provider's e-mail links lead (`?mode=resetPassword&oobCode=…`).
 * The code is checked first (showing the e-mail it belongs to); a spent or expired code says so
 * and offers a new request.
 */
export default function AuthActionPage() {
  const { t } = useTranslation();
  const account = useAccount();
  const [searchParams] = useSearchParams();
  const mode = searchParams.get('mode');
  const oobCode = searchParams.get('oobCode') ?? '';
  const [check, setCheck] = useState<Check>({ state: 'checking' });

  useEffect(() => {
    if (mode !== 'resetPassword' || !oobCode) {
      setCheck({ state: 'invalid', messageKey: 'auth.reset.unsupportedLink' });
      return;
    }
    let active = true;
    account.checkResetCode(oobCode).then(
      (email) => active && setCheck({ state: 'valid', email }),
      (error: unknown) => active && setCheck({ state: 'invalid', messageKey: identityErrorKey(error) }),
    );
    return () => {
      active = false;
    };
  }, [account, mode, oobCode]);

  return (
    <AuthCard title={t('auth.reset.title')}>
      {check.state === 'checking' && (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin tip={t('auth.reset.checking')}>
            <div style={{ padding: 24 }} />
          </Spin>
        </Flex>
      )}
      {check.state === 'valid' && <ResetPasswordForm oobCode={oobCode} email={check.email} />}
      {check.state === 'invalid' && (
        <>
          <Alert type="error" showIcon role="alert" message={t(check.messageKey)} style={{ marginBottom: 16 }} />
          <LinkButton to={`${PUBLIC_ROUTES.login}?${FORGOT_PASSWORD_PARAM}=1`} type="primary" block>
            {t('auth.reset.requestNew')}
          </LinkButton>
        </>
      )}
    </AuthCard>
  );
}
