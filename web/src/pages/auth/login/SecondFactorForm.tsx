import { Alert, Button, Input } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../providers/auth/AccountContext.tsx';
import type { LoginVariables } from '../../../providers/auth/authProvider.ts';
import { identityErrorKey } from '../../../providers/auth/identityErrors.ts';
import { useAuthAction } from '../../../providers/auth/useAuthAction.ts';
import { AuthField } from '../../../components/form/AuthField.tsx';
import { useAuthForm } from '../../../components/form/useAuthForm.ts';

/** The second sign-in step (web/README.md, Decisions: second factor): the SMS code is sent on arrival, then entered here. */
export function SecondFactorForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const account = useAccount();
  const { mutate: login, isPending } = useAuthAction<LoginVariables>('login');
  const recaptcha = useRef<HTMLDivElement>(null);
  const [phone, setPhone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useAuthForm(
    'second-factor',
    { code: '' },
    { code: [{ required: true, message: t('auth.mfa.codeRequired') }] },
  );

  const send = async () => {
    if (!recaptcha.current) return;
    setSending(true);
    setError(null);
    try {
      setPhone(await account.sendSignInCode(recaptcha.current));
    } catch (sendError) {
      setError(t(identityErrorKey(sendError)));
    } finally {
      setSending(false);
    }
  };

  // Sent once on arrival (not again when React re-runs effects); "Send again" sends on request.
  const sentOnArrival = useRef(false);
  useEffect(() => {
    if (sentOnArrival.current) return;
    sentOnArrival.current = true;
    void send();
  });

  return (
    <form onSubmit={form.onSubmit(({ code }) => login({ verificationCode: code.trim() }))}>
      <p>{phone ? t('auth.mfa.sent', { phone }) : t('auth.mfa.sending')}</p>
      {error && <Alert type="error" showIcon role="alert" message={error} style={{ marginBottom: 16 }} />}
      <AuthField id="second-factor_code" label={t('auth.mfa.code')} error={form.error('code')}>
        <Input inputMode="numeric" autoComplete="one-time-code" autoFocus {...form.input('code')} />
      </AuthField>
      <div ref={recaptcha} />
      <Button type="primary" htmlType="submit" block loading={isPending} disabled={!phone}>
        {t('auth.mfa.submit')}
      </Button>
      <Button type="link" block style={{ marginTop: 8 }} loading={sending} onClick={() => void send()}>
        {t('auth.mfa.resend')}
      </Button>
      <Button type="link" block onClick={onBack}>
        {t('auth.forgot.back')}
      </Button>
    </form>
  );
}
