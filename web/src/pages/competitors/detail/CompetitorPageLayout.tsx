import type { Resource } from '@console/policies';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { routePath } from '../../../routes/useCarriedPath.ts';

export interface CompetitorPageLayoutProps {
  /** The resource of the view shown: competitors:detail or monitoredCompetitor:detail. */
  resource: Resource;
  competitorId: string;
  /** The competitor's name once loaded; the route's title until then. */
  name?: string;
  extra?: ReactNode;
  children?: ReactNode;
}

/** The page layout of a competitor's page: Competitors > the competitor, guarded by the view's resource. */
export function CompetitorPageLayout({ resource, competitorId, name, extra, children }: CompetitorPageLayoutProps) {
  const { t } = useTranslation();
  const title = name ?? t('routes.competitorDetail.title', { competitorId });
  return (
    <PageLayout
      resource={resource}
      title={title}
      breadcrumb={[{ title: t('routes.competitors.title'), path: routePath('competitors') }, { title }]}
      extra={extra}
    >
      {children}
    </PageLayout>
  );
}
