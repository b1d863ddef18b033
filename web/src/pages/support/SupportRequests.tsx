import { useTable } from '@refinedev/antd';
import { Flex, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../components/errors/ApiErrorAlert.tsx';
import { useTableClampPage } from '../../components/list/useTableClampPage.ts';
import { SUPPORT_REQUEST_LIST_QUERY, type SupportRequestRow } from './queries.ts';
import { ResolveButton } from './ResolveButton.tsx';
import { statusFilterValue } from './supportInput.ts';
import { formatDateTime } from '../../components/format/format.ts';

const STATUS_COLORS: Record<string, string> = { open: 'gold', resolved: 'green' };

/**
 * Support requests, newest first, by status (kept in the URL). `everyone` (Admin): every
 * sender's, with who sent it and a "mark resolved" action; otherwise the user's own.
 */
export function SupportRequests({ everyone }: { everyone: boolean }) {
  const { t, i18n } = useTranslation();
  const table = useTable<SupportRequestRow>({
    resource: 'contactSupport',
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    meta: { gqlQuery: SUPPORT_REQUEST_LIST_QUERY },
    errorNotification: false,
  });
  // A page past the end (its last rows gone, or such an address): the last page.
  useTableClampPage(table);
  const { tableProps, tableQuery, filters, setFilters } = table;
  const status = filters.find((filter) => 'field' in filter && filter.field === 'status')?.value as string | undefined;
  const refetch = () => void tableQuery.refetch();

  return (
    <>
      <Flex gap={8} align="center" style={{ marginBottom: 16 }}>
        <Typography.Text id="support-status-label">{t('support.fields.status')}</Typography.Text>
        <Select
          aria-labelledby="support-status-label"
          style={{ minWidth: 160 }}
          value={statusFilterValue(status) ?? 'all'}
          options={[
            { value: 'all', label: t('support.status.all') },
            { value: 'open', label: t('support.status.open') },
            { value: 'resolved', label: t('support.status.resolved') },
          ]}
          onChange={(choice: string) =>
            setFilters([{ field: 'status', operator: 'eq', value: statusFilterValue(choice) }], 'replace')
          }
        />
      </Flex>
      <ApiErrorAlert error={tableQuery.error} />
      <Table<SupportRequestRow> {...tableProps} rowKey="id" scroll={{ x: true }}>
        {everyone && <Table.Column<SupportRequestRow> dataIndex="userEmail" title={t('support.fields.user')} />}
        {everyone && (
          <Table.Column<SupportRequestRow>
            dataIndex={['organization', 'name']}
            title={t('support.fields.organization')}
            render={(name: string | undefined) => name ?? t('support.noOrganization')}
          />
        )}
        <Table.Column<SupportRequestRow> dataIndex="topic" title={t('support.fields.topic')} />
        <Table.Column<SupportRequestRow>
          dataIndex="message"
          title={t('support.fields.message')}
          render={(message: string) => (
            <Typography.Paragraph
              ellipsis={{ rows: 2, expandable: true, symbol: t('support.more') }}
              style={{ marginBottom: 0, maxWidth: 480, whiteSpace: 'pre-wrap' }}
            >
              {message}
            </Typography.Paragraph>
          )}
        />
        <Table.Column<SupportRequestRow>
          dataIndex="createdAt"
          title={t('support.fields.createdAt')}
          render={(createdAt: string) => formatDateTime(createdAt, i18n.language)}
        />
        <Table.Column<SupportRequestRow>
          dataIndex="status"
          title={t('support.fields.status')}
          render={(value: string) => (
            <Tag color={STATUS_COLORS[value]}>{t(`support.status.${value}`, { defaultValue: value })}</Tag>
          )}
        />
        {everyone && (
          <Table.Column<SupportRequestRow>
            key="actions"
            title={t('support.fields.actions')}
            render={(_, row) => (row.status === 'open' ? <ResolveButton request={row} onResolved={refetch} /> : null)}
          />
        )}
      </Table>
    </>
  );
}
