import { useCustom } from '@refinedev/core';
import { Descriptions, Progress, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { SCRAPER_RUN_LIST_QUERY, type ScraperRun } from '../queries.ts';
import type { ResultOf } from '../../../graphql/typed.ts';
import { isActive, RunStatusTag } from '../../../features/scrapers/ScraperTags.tsx';
import { FailedPages } from './FailedPages.tsx';
import { scrapeReasonText } from '../reasons.ts';
import { formatByteCount, formatDateTime } from '../../../components/format/format.ts';

type RunList = ResultOf<typeof SCRAPER_RUN_LIST_QUERY>['scraperRunList'];

/** How far a run is: pages fetched of those found so far (a discovery may still add some). */
export const runPercent = (run: Pick<ScraperRun, 'status' | 'pagesFetched' | 'pagesTotal'>) =>
  isActive(run.status)
    ? run.pagesTotal > 0
      ? Math.min(99, Math.floor((run.pagesFetched / run.pagesTotal) * 100))
      : 0
    : 100;

/** The scraper's runs, newest first; polled while one is queued or running; a run opens to its counts and failed pages. */
export function RunHistory({ scraperId }: { scraperId: string }) {
  const { t, i18n } = useTranslation();
  const { query } = useCustom<RunList>({
    url: '',
    method: 'get',
    meta: { gqlQuery: SCRAPER_RUN_LIST_QUERY, gqlVariables: { scraperId, limit: 20, offset: 0 } },
    queryOptions: {
      refetchInterval: (q) =>
        (q.state.data?.data as RunList | undefined)?.data.some((r) => isActive(r.status)) ? 1_500 : false,
    },
    errorNotification: false,
  });
  const n = (value: number) => value.toLocaleString(i18n.language);
  const when = (value: string | null | undefined) =>
    value ? formatDateTime(value, i18n.language, { seconds: true }) : '—';
  const runs = query.data?.data.data ?? [];

  return (
    <>
      <ApiErrorAlert error={query.error} />
      <section aria-label={t('scrapers.runs.title')}>
        <Table<ScraperRun>
          rowKey="id"
          size="small"
          loading={query.isLoading}
          dataSource={runs}
          pagination={false}
          locale={{ emptyText: t('scrapers.runs.none') }}
          expandable={{
            expandedRowRender: (run) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
                  <Descriptions.Item label={t('scrapers.runs.pagesFetched')}>
                    {t('scrapers.runs.ofTotal', { done: n(run.pagesFetched), total: n(run.pagesTotal) })}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('scrapers.runs.notModified')}>
                    {n(run.pagesNotModified)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('scrapers.runs.seen')}>{n(run.productsSeen)}</Descriptions.Item>
                  <Descriptions.Item label={t('scrapers.runs.new')}>{n(run.productsNew)}</Descriptions.Item>
                  <Descriptions.Item label={t('scrapers.runs.changed')}>{n(run.productsChanged)}</Descriptions.Item>
                  <Descriptions.Item label={t('scrapers.runs.unchanged')}>{n(run.productsUnchanged)}</Descriptions.Item>
                  <Descriptions.Item label={t('scrapers.runs.failed')}>{n(run.productsFailed)}</Descriptions.Item>
                  <Descriptions.Item label={t('scrapers.runs.held')}>{n(run.heldForReview)}</Descriptions.Item>
                  <Descriptions.Item label={t('scrapers.runs.bytes')}>
                    {formatByteCount(run.bytes, i18n.language)}
                  </Descriptions.Item>
                </Descriptions>
                {run.errorMessage && (
                  <Typography.Text type={run.status === 'failed' ? 'danger' : 'secondary'}>
                    {scrapeReasonText(
                      { reason: run.errorMessage, code: run.errorCode, values: run.errorValues },
                      t,
                      i18n.language,
                    )}
                  </Typography.Text>
                )}
                <FailedPages runId={run.id} live={isActive(run.status)} />
              </Space>
            ),
          }}
        >
          <Table.Column<ScraperRun>
            key="status"
            title={t('scrapers.runs.status')}
            render={(_, run) => <RunStatusTag status={run.status} />}
          />
          <Table.Column<ScraperRun>
            key="createdAt"
            title={t('scrapers.runs.started')}
            render={(_, run) => when(run.startedAt ?? run.createdAt)}
          />
          <Table.Column<ScraperRun>
            key="progress"
            title={t('scrapers.runs.progress')}
            render={(_, run) => (
              <Progress
                size="small"
                style={{ minWidth: 160 }}
                aria-label={t('scrapers.runs.progress')}
                percent={runPercent(run)}
                status={
                  isActive(run.status)
                    ? 'active'
                    : run.status === 'failed'
                      ? 'exception'
                      : run.status === 'succeeded'
                        ? 'success'
                        : 'normal'
                }
                format={() => t('scrapers.runs.pagesShort', { done: n(run.pagesFetched), total: n(run.pagesTotal) })}
              />
            )}
          />
          <Table.Column<ScraperRun>
            key="products"
            title={t('scrapers.runs.products')}
            render={(_, run) =>
              t('scrapers.runs.summary', {
                seen: n(run.productsSeen),
                changed: n(run.productsChanged),
                added: n(run.productsNew),
                failed: n(run.productsFailed),
              })
            }
          />
          <Table.Column<ScraperRun>
            key="duration"
            title={t('scrapers.runs.duration')}
            render={(_, run) => (run.durationMs == null ? '—' : `${(run.durationMs / 1000).toFixed(1)} s`)}
          />
        </Table>
      </section>
    </>
  );
}
