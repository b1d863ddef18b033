import { useCustomMutation, useInvalidateAuthStore, useSetLocale } from '@refinedev/core';
import { Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE } from '../../../config/constants.ts';
import type { AppUser } from '../../../providers/auth/appUser.ts';
import { useAccount } from '../../../providers/auth/AccountContext.tsx';
import { BUILT_IN_LANGUAGES, DEFAULT_LANGUAGE } from '../../../config/constants.ts';
import { PROFILE_LOCALES } from './locales.ts';
import { APP_USER_UPDATE_MUTATION, type AppUserUpdateInput } from './queries.ts';

/** The user's e-mail (read only), language and locale, saved through the API. */
export function ProfileDetailsForm({ appUser, email }: { appUser: AppUser | null; email: string }) {
  const { t } = useTranslation();
  const account = useAccount();
  const invalidateIdentity = useInvalidateAuthStore();
  const changeLanguage = useSetLocale();
  const { mutate, mutation } = useCustomMutation();

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
    <Form<AppUserUpdateInput>
      name="profile"
      layout="vertical"
      style={{ maxWidth: 420 }}
      initialValues={{ language: appUser?.language || DEFAULT_LANGUAGE, locale: appUser?.locale || DEFAULT_LOCALE }}
      onFinish={save}
    >
      <Form.Item label={t('profile.details.email')} htmlFor="profile-email">
        <Input id="profile-email" value={email} readOnly />
      </Form.Item>
      <Form.Item label={t('profile.details.language')} name="language">
        <Select options={BUILT_IN_LANGUAGES.map((code) => ({ value: code, label: t(`language.names.${code}`) }))} />
      </Form.Item>
      <Form.Item label={t('profile.details.locale')} name="locale">
        <Select options={PROFILE_LOCALES.map((code) => ({ value: code, label: t(`profile.locales.${code}`) }))} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={mutation.isPending} disabled={!appUser}>
        {t('buttons.save')}
      </Button>
    </Form>
  );
}
