import { useCustom } from '@refinedev/core';
import { Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { SCRAPER_RUN_FAILURES_QUERY } from '../queries.ts';
import type { ResultOf } from '../../../graphql/typed.ts';
import { scrapeReasonText } from '../reasons.ts';

type Failures = ResultOf<typeof SCRAPER_RUN_FAILURES_QUERY>['scraperRun'];
const PAGE_SIZE = 20;

/** The pages a run could not use, with the kind of failure and the reason. */
export function FailedPages({ runId, live }: { runId: string; live: boolean }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const { query } = useCustom<Failures>({
    url: '',
    method: 'get',
    meta: {
      gqlQuery: SCRAPER_RUN_FAILURES_QUERY,
      gqlVariables: { runId, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
    },
    queryOptions: { refetchInterval: live ? 2_000 : false },
    errorNotification: false,
  });
  const failures = query.data?.data.failures;
  return (
    <>
      <ApiErrorAlert error={query.error} />
      <section aria-label={t('scrapers.runs.failedPages')}>
        <Table
          size="small"
          rowKey="id"
          loading={query.isLoading}
          dataSource={failures?.data ?? []}
          locale={{ emptyText: t('scrapers.runs.noFailures') }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: failures?.meta.pagination.total ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            {
              key: 'url',
              title: t('scrapers.runs.page'),
              render: (_, f) => (
                <Typography.Text copyable={{ text: f.url }} style={{ maxWidth: 420 }} ellipsis={{ tooltip: f.url }}>
                  {f.url}
                </Typography.Text>
              ),
            },
            {
              key: 'kind',
              title: t('scrapers.runs.kind'),
              render: (_, f) => <Tag>{t(`scrapers.failureKind.${f.kind}`, { defaultValue: f.kind })}</Tag>,
            },
            {
              key: 'reason',
              title: t('scrapers.runs.reason'),
              render: (_, f) => scrapeReasonText(f, t, i18n.language),
            },
          ]}
        />
      </section>
    </>
  );
}
