import { useCustom } from '@refinedev/core';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResultOf } from '../../graphql/typed.ts';
import { MONITORED_COMPETITOR_COLLECTED_QUERY } from './queries.ts';
import { formatDateTime } from '../../components/format/format.ts';

type Collected = ResultOf<typeof MONITORED_COMPETITOR_COLLECTED_QUERY>['monitoredCompetitor'];

/** On the monitored-competitor view: when the competitor's prices were last collected (not how). */
export function LastCollected({ competitorId }: { competitorId: string }) {
  const { t, i18n } = useTranslation();
  const { query } = useCustom<Collected>({
    url: '',
    method: 'get',
    meta: { gqlQuery: MONITORED_COMPETITOR_COLLECTED_QUERY, gqlVariables: { competitorId } },
    errorNotification: false,
  });
  const at = query.data?.data.lastCollectedAt;
  return (
    <Descriptions bordered column={1} size="small">
      <Descriptions.Item label={t('scrapers.lastCollected')}>
        {at ? formatDateTime(at, i18n.language) : t('scrapers.notCollectedYet')}
      </Descriptions.Item>
    </Descriptions>
  );
}
