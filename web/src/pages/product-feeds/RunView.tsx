import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FeedRun, RunStatus } from './queries.ts';
import { formatDateTime } from '../../components/format/format.ts';

const STATUS_COLORS: Record<RunStatus, string> = {
  QUEUED: 'default',
  RUNNING: 'processing',
  SUCCEEDED: 'success',
  FAILED: 'error',
};

export function RunStatusTag({ status }: { status: RunStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`productFeeds.status.${status}`)}</Tag>;
}

/** '1,000 read · 997 imported · 3 rejected' in the user's number format. */
export function RunCounts({ run }: { run: Pick<FeedRun, 'rowsRead' | 'rowsImported' | 'rowsRejected'> }) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => value.toLocaleString(i18n.language);
  return (
    <Typography.Text>
      {t('productFeeds.run.counts', {
        read: n(run.rowsRead),
        imported: n(run.rowsImported),
        rejected: n(run.rowsRejected),
      })}
    </Typography.Text>
  );
}

/** The list's last-run cell: status, counts and when. */
export function LastRunSummary({ run }: { run: FeedRun | null }) {
  const { t, i18n } = useTranslation();
  if (!run) return <Typography.Text type="secondary">{t('productFeeds.run.never')}</Typography.Text>;
  const when = run.finishedAt ?? run.startedAt ?? run.createdAt;
  return (
    <Space direction="vertical" size={0}>
      <Space size={4} wrap>
        <RunStatusTag status={run.status} />
        <Typography.Text type="secondary">{formatDateTime(when, i18n.language, { seconds: true })}</Typography.Text>
      </Space>
      <RunCounts run={run} />
    </Space>
  );
}
