import { useCustom } from '@refinedev/core';
import { Card, Flex, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { RouteLayout } from '../../../components/layout/RouteLayout.tsx';
import { routePath, useCarriedPath } from '../../../routes/useCarriedPath.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { SCRAPER_QUERY, type ScraperDetail } from '../queries.ts';
import { HealthSummary } from './HealthSummary.tsx';
import { HeldPrices } from './HeldPrices.tsx';
import { RunHistory } from './RunHistory.tsx';
import { ScraperActions } from './ScraperActions.tsx';
import { SettingsForm } from './SettingsForm.tsx';
import { TestExtraction } from './TestExtraction.tsx';

/** /scrapers/[scraperId]: health, runs with live progress and failed pages, held prices to accept or reject, settings in sections, test extraction, export and import. */
export default function ScraperDetailPage() {
  const { t } = useTranslation();
  const { scraperId = '' } = useParams();
  const navigate = useNavigate();
  const carried = useCarriedPath();
  const [runsVersion, setRunsVersion] = useState(0);
  const { query } = useCustom<ScraperDetail>({
    url: '',
    method: 'get',
    meta: { gqlQuery: SCRAPER_QUERY, gqlVariables: { scraperId } },
    queryOptions: {
      refetchInterval: (q) => ((q.state.data?.data as ScraperDetail | undefined)?.activeRun ? 2_000 : false),
    },
    errorNotification: false,
  });
  const scraper = query.data?.data;
  const changed = () => {
    void query.refetch();
    setRunsVersion((v) => v + 1);
  };

  return (
    <RouteLayout
      route="scraperDetail"
      names={{ scraperDetail: scraper?.name }}
      extra={
        scraper && (
          <ScraperActions
            scraper={scraper}
            onChanged={changed}
            onDeleted={() => navigate(carried(routePath('scrapers')))}
          />
        )
      }
    >
      <ApiErrorAlert error={query.error} />
      {query.isLoading && <Skeleton active />}
      {scraper && (
        <Flex vertical gap={24}>
          <Card>
            <HealthSummary scraper={scraper} />
          </Card>
          <Tabs
            items={[
              {
                key: 'runs',
                label: t('scrapers.runs.title'),
                children: <RunHistory key={`${runsVersion}:${scraper.activeRun?.id ?? ''}`} scraperId={scraper.id} />,
              },
              {
                key: 'held',
                label: t('scrapers.held.tab', { count: scraper.heldPricesPending }),
                children: <HeldPrices scraperId={scraper.id} onDecided={() => void query.refetch()} />,
              },
              {
                key: 'settings',
                label: t('scrapers.settings.title'),
                children: <SettingsForm scraperId={scraper.id} settings={scraper.settings ?? null} onSaved={changed} />,
              },
              {
                key: 'test',
                label: t('scrapers.test.title'),
                children: <TestExtraction scraperId={scraper.id} competitorId={scraper.competitorId} />,
              },
            ]}
          />
        </Flex>
      )}
    </RouteLayout>
  );
}
