import { Button, Input, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../../../providers/auth/AccountContext.tsx';
import { identityErrorKey } from '../../../providers/auth/identityErrors.ts';
import { useNotifications } from '../../../providers/notification/NotificationsProvider.tsx';
import { AuthField } from '../../../components/form/AuthField.tsx';
import { useProfileForm } from './useProfileForm.ts';

const PHONE_NUMBER = /^\+[1-9]\d{6,14}$/;

type Phone = { uid: string; displayName: string; phoneNumber: string };

/** Enrolment of an SMS second factor (web/README.md, Decisions: second factor): phone number, then the code sent to it. */
export function SecondFactorSection() {
  const { t } = useTranslation();
  const notification = useNotifications();
  const account = useAccount();
  const recaptcha = useRef<HTMLDivElement>(null);
  const [phones, setPhones] = useState<Phone[]>([]);
  const [codeSent, setCodeSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const form = useProfileForm(
    'second-factor-enrolment',
    { phoneNumber: '', code: '' },
    {
      phoneNumber: [{ required: true, message: t('auth.errors.phoneInvalid') }],
      code: codeSent ? [{ required: true, message: t('auth.mfa.codeRequired') }] : [],
    },
    ({ phoneNumber }) => ({ phoneNumber: PHONE_NUMBER.test(phoneNumber) ? null : t('auth.errors.phoneInvalid') }),
  );

  const refresh = useCallback(() => void account.enrolledPhones().then(setPhones, () => setPhones([])), [account]);
  useEffect(refresh, [refresh]);

  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    try {
      await step();
    } catch (error) {
      notification.error({ message: t('profile.mfa.failed'), description: t(identityErrorKey(error)) });
    } finally {
      setBusy(false);
    }
  };

  const sendCode = ({ phoneNumber }: { phoneNumber: string }) =>
    run(async () => {
      if (!recaptcha.current) return;
      await account.sendEnrolmentCode(phoneNumber.trim(), recaptcha.current);
      setCodeSent(true);
    });

  const confirm = ({ code, phoneNumber }: { code: string; phoneNumber: string }) =>
    run(async () => {
      await account.finishEnrolment(code.trim(), phoneNumber.trim());
      setCodeSent(false);
      notification.success({ message: t('profile.mfa.enrolled') });
      refresh();
    });

  return (
    <>
      <Typography.Paragraph>{t('profile.mfa.intro')}</Typography.Paragraph>
      {phones.length > 0 && (
        <section aria-labelledby="enrolled-phones">
          <Typography.Text strong id="enrolled-phones">
            {t('profile.mfa.enrolledList')}
          </Typography.Text>
          <ul>
            {phones.map((phone) => (
              <li key={phone.uid}>{phone.phoneNumber || phone.displayName}</li>
            ))}
          </ul>
        </section>
      )}
      <form
        style={{ maxWidth: 420 }}
        onSubmit={form.onSubmit((values) =>
          codeSent && values.code ? confirm({ code: values.code, phoneNumber: values.phoneNumber }) : sendCode(values),
        )}
      >
        <AuthField
          id="second-factor-enrolment_phoneNumber"
          label={t('profile.mfa.phone')}
          error={form.error('phoneNumber')}
        >
          <Input type="tel" autoComplete="tel" disabled={codeSent} {...form.input('phoneNumber')} />
          <Typography.Text type="secondary">{t('profile.mfa.phoneHint')}</Typography.Text>
        </AuthField>
        {codeSent && (
          <AuthField id="second-factor-enrolment_code" label={t('auth.mfa.code')} error={form.error('code')}>
            <Input inputMode="numeric" autoComplete="one-time-code" autoFocus {...form.input('code')} />
          </AuthField>
        )}
        <div ref={recaptcha} />
        <Button type="primary" htmlType="submit" loading={busy}>
          {codeSent ? t('profile.mfa.confirm') : t('profile.mfa.sendCode')}
        </Button>
        {codeSent && (
          <Button type="link" onClick={() => setCodeSent(false)}>
            {t('buttons.cancel')}
          </Button>
        )}
      </form>
    </>
  );
}
