import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { breadcrumbKeys, ROUTES, type RouteKey } from '../../routes/routeTable.ts';
import { routePath } from '../../routes/useCarriedPath.ts';
import { PageLayout } from './PageLayout.tsx';

export interface RouteLayoutProps {
  route: RouteKey;
  /**
   * The names of the items the page and its trail show, once loaded (a scraper's name for its
   * page's heading, an organization's for the crumb above its billing); the route's title (with
   * the item's id) until then.
   */
  names?: Partial<Record<RouteKey, string | null | undefined>>;
  extra?: ReactNode;
  children?: ReactNode;
}

/** PageLayout for a route of the table: its resource, its title and its breadcrumb. */
export function RouteLayout({ route, names = {}, extra, children }: RouteLayoutProps) {
  const { t } = useTranslation();
  const ids = useParams() as Record<string, string>;
  const titleOf = (key: RouteKey) => names[key] || t(`routes.${key}.title`, ids);
  const trail = breadcrumbKeys(route);
  const breadcrumb = trail.map((key) => ({
    title: titleOf(key),
    path: key === route ? undefined : routePath(key, ids),
  }));
  return (
    <PageLayout resource={ROUTES[route].resource} title={titleOf(route)} breadcrumb={breadcrumb} extra={extra}>
      {children}
    </PageLayout>
  );
}
