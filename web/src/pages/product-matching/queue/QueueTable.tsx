import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MatchingQueueItem } from '../queries.ts';
import { formatDateTime, formatPercentage, formatPrice } from '../../../components/format/format.ts';

export interface QueueTableProps {
  rows: MatchingQueueItem[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  selected: number;
  onSelect(index: number): void;
  onOpen(item: MatchingQueueItem): void;
  onPage(page: number): void;
}

/** The queue's products in priority order; a click or Enter on a row opens it. */
export function QueueTable({
  rows,
  total,
  loading,
  page,
  pageSize,
  selected,
  onSelect,
  onOpen,
  onPage,
}: QueueTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <Table<MatchingQueueItem>
      dataSource={rows}
      rowKey={(item) => item.product.id}
      loading={loading}
      size="middle"
      scroll={{ x: true }}
      pagination={{ current: page, pageSize, total, showSizeChanger: false, onChange: onPage }}
      onRow={(item, index) => ({
        onClick: () => onOpen(item),
        onMouseEnter: () => onSelect(index ?? 0),
        'aria-selected': index === selected,
        style: {
          cursor: 'pointer',
          ...(index === selected ? { outline: '2px solid #4650C1', outlineOffset: -2 } : {}),
        },
      })}
    >
      <Table.Column<MatchingQueueItem>
        key="name"
        title={t('matching.fields.product')}
        render={(_, item) => (
          <>
            <Typography.Text strong>{item.product.name}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{item.product.itemId}</Typography.Text>
          </>
        )}
      />
      <Table.Column<MatchingQueueItem>
        key="brand"
        title={t('matching.fields.brand')}
        render={(_, item) => item.product.brand ?? '—'}
      />
      <Table.Column<MatchingQueueItem>
        key="category"
        title={t('matching.fields.category')}
        render={(_, item) => item.product.category ?? '—'}
      />
      <Table.Column<MatchingQueueItem>
        key="price"
        align="right"
        title={t('matching.fields.price')}
        render={(_, item) => formatPrice(item.product.price, item.product.currency, i18n.language)}
      />
      <Table.Column<MatchingQueueItem>
        key="candidates"
        align="right"
        title={t('matching.queue.candidates')}
        dataIndex="candidates"
      />
      <Table.Column<MatchingQueueItem>
        key="bestScore"
        align="right"
        title={t('matching.queue.bestScore')}
        render={(_, item) =>
          item.bestScore == null
            ? '—'
            : item.bestScore.toLocaleString(i18n.language, { maximumFractionDigits: 2, minimumFractionDigits: 2 })
        }
      />
      <Table.Column<MatchingQueueItem>
        key="priceGap"
        align="right"
        title={t('matching.queue.priceGap')}
        render={(_, item) =>
          item.priceGapPercent == null
            ? '—'
            : // One decimal on every row ('22.0%' under '19.1%', not '22%').
              formatPercentage(item.priceGapPercent, i18n.language, { fixed: true })
        }
      />
      <Table.Column<MatchingQueueItem>
        key="waitingSince"
        title={t('matching.queue.waitingSince')}
        render={(_, item) => formatDateTime(item.waitingSince, i18n.language)}
      />
      <Table.Column<MatchingQueueItem>
        key="lease"
        title={t('matching.queue.reviewer')}
        render={(_, item) =>
          item.lease ? (
            <Tag color={item.lease.mine ? 'blue' : 'orange'}>
              {item.lease.mine
                ? t('matching.lease.you')
                : t('matching.lease.heldBy', { email: item.lease.userEmail ?? '?' })}
            </Tag>
          ) : null
        }
      />
    </Table>
  );
}
