import { useGetIdentity, useOnError } from '@refinedev/core';
import { Alert } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Identity } from './identity.ts';

/**
 * Says so when the signed-in user's account could not be loaded from the API (areas stay hidden
 * until it is), and hands the failure to the auth provider, which signs out on a 401.
 */
export function AccountStatus() {
  const { t } = useTranslation();
  const { data: identity } = useGetIdentity<Identity>();
  const { mutate: onError } = useOnError();
  const failure = identity?.appUserError ?? null;

  useEffect(() => {
    if (failure) onError(failure);
  }, [failure, onError]);

  if (!failure) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      message={t('account.loadFailed')}
      description={failure.message}
      style={{ marginBottom: 16 }}
    />
  );
}
