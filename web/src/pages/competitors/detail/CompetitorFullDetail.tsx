import { CanAccess, useCan, useCustom } from '@refinedev/core';
import { Card, Descriptions, Flex, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routePath, useCarriedPath } from '../../../routes/useCarriedPath.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { CompetitorActions } from '../CompetitorActions.tsx';
import { ActiveTag, MatchingModeTag } from '../CompetitorTags.tsx';
import { COMPETITOR_QUERY, type CompetitorDetail } from '../queries.ts';
import { CompetitorCatalogue } from './CompetitorCatalogue.tsx';
import { CompetitorPageLayout } from './CompetitorPageLayout.tsx';
import { MonitoringSummary } from './MonitoringSummary.tsx';
import { CalibrationSummary } from '../../../features/matching/CalibrationSummary.tsx';
import { CompetitorTargetPrecision } from './CompetitorTargetPrecision.tsx';
import { CompetitorScrapers } from '../../../features/scrapers/CompetitorScrapers.tsx';
import { Heading } from '../../../components/layout/Heading.tsx';
import { formatDateTime } from '../../../components/format/format.ts';

// Its own chunk (file reading, form, error table), loaded only for those who may import.
const CompetitorProductsImport = lazy(() =>
  import('../import/CompetitorProductsImport.tsx').then((module) => ({ default: module.CompetitorProductsImport })),
);

/** The full detail (competitors:detail): settings, website, products, monitoring; edit, delete, import. */
export function CompetitorFullDetail({ competitorId }: { competitorId: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const carried = useCarriedPath();
  const { query } = useCustom<CompetitorDetail>({
    url: '',
    method: 'get',
    meta: { gqlQuery: COMPETITOR_QUERY, gqlVariables: { competitorId } },
    errorNotification: false,
  });
  const competitor = query.data?.data;
  const canUpdate = useCan({ resource: 'competitors', action: 'update' }).data?.can === true;
  const canDelete = useCan({ resource: 'competitors', action: 'delete' }).data?.can === true;
  const [catalogueVersion, setCatalogueVersion] = useState(0);
  const refresh = () => void query.refetch();
  const imported = () => {
    refresh();
    setCatalogueVersion((version) => version + 1);
  };
  const when = (value: string | null) => (value ? formatDateTime(value, i18n.language) : t('competitors.noDataYet'));

  return (
    <CompetitorPageLayout
      resource="competitors:detail"
      competitorId={competitorId}
      name={competitor?.name}
      extra={
        competitor && (
          <CompetitorActions
            competitor={competitor}
            canUpdate={canUpdate}
            canDelete={canDelete}
            onChanged={refresh}
            onDeleted={() => navigate(carried(routePath('competitors')))}
          />
        )
      }
    >
      <ApiErrorAlert error={query.error} />
      {query.isLoading && <Skeleton active />}
      {competitor && (
        <Flex vertical gap={24}>
          <Card title={t('competitors.detail.settings')}>
            <Descriptions bordered column={1} size="small">
              <Descriptions.Item label={t('competitors.fields.name')}>{competitor.name}</Descriptions.Item>
              <Descriptions.Item label={t('competitors.fields.url')}>
                <Typography.Link href={competitor.url} target="_blank" rel="noreferrer noopener">
                  {competitor.url}
                </Typography.Link>
              </Descriptions.Item>
              {competitor.organizationWebsite && (
                <Descriptions.Item label={t('competitors.fields.website')}>
                  {t('competitors.detail.websiteOf', {
                    website: competitor.organizationWebsite.name,
                    organization: competitor.organizationWebsite.organization.name,
                  })}
                </Descriptions.Item>
              )}
              <Descriptions.Item label={t('competitors.fields.matchingMode')}>
                <MatchingModeTag mode={competitor.matchingMode} />
              </Descriptions.Item>
              <Descriptions.Item label={t('competitors.fields.active')}>
                <ActiveTag active={competitor.active} />
              </Descriptions.Item>
              <Descriptions.Item label={t('competitors.fields.scrapingFrequency')}>
                {t(`competitors.frequency.${competitor.scrapingFrequency}`)}
              </Descriptions.Item>
              <Descriptions.Item label={t('competitors.fields.createdAt')}>
                {when(competitor.createdAt)}
              </Descriptions.Item>
            </Descriptions>
          </Card>
          <MonitoringSummary monitoring={competitor.monitoring} />
          <Flex vertical gap={12}>
            <CalibrationSummary calibration={competitor.matchingCalibration} />
            <CompetitorTargetPrecision
              competitorId={competitorId}
              own={competitor.matchingTargetPrecision ?? null}
              calibration={competitor.matchingCalibration}
              onSaved={refresh}
            />
          </Flex>
          <CanAccess resource="scrappers" action="list">
            <CompetitorScrapers competitorId={competitorId} competitorName={competitor.name} />
          </CanAccess>
          <Card title={t('competitors.detail.products')}>
            <Descriptions bordered column={1} size="small" style={{ marginBottom: 24 }}>
              <Descriptions.Item label={t('competitors.fields.productsCount')}>
                {competitor.productsCount.toLocaleString(i18n.language)}
              </Descriptions.Item>
              <Descriptions.Item label={t('competitors.fields.lastDataAt')}>
                {when(competitor.lastDataAt)}
              </Descriptions.Item>
            </Descriptions>
            <CanAccess resource="competitors" action="update">
              <Heading level={2} looksLike={5}>
                {t('competitors.import.title')}
              </Heading>
              <Suspense fallback={<Skeleton active />}>
                <CompetitorProductsImport competitorId={competitorId} onImported={imported} />
              </Suspense>
            </CanAccess>
            <CompetitorCatalogue key={catalogueVersion} competitorId={competitorId} />
          </Card>
        </Flex>
      )}
    </CompetitorPageLayout>
  );
}
