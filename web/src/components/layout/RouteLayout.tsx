import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { breadcrumbKeys, ROUTES, type RouteKey } from '../../routes/routeTable.ts';
import { routePath } from '../../routes/useCarriedPath.ts';
import { PageLayout } from './PageLayout.tsx';

export interface RouteLayoutProps {
  route: RouteKey;
  extra?: ReactNode;
  children?: ReactNode;
}

/** PageLayout for a route of the table: its resource, its title and its breadcrumb. */
export function RouteLayout({ route, extra, children }: RouteLayoutProps) {
  const { t } = useTranslation();
  const ids = useParams() as Record<string, string>;
  const trail = breadcrumbKeys(route);
  const breadcrumb = trail.map((key) => ({
    title: t(`routes.${key}.title`, ids),
    path: key === route ? undefined : routePath(key, ids),
  }));
  return (
    <PageLayout
      resource={ROUTES[route].resource}
      title={t(`routes.${route}.title`, ids)}
      breadcrumb={breadcrumb}
      extra={extra}
    >
      {children}
    </PageLayout>
  );
}
