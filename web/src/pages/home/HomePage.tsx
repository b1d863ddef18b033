import { useGetIdentity } from '@refinedev/core';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Identity } from '../../components/layout/identity.ts';
import { RouteLayout } from '../../components/layout/RouteLayout.tsx';
import { MatchingOverview } from './MatchingOverview.tsx';
import { WebsitesList } from './WebsitesList.tsx';
import { FailingScrapers } from '../../features/scrapers/FailingScrapers.tsx';
import { HeadlineFigures } from './HeadlineFigures.tsx';

/**
 * / (home): who is signed in, the selected website's headline price figures (data insights) and
 * matching statistics, and the websites they can see.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const { data: identity } = useGetIdentity<Identity>();

  return (
    <RouteLayout route="home">
      {identity?.email && (
        <Typography.Paragraph>{t('auth.userMenu.signedInAs', { email: identity.email })}</Typography.Paragraph>
      )}
      <HeadlineFigures />
      <FailingScrapers />
      <MatchingOverview />
      <WebsitesList />
    </RouteLayout>
  );
}
