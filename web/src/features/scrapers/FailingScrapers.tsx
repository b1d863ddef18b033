import { useCan, useCustom } from '@refinedev/core';
import { Card, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/navigation/AppLink.tsx';
import { routePath } from '../../routes/useCarriedPath.ts';
import { SCRAPER_LIST_QUERY, type ScraperList } from './queries.ts';
import { HealthTag } from './ScraperTags.tsx';
import { formatDateTime } from '../../components/format/format.ts';

/** On Home, for those who may read scrapers (Admins): the failing and degraded ones, worst first. */
export function FailingScrapers() {
  const { t, i18n } = useTranslation();
  const allowed = useCan({ resource: 'scrappers', action: 'list' }).data?.can === true;
  const { query } = useCustom<ScraperList>({
    url: '',
    method: 'get',
    meta: {
      gqlQuery: SCRAPER_LIST_QUERY,
      gqlVariables: { health: ['failing', 'degraded'], sort: 'HEALTH', limit: 10, offset: 0 },
    },
    queryOptions: { enabled: allowed },
    errorNotification: false,
  });
  if (!allowed) return null;
  const list = query.data?.data;
  return (
    <Card title={t('scrapers.home.title')} style={{ marginBottom: 24 }} loading={query.isLoading}>
      <List
        dataSource={list?.data ?? []}
        locale={{ emptyText: t('scrapers.home.allWell') }}
        renderItem={(s) => (
          <List.Item>
            <Space wrap>
              <HealthTag status={s.health.status} />
              <AppLink to={routePath('scraperDetail', { scraperId: s.id })}>{s.name}</AppLink>
              <Typography.Text type="secondary">
                {t('scrapers.home.lastSuccess', {
                  when: s.health.lastSuccessAt
                    ? formatDateTime(s.health.lastSuccessAt, i18n.language)
                    : t('scrapers.never'),
                })}
              </Typography.Text>
            </Space>
          </List.Item>
        )}
      />
      {list && list.meta.pagination.total > list.data.length && (
        <AppLink to={routePath('scrapers')}>{t('scrapers.home.more', { count: list.meta.pagination.total })}</AppLink>
      )}
    </Card>
  );
}
