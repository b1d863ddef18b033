import { useGetIdentity } from '@refinedev/core';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Identity } from '../../../components/layout/identity.ts';
import { RouteLayout } from '../../../components/layout/RouteLayout.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ProfileDetailsForm } from './ProfileDetailsForm.tsx';
import { ProfileSection } from './ProfileSection.tsx';
import { SecondFactorSection } from './SecondFactorSection.tsx';

/** /settings/profile: the user's own details, password and second factor. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { data: identity } = useGetIdentity<Identity>();

  return (
    <RouteLayout route="settingsProfile">
      <Flex vertical gap={24}>
        <ProfileSection title={t('profile.details.title')}>
          {identity && <ProfileDetailsForm appUser={identity.appUser} email={identity.email ?? ''} />}
        </ProfileSection>
        <ProfileSection title={t('profile.password.title')}>
          <ChangePasswordForm />
        </ProfileSection>
        <ProfileSection title={t('profile.mfa.title')}>
          <SecondFactorSection />
        </ProfileSection>
      </Flex>
    </RouteLayout>
  );
}
