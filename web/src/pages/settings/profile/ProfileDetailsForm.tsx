import { useCustomMutation, useInvalidateAuthStore, useSetLocale } from '@refinedev/core';
import { Button, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE } from '../../../config/constants.ts';
import type { AppUser } from '../../../providers/auth/appUser.ts';
import { useAccount } from '../../../providers/auth/AccountContext.tsx';
import { BUILT_IN_LANGUAGES, DEFAULT_LANGUAGE } from '../../../config/constants.ts';
import { AuthField } from '../../../components/form/AuthField.tsx';
import { PROFILE_LOCALES } from './locales.ts';
import type { AppUserUpdateInput } from '../../../graphql/operations.ts';
import { APP_USER_UPDATE_MUTATION } from '../../../providers/auth/queries.ts';

/** The user's e-mail (read only), language and locale, saved through the API. */
export function ProfileDetailsForm({ appUser, email }: { appUser: AppUser | null; email: string }) {
  const { t } = useTranslation();
  const account = useAccount();
  const invalidateIdentity = useInvalidateAuthStore();
  const changeLanguage = useSetLocale();
  const { mutate, mutation } = useCustomMutation();
  const [values, setValues] = useState({
    language: appUser?.language || DEFAULT_LANGUAGE,
    locale: appUser?.locale || DEFAULT_LOCALE,
  });

  const save = (input: AppUserUpdateInput) => {
    if (!appUser) return;
    mutate(
      {
        url: '',
        method: 'post',
        values: input,
        meta: { gqlMutation: APP_USER_UPDATE_MUTATION, gqlVariables: { userId: appUser.id, input } },
        successNotification: { type: 'success', message: t('profile.details.saved') },
      },
      {
        onSuccess: () => {
          account.profileChanged();
          void invalidateIdentity();
          if (input.language) void changeLanguage(input.language);
        },
      },
    );
  };

  return (
    <form
      style={{ maxWidth: 420 }}
      onSubmit={(event) => {
        event.preventDefault();
        save(values);
      }}
    >
      <AuthField id="profile-email" label={t('profile.details.email')} error={null}>
        <Input id="profile-email" value={email} readOnly />
      </AuthField>
      <AuthField id="profile_language" label={t('profile.details.language')} error={null}>
        <Select
          id="profile_language"
          value={values.language}
          onChange={(language: string) => setValues((previous) => ({ ...previous, language }))}
          options={BUILT_IN_LANGUAGES.map((code) => ({ value: code, label: t(`language.names.${code}`) }))}
        />
      </AuthField>
      <AuthField id="profile_locale" label={t('profile.details.locale')} error={null}>
        <Select
          id="profile_locale"
          value={values.locale}
          onChange={(locale: string) => setValues((previous) => ({ ...previous, locale }))}
          options={PROFILE_LOCALES.map((code) => ({ value: code, label: t(`profile.locales.${code}`) }))}
        />
      </AuthField>
      <Button type="primary" htmlType="submit" loading={mutation.isPending} disabled={!appUser}>
        {t('buttons.save')}
      </Button>
    </form>
  );
}
