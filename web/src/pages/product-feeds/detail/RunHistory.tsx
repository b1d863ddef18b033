import { Button, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FeedRun } from '../queries.ts';
import { formatDuration, runDurationMs } from '../runs.ts';
import { formatDateTime } from '../../../components/format/format.ts';
import { RunCounts, RunStatusTag } from '../RunView.tsx';
import { runFailure } from './RunProgress.tsx';

/** The feed's runs, newest first: status, times, counts, what changed, why a run failed; pick one to see its row errors. */
export function RunHistory({
  runs,
  shownRunId,
  onShowErrors,
}: {
  runs: FeedRun[];
  shownRunId: string | null;
  onShowErrors: (runId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => value.toLocaleString(i18n.language);
  return (
    <Table<FeedRun>
      rowKey="id"
      size="small"
      dataSource={runs}
      scroll={{ x: true }}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: t('productFeeds.run.none') }}
      rowClassName={(run) => (run.id === shownRunId ? 'ant-table-row-selected' : '')}
    >
      <Table.Column<FeedRun>
        dataIndex="status"
        title={t('productFeeds.history.status')}
        render={(_, run) => <RunStatusTag status={run.status} />}
      />
      <Table.Column<FeedRun>
        dataIndex="startedAt"
        title={t('productFeeds.history.started')}
        render={(_, run) => formatDateTime(run.startedAt ?? run.createdAt, i18n.language, { seconds: true })}
      />
      <Table.Column<FeedRun>
        dataIndex="finishedAt"
        title={t('productFeeds.history.finished')}
        render={(value: string | null) => formatDateTime(value, i18n.language, { seconds: true })}
      />
      <Table.Column<FeedRun>
        key="duration"
        title={t('productFeeds.history.duration')}
        render={(_, run) => {
          const ms = runDurationMs(run);
          return ms === null ? '—' : formatDuration(ms);
        }}
      />
      <Table.Column<FeedRun>
        key="rows"
        title={t('productFeeds.history.rows')}
        render={(_, run) => <RunCounts run={run} />}
      />
      <Table.Column<FeedRun>
        key="products"
        title={t('productFeeds.history.products')}
        render={(_, run) =>
          run.status === 'SUCCEEDED'
            ? t('productFeeds.history.changes', {
                created: n(run.productsCreated),
                updated: n(run.productsUpdated),
                deactivated: n(run.productsDeactivated),
              })
            : '—'
        }
      />
      <Table.Column<FeedRun>
        key="error"
        title={t('productFeeds.history.error')}
        render={(_, run) =>
          run.status === 'FAILED' ? (
            <Typography.Text type="danger">{runFailure(run, t, i18n.language)}</Typography.Text>
          ) : null
        }
      />
      <Table.Column<FeedRun>
        key="actions"
        render={(_, run) =>
          run.rowsRejected > 0 ? (
            <Button
              size="small"
              type={run.id === shownRunId ? 'primary' : 'default'}
              onClick={() => onShowErrors(run.id)}
            >
              {t('productFeeds.history.showErrors')}
            </Button>
          ) : null
        }
      />
    </Table>
  );
}
