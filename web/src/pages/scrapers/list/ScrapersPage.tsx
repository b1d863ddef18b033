import { useCustom } from '@refinedev/core';
import { Input, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RouteLayout } from '../../../components/layout/RouteLayout.tsx';
import { useClampPage } from '../../../components/list/useClampPage.ts';
import { useUrlListState } from '../../../components/list/useUrlListState.ts';
import { AppLink } from '../../../components/navigation/AppLink.tsx';
import { routePath } from '../../../routes/useCarriedPath.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { SCRAPER_LIST_QUERY, type ScraperList, type ScraperRow } from '../../../features/scrapers/queries.ts';
import { RunNowButton } from '../RunNowButton.tsx';
import { HealthTag, isActive, RunStatusTag } from '../../../features/scrapers/ScraperTags.tsx';
import { HEALTHS, readListState, writeListState } from './listState.ts';
import { formatDateTime, formatPercentage } from '../../../components/format/format.ts';
import { productsSeenText } from '../../../features/scrapers/productsSeen.ts';

const PAGE_SIZE = 20;

/**
 * /scrapers: every scraper with its health, last run and "Run now"; searched, filtered by health,
 * paged by the API (kept in the URL).
 */
export default function ScrapersPage() {
  const { t, i18n } = useTranslation();
  const [{ search, health, page }, update] = useUrlListState(readListState, writeListState);
  const { query } = useCustom<ScraperList>({
    url: '',
    method: 'get',
    meta: {
      gqlQuery: SCRAPER_LIST_QUERY,
      gqlVariables: {
        search: search || null,
        health: health.length ? health : null,
        sort: 'HEALTH',
        limit: PAGE_SIZE,
        offset: (page - 1) * PAGE_SIZE,
      },
    },
    errorNotification: false,
    // While a run is queued or running its row follows it.
    queryOptions: {
      refetchInterval: (q) =>
        (q.state.data?.data as ScraperList | undefined)?.data.some((s) => s.activeRun) ? 2_000 : false,
    },
  });
  const list = query.data?.data;
  useClampPage({ page, pageSize: PAGE_SIZE, total: list?.meta.pagination.total, fetching: query.isFetching }, (last) =>
    update({ page: last }, { replace: true }),
  );
  const when = (value: string | null | undefined) =>
    value ? formatDateTime(value, i18n.language) : t('scrapers.never');

  return (
    <RouteLayout route="scrapers">
      <Typography.Paragraph type="secondary">{t('scrapers.list.intro')}</Typography.Paragraph>
      <ApiErrorAlert error={query.error} />
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('scrapers.list.search')}
          aria-label={t('scrapers.list.search')}
          style={{ width: 320 }}
          defaultValue={search}
          onSearch={(value) => update({ search: value })}
        />
        <Select
          mode="multiple"
          allowClear
          style={{ minWidth: 240 }}
          placeholder={t('scrapers.list.anyHealth')}
          aria-label={t('scrapers.fields.health')}
          value={health}
          options={HEALTHS.map((value) => ({ value, label: t(`scrapers.health.${value}`) }))}
          onChange={(value) => update({ health: value })}
        />
      </Space>
      <Table<ScraperRow>
        rowKey="id"
        dataSource={list?.data ?? []}
        loading={query.isLoading}
        scroll={{ x: true }}
        locale={{ emptyText: t('scrapers.list.empty') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list?.meta.pagination.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (next) => update({ page: next }),
        }}
      >
        <Table.Column<ScraperRow>
          dataIndex="name"
          title={t('scrapers.fields.name')}
          render={(name: string, s) => <AppLink to={routePath('scraperDetail', { scraperId: s.id })}>{name}</AppLink>}
        />
        <Table.Column<ScraperRow>
          key="competitor"
          title={t('scrapers.fields.competitor')}
          render={(_, s) => (
            <Space direction="vertical" size={0}>
              <Typography.Text>{s.competitorName}</Typography.Text>
              <Typography.Text type="secondary">
                {t('scrapers.list.websiteOf', { website: s.websiteName, organization: s.organizationName })}
              </Typography.Text>
            </Space>
          )}
        />
        <Table.Column<ScraperRow>
          key="health"
          title={t('scrapers.fields.health')}
          render={(_, s) => (
            <Space>
              <HealthTag status={s.health.status} />
              {!s.enabled && <Typography.Text type="secondary">{t('scrapers.disabled')}</Typography.Text>}
            </Space>
          )}
        />
        <Table.Column<ScraperRow>
          key="lastRun"
          title={t('scrapers.fields.lastRun')}
          render={(_, s) =>
            s.activeRun ? (
              <RunStatusTag status={s.activeRun.status} />
            ) : (
              <Space>
                {s.health.lastRunStatus && <RunStatusTag status={s.health.lastRunStatus} />}
                <Typography.Text type="secondary">{when(s.health.lastRunAt)}</Typography.Text>
              </Space>
            )
          }
        />
        <Table.Column<ScraperRow>
          key="successRate"
          title={t('scrapers.fields.successRate')}
          render={(_, s) =>
            s.health.successRate == null
              ? '—'
              : formatPercentage(s.health.successRate * 100, i18n.language, { digits: 0 })
          }
        />
        <Table.Column<ScraperRow>
          key="products"
          title={t('scrapers.fields.productsSeen')}
          render={(_, s) => productsSeenText(s.health.productsSeen, s.health.productsExpected, t, i18n.language)}
        />
        <Table.Column<ScraperRow>
          key="actions"
          title={t('scrapers.list.actions')}
          render={(_, s) => (
            <RunNowButton
              size="small"
              scraperId={s.id}
              name={s.name}
              busy={isActive(s.activeRun?.status)}
              onStarted={() => void query.refetch()}
            />
          )}
        />
      </Table>
    </RouteLayout>
  );
}
