import { useCan } from '@refinedev/core';
import { Card, Empty, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWebsiteSelection } from '../../components/websitePicker/WebsiteSelection.tsx';
import { routePath } from '../../routes/useCarriedPath.ts';
import { ApiErrorAlert } from '../../components/errors/ApiErrorAlert.tsx';
import { StatisticsBar } from '../../features/matching/StatisticsBar.tsx';
import { useMatchingStatistics } from '../../features/matching/useMatchingStatistics.ts';
import { CompetitorTable } from './CompetitorTable.tsx';
import { LinkButton } from '../../components/navigation/LinkButton.tsx';
import { Heading } from '../../components/layout/Heading.tsx';

/**
 * The six matching statistics of the selected website (docs/matching.md), each status in its own colour:
 * overall as a bar with its legend, per competitor as a table with a bar each, and the queues
 * with their counts.
 */
export function MatchingOverview() {
  const { data: access } = useCan({ resource: 'productMatchingQueue', action: 'read' });
  return access?.can ? <Overview /> : null;
}

function Overview() {
  const { t, i18n } = useTranslation();
  const { website } = useWebsiteSelection();
  const { report, query } = useMatchingStatistics(website?.id);
  const format = (value: number) => value.toLocaleString(i18n.language);
  if (!website) return null;
  return (
    <section aria-labelledby="matching-statistics-title" style={{ marginBottom: 24 }}>
      <Heading level={2} looksLike={4} id="matching-statistics-title">
        {t('matching.home.title', { website: website.name })}
      </Heading>
      <ApiErrorAlert error={query.error} />
      {query.isLoading && <Card loading />}
      {report && (
        <Flex vertical gap={16}>
          <Card size="small" title={t('matching.home.overall')}>
            <StatisticsBar statistics={report.overall} label={t('matching.home.overall')} />
          </Card>
          <Flex gap={8} wrap>
            <LinkButton to={routePath('productMatching')}>
              {t('matching.home.queueLink', {
                count: report.productsWaitingToMatch,
                formatted: format(report.productsWaitingToMatch),
              })}
            </LinkButton>
            <LinkButton to={routePath('matchConfirmation')}>
              {t('matching.home.confirmationLink', {
                count: report.overall.waitingToConfirm,
                formatted: format(report.overall.waitingToConfirm),
              })}
            </LinkButton>
            <LinkButton to={routePath('productMatchingLog')}>{t('matching.links.log')}</LinkButton>
          </Flex>
          <Card size="small" title={t('matching.home.perCompetitor')}>
            {report.competitors.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('matching.home.noCompetitors')} />
            ) : (
              <CompetitorTable rows={report.competitors} />
            )}
          </Card>
        </Flex>
      )}
    </section>
  );
}
