import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Invoice } from './queries.ts';
import { INVOICE_STATUS_COLORS } from './usage.ts';
import { formatDate } from '../../../components/format/format.ts';

/** The billing history, newest period first. */
export function InvoicesTable({ invoices }: { invoices: Invoice[] }) {
  const { t, i18n } = useTranslation();
  const date = (value: string) => formatDate(`${value}T00:00:00`, i18n.language);
  return (
    <Table<Invoice>
      dataSource={invoices}
      rowKey="id"
      size="small"
      pagination={{ pageSize: 12, hideOnSinglePage: true }}
    >
      <Table.Column<Invoice>
        key="period"
        title={t('billing.invoices.period')}
        render={(_, invoice) => `${date(invoice.periodStart)} – ${date(invoice.periodEnd)}`}
      />
      <Table.Column<Invoice> dataIndex="planId" title={t('billing.invoices.plan')} />
      <Table.Column<Invoice>
        dataIndex="amount"
        title={t('billing.invoices.amount')}
        align="right"
        render={(amount: number) =>
          amount.toLocaleString(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
        }
      />
      <Table.Column<Invoice> dataIndex="currency" title={t('billing.invoices.currency')} />
      <Table.Column<Invoice>
        dataIndex="status"
        title={t('billing.invoices.status')}
        render={(status: string) => (
          <Tag color={INVOICE_STATUS_COLORS[status]}>
            {t(`billing.invoiceStatus.${status}`, { defaultValue: status })}
          </Tag>
        )}
      />
    </Table>
  );
}
