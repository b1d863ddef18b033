import { useTable } from '@refinedev/antd';
import { Table, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { fieldLabel } from '../MappingEditor.tsx';
import { FEED_IMPORT_ERRORS_QUERY, type FeedImportErrorRow } from '../queries.ts';
import { feedRowErrorText } from '../importErrors.ts';

export const POLL_MS = 1000;

/** A run's rejected rows (line, field, reason), paged; polled while the run goes on. */
export function RowErrors({
  runId,
  running,
  finishedAt,
  rowsRejected,
}: {
  runId: string;
  running: boolean;
  finishedAt: string | null;
  rowsRejected: number;
}) {
  const { t } = useTranslation();
  const { tableProps, tableQuery, setCurrentPage } = useTable<FeedImportErrorRow>({
    resource: 'feedImportErrors',
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    meta: { gqlQuery: FEED_IMPORT_ERRORS_QUERY, gqlVariables: { runId } },
    queryOptions: { refetchInterval: running ? POLL_MS : false },
    errorNotification: false,
  });
  // Another run: its first page. The run finished: its final list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runId is the trigger (another run), not read by the effect.
  useEffect(() => setCurrentPage(1), [runId, setCurrentPage]);
  const { refetch } = tableQuery;
  useEffect(() => {
    if (finishedAt) void refetch();
  }, [finishedAt, refetch]);

  const total = tableQuery.data?.total;
  return (
    <>
      <ApiErrorAlert error={tableQuery.error} />
      {total !== undefined && rowsRejected > total && (
        <Typography.Paragraph type="secondary">
          {t('productFeeds.errors.kept', { kept: total, rejected: rowsRejected })}
        </Typography.Paragraph>
      )}
      <Table<FeedImportErrorRow>
        {...tableProps}
        rowKey={(row) => `${row.line}-${row.field}-${row.reason}`}
        size="small"
        scroll={{ x: true }}
        locale={{ emptyText: t('productFeeds.errors.none') }}
        pagination={{
          ...tableProps.pagination,
          showSizeChanger: false,
          showTotal: (count) => t('productFeeds.errors.total', { count }),
        }}
      >
        <Table.Column<FeedImportErrorRow> dataIndex="line" title={t('productFeeds.errors.line')} align="right" />
        <Table.Column<FeedImportErrorRow>
          dataIndex="itemId"
          title={t('productFeeds.errors.itemId')}
          render={(itemId: string | null) => itemId ?? '—'}
        />
        <Table.Column<FeedImportErrorRow>
          dataIndex="field"
          title={t('productFeeds.errors.field')}
          render={(field: string) =>
            field === 'row' ? t('productFeeds.errors.wholeRow') : fieldLabel(t, field.toUpperCase())
          }
        />
        <Table.Column<FeedImportErrorRow>
          key="reason"
          title={t('productFeeds.errors.reason')}
          render={(_, row) => feedRowErrorText(row, t)}
        />
      </Table>
    </>
  );
}
