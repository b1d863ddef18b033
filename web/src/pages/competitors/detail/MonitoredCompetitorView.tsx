import { CanAccess, useCustom } from '@refinedev/core';
import { Card, Descriptions, Flex, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { ActiveTag, MatchingModeTag } from '../CompetitorTags.tsx';
import { MONITORED_COMPETITOR_QUERY, type CompetitorDetail } from '../queries.ts';
import { CompetitorCatalogue } from './CompetitorCatalogue.tsx';
import { CompetitorPageLayout } from './CompetitorPageLayout.tsx';
import { MonitoringSummary } from './MonitoringSummary.tsx';
import { CalibrationSummary } from '../../../features/matching/CalibrationSummary.tsx';
import { LastCollected } from '../../../features/scrapers/LastCollected.tsx';
import { formatDateTime } from '../../../components/format/format.ts';

// Its own chunk (file reading, form, error table), loaded only for those who may import.
const CompetitorProductsImport = lazy(() =>
  import('../import/CompetitorProductsImport.tsx').then((module) => ({ default: module.CompetitorProductsImport })),
);

/**
 * The monitored-competitor view (monitoredCompetitor:detail): our matched products, our price
 * position against this competitor and when its prices were last seen. The policy lets Owners
 * import the competitor's products (Update on competitors), so the import is offered here too.
 */
export function MonitoredCompetitorView({ competitorId }: { competitorId: string }) {
  const { t, i18n } = useTranslation();
  const { query } = useCustom<CompetitorDetail>({
    url: '',
    method: 'get',
    meta: { gqlQuery: MONITORED_COMPETITOR_QUERY, gqlVariables: { competitorId } },
    errorNotification: false,
  });
  const competitor = query.data?.data;
  const [catalogueVersion, setCatalogueVersion] = useState(0);
  const refresh = () => {
    void query.refetch();
    setCatalogueVersion((version) => version + 1);
  };

  return (
    <CompetitorPageLayout resource="monitoredCompetitor:detail" competitorId={competitorId} name={competitor?.name}>
      <ApiErrorAlert error={query.error} />
      {query.isLoading && <Skeleton active />}
      {competitor && (
        <Flex vertical gap={24}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('competitors.monitored.intro')}
          </Typography.Paragraph>
          <Descriptions bordered column={1} size="small">
            <Descriptions.Item label={t('competitors.fields.url')}>
              <Typography.Link href={competitor.url} target="_blank" rel="noreferrer noopener">
                {competitor.url}
              </Typography.Link>
            </Descriptions.Item>
            <Descriptions.Item label={t('competitors.fields.matchingMode')}>
              <MatchingModeTag mode={competitor.matchingMode} />
            </Descriptions.Item>
            <Descriptions.Item label={t('competitors.fields.active')}>
              <ActiveTag active={competitor.active} />
            </Descriptions.Item>
            <Descriptions.Item label={t('competitors.fields.productsCount')}>
              {competitor.productsCount.toLocaleString(i18n.language)}
            </Descriptions.Item>
            <Descriptions.Item label={t('competitors.monitored.lastData')}>
              {competitor.lastDataAt
                ? formatDateTime(competitor.lastDataAt, i18n.language)
                : t('competitors.noDataYet')}
            </Descriptions.Item>
          </Descriptions>
          <LastCollected competitorId={competitorId} />
          <MonitoringSummary monitoring={competitor.monitoring} />
          <CalibrationSummary calibration={competitor.matchingCalibration} />
          <CanAccess resource="competitors" action="update">
            <Card title={t('competitors.import.title')}>
              <Suspense fallback={<Skeleton active />}>
                <CompetitorProductsImport competitorId={competitorId} onImported={refresh} />
              </Suspense>
            </Card>
          </CanAccess>
          <Card>
            <CompetitorCatalogue key={catalogueVersion} competitorId={competitorId} />
          </Card>
        </Flex>
      )}
    </CompetitorPageLayout>
  );
}
