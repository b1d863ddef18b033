import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FORGOT_PASSWORD_PARAM } from '../../../routes/routeTable.ts';
import { AuthCard } from '../AuthCard.tsx';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
import { SecondFactorForm } from './SecondFactorForm.tsx';
import { SignInForm } from './SignInForm.tsx';

export interface LoginPageProps {
  /** False when the runtime configuration has no Firebase section. */
  signInAvailable: boolean;
}

type Step = { name: 'signIn' } | { name: 'forgotPassword'; email: string } | { name: 'secondFactor' };

/** /auth/login: e-mail and password, the optional SMS second step, and the reset request. */
export default function LoginPage({ signInAvailable }: LoginPageProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  // /auth/login?forgot=1 opens the reset request (the action page links there when a code is spent).
  const [step, setStep] = useState<Step>(
    searchParams.has(FORGOT_PASSWORD_PARAM) ? { name: 'forgotPassword', email: '' } : { name: 'signIn' },
  );
  const back = () => setStep({ name: 'signIn' });

  switch (step.name) {
    case 'forgotPassword':
      return (
        <AuthCard title={t('auth.forgot.title')}>
          <ForgotPasswordForm email={step.email} onBack={back} />
        </AuthCard>
      );
    case 'secondFactor':
      return (
        <AuthCard title={t('auth.mfa.title')}>
          <SecondFactorForm onBack={back} />
        </AuthCard>
      );
    default:
      return (
        <AuthCard title={t('auth.login.title')}>
          <SignInForm
            signInAvailable={signInAvailable}
            onForgotPassword={(email) => setStep({ name: 'forgotPassword', email })}
            onSecondFactor={() => setStep({ name: 'secondFactor' })}
          />
        </AuthCard>
      );
  }
}
