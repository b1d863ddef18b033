import { Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/navigation/AppLink.tsx';
import { routePath } from '../../../routes/useCarriedPath.ts';
import type { ScraperDetail } from '../queries.ts';
import { HealthTag, RunStatusTag } from '../../../features/scrapers/ScraperTags.tsx';
import { formatDateTime, formatPercentage } from '../../../components/format/format.ts';
import { productsSeenText } from '../../../features/scrapers/productsSeen.ts';

/** Health, competitor, schedule and the error mix of recent runs. */
export function HealthSummary({ scraper }: { scraper: ScraperDetail }) {
  const { t, i18n } = useTranslation();
  const when = (value: string | null | undefined) =>
    value ? formatDateTime(value, i18n.language) : t('scrapers.never');
  const { health } = scraper;
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
      <Descriptions.Item label={t('scrapers.fields.health')}>
        <Space>
          <HealthTag status={health.status} />
          {!scraper.enabled && <Tag>{t('scrapers.disabled')}</Tag>}
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={t('scrapers.fields.competitor')}>
        <AppLink to={routePath('competitorDetail', { competitorId: scraper.competitorId })}>
          {scraper.competitorName}
        </AppLink>
      </Descriptions.Item>
      <Descriptions.Item label={t('scrapers.fields.lastRun')}>
        <Space>
          {health.lastRunStatus && <RunStatusTag status={health.lastRunStatus} />}
          {when(health.lastRunAt)}
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={t('scrapers.fields.lastSuccess')}>{when(health.lastSuccessAt)}</Descriptions.Item>
      <Descriptions.Item label={t('scrapers.fields.successRate')}>
        {health.successRate == null
          ? '—'
          : t('scrapers.successOf', {
              percent: formatPercentage(health.successRate * 100, i18n.language, { digits: 0 }),
              runs: health.recentRuns,
            })}
      </Descriptions.Item>
      <Descriptions.Item label={t('scrapers.fields.productsSeen')}>
        {productsSeenText(health.productsSeen, health.productsExpected, t, i18n.language)}
      </Descriptions.Item>
      <Descriptions.Item label={t('scrapers.fields.schedule')}>
        {t('scrapers.scheduleText', {
          frequency: t(`competitors.frequency.${scraper.scrapingFrequency}`),
          next: when(scraper.nextRunAt),
        })}
      </Descriptions.Item>
      <Descriptions.Item label={t('scrapers.fields.errorMix')}>
        {health.errorMix.length
          ? health.errorMix.map((e) => (
              <Tag key={e.kind}>
                {t(`scrapers.failureKind.${e.kind}`, { defaultValue: e.kind })}: {e.count}
              </Tag>
            ))
          : '—'}
      </Descriptions.Item>
    </Descriptions>
  );
}
