import { CanAccess, useGetIdentity } from '@refinedev/core';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Identity } from '../../components/layout/identity.ts';
import { NotAccessible } from '../../components/NotAccessible.tsx';
import { WebsitesTable } from './WebsitesTable.tsx';

/** / (home): who is signed in, and the websites they can see. */
export default function HomePage() {
  const { t } = useTranslation();
  const { data: identity } = useGetIdentity<Identity>();

  return (
    <CanAccess resource="home" action="list" fallback={<NotAccessible />}>
      <Typography.Title level={2}>{t('home.title')}</Typography.Title>
      {identity?.email && (
        <Typography.Paragraph>{t('auth.userMenu.signedInAs', { email: identity.email })}</Typography.Paragraph>
      )}
      <WebsitesTable />
    </CanAccess>
  );
}
