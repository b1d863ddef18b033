import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RouteLayout } from '../../components/layout/RouteLayout.tsx';
import type { RouteKey } from '../../routes/routeTable.ts';

/**
 * A route whose content comes with a later piece of work: the real layout, title and breadcrumb,
 * and a plain statement of what the page will hold. Nothing on it pretends to work.
 */
export default function PlannedPage({ route }: { route: RouteKey }) {
  const { t } = useTranslation();
  const ids = useParams() as Record<string, string>;
  return (
    <RouteLayout route={route}>
      <Result status="info" title={t('planned.title')} subTitle={t(`routes.${route}.planned`, ids)} />
    </RouteLayout>
  );
}
