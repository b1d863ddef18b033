import { Button, Flex, Space, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { equalIdentifiers, tokenKey } from '../../features/matching/evidence.ts';
import { HighlightedName } from '../../features/matching/HighlightedName.tsx';
import { PriceDifference } from '../../features/matching/PriceDifference.tsx';
import type { ConfirmAction, ConfirmationItem } from './queries.ts';
import { selectionColumnTitle } from '../../a11y/InertInMeasureRow.tsx';
import { formatDateTime, formatPrice } from '../../components/format/format.ts';

export interface ConfirmationTableProps {
  rows: ConfirmationItem[];
  total: number;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage(page: number): void;
  focused: number;
  onFocus(index: number): void;
  selectedIds: string[];
  onSelectedIds(ids: string[]): void;
  /** Null for a reader: no selection, no actions. */
  onAction: ((action: ConfirmAction, items: ConfirmationItem[]) => void) | null;
  busyIds: ReadonlySet<string>;
}

/** Our product and the competitor's as two lines of one cell: ours first. */
function Pair({ ours, theirs }: { ours: ReactNode; theirs: ReactNode }) {
  return (
    <Flex vertical gap={2}>
      <span>{ours}</span>
      <span>{theirs}</span>
    </Flex>
  );
}

/** The pairs waiting for confirmation, attribute by attribute side by side (ours above theirs). */
export function ConfirmationTable(props: ConfirmationTableProps) {
  const { t, i18n } = useTranslation();
  const { rows, onAction } = props;
  return (
    <Table<ConfirmationItem>
      dataSource={rows}
      rowKey={(item) => item.pair.id}
      loading={props.loading}
      size="small"
      scroll={{ x: true }}
      pagination={{
        current: props.page,
        pageSize: props.pageSize,
        total: props.total,
        showSizeChanger: false,
        onChange: props.onPage,
      }}
      rowSelection={
        onAction
          ? {
              selectedRowKeys: props.selectedIds,
              columnTitle: selectionColumnTitle,
              onChange: (keys) => props.onSelectedIds(keys.map(String)),
              getTitleCheckboxProps: () => ({ 'aria-label': t('matching.confirmation.selectAll') }) as never,
              getCheckboxProps: (item) =>
                ({
                  'aria-label': t('matching.confirmation.selectRow', {
                    name: item.product.name,
                    competitor: item.competitor.name,
                  }),
                }) as never,
            }
          : undefined
      }
      onRow={(_, index) => ({
        onClick: () => props.onFocus(index ?? 0),
        'aria-current': index === props.focused ? 'true' : undefined,
        style: index === props.focused ? { outline: '2px solid #4650C1', outlineOffset: -2 } : undefined,
      })}
    >
      <Table.Column<ConfirmationItem>
        key="competitor"
        title={t('matching.fields.competitor')}
        render={(_, item) => item.competitor.name}
      />
      <Table.Column<ConfirmationItem>
        key="name"
        title={t('matching.fields.name')}
        render={(_, item) => (
          <Pair
            ours={<HighlightedName name={item.product.name} other={item.pair.competitorProduct.name} />}
            theirs={<HighlightedName name={item.pair.competitorProduct.name} other={item.product.name} />}
          />
        )}
      />
      <Table.Column<ConfirmationItem>
        key="ean"
        title={t('matching.fields.ean')}
        render={(_, item) => {
          const same = equalIdentifiers(item.product, item.pair.competitorProduct).includes('gtin');
          return (
            <Pair
              ours={item.product.ean ?? '—'}
              theirs={
                <>
                  {item.pair.competitorProduct.ean ?? '—'}
                  {same && (
                    <Tag color="success" style={{ marginInlineStart: 6 }}>
                      {t('matching.evidence.sameGtin')}
                    </Tag>
                  )}
                </>
              }
            />
          );
        }}
      />
      <Table.Column<ConfirmationItem>
        key="brand"
        title={t('matching.fields.brand')}
        render={(_, item) => {
          const theirs = item.pair.competitorProduct.brand;
          const same = Boolean(item.product.brand && theirs && tokenKey(item.product.brand) === tokenKey(theirs));
          return (
            <Pair
              ours={item.product.brand ?? '—'}
              theirs={same ? <Typography.Text type="success">{theirs}</Typography.Text> : (theirs ?? '—')}
            />
          );
        }}
      />
      <Table.Column<ConfirmationItem>
        key="price"
        align="right"
        title={t('matching.fields.price')}
        render={(_, item) => (
          <Pair
            ours={formatPrice(item.product.price, item.product.currency, i18n.language)}
            theirs={formatPrice(item.pair.competitorProduct.price, item.pair.competitorProduct.currency, i18n.language)}
          />
        )}
      />
      <Table.Column<ConfirmationItem>
        key="difference"
        align="right"
        title={t('matching.fields.difference')}
        render={(_, item) =>
          item.product.currency === item.pair.competitorProduct.currency ? (
            <PriceDifference
              ours={item.product.price}
              theirs={item.pair.competitorProduct.price}
              currency={item.product.currency}
            />
          ) : (
            '—'
          )
        }
      />
      <Table.Column<ConfirmationItem>
        key="requested"
        title={t('matching.confirmation.requested')}
        render={(_, item) => (
          <Pair
            ours={item.requestedBy ? item.requestedBy.email : <Tag>{t('matching.log.automatic')}</Tag>}
            theirs={
              <Typography.Text type="secondary">{formatDateTime(item.requestedAt, i18n.language)}</Typography.Text>
            }
          />
        )}
      />
      {onAction && (
        <Table.Column<ConfirmationItem>
          key="actions"
          title={t('matching.log.columns.actions')}
          render={(_, item) => (
            <Space>
              <Button
                size="small"
                type="primary"
                loading={props.busyIds.has(item.pair.id)}
                onClick={(event) => (event.stopPropagation(), onAction('CONFIRM', [item]))}
              >
                {t('matching.confirmation.confirm')}
              </Button>
              <Button
                size="small"
                danger
                disabled={props.busyIds.has(item.pair.id)}
                onClick={(event) => (event.stopPropagation(), onAction('REJECT', [item]))}
              >
                {t('matching.confirmation.reject')}
              </Button>
            </Space>
          )}
        />
      )}
    </Table>
  );
}
