import { Button, Table, Tooltip } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { EnumTag } from '../../../enums/index.ts';
import { formatCount, formatDateTime, formatPrice } from '../../../components/format/format.ts';
import { totalText } from './totalText.ts';
import {
  columnSortOf,
  PAGE_SIZES,
  type ProductListState,
  type SortColumn,
  type SortOrder,
  sortOfColumn,
} from '../listState.ts';
import type { ProductRow } from '../queries.ts';
import type { UpdateListState } from '../useProductListState.ts';
import { SuggestedChangeText, SuggestedPriceText } from '../../../features/pricing/SuggestedPriceText.tsx';
import { PricePositionText } from './PricePositionText.tsx';
import { selectionColumnTitle } from '../../../a11y/InertInMeasureRow.tsx';

export interface ProductTableProps {
  rows: ProductRow[];
  total: number;
  totalIsEstimate: boolean;
  loading: boolean;
  state: ProductListState;
  update: UpdateListState;
  /** The rows chosen for a review in bulk (only when the user may review suggestions). */
  selection?: { keys: string[]; onChange: (keys: string[]) => void };
}

/** The products of the list: prices, price position, ratings and match counts; a row opens its detail. */
export function ProductTable({ rows, total, totalIsEstimate, loading, state, update, selection }: ProductTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const current = columnSortOf(state.sort);
  const sortOrder = (column: SortColumn) => (current.column === column ? current.order : null);
  const open = (row: ProductRow) => update({ product: row.id });
  const price = (value: number | null, row: ProductRow) => (
    <span style={{ whiteSpace: 'nowrap' }}>{formatPrice(value, row.currency, language)}</span>
  );

  return (
    <section aria-label={t('products.list.label')} aria-busy={loading}>
      <Table<ProductRow>
        rowKey="id"
        size="middle"
        dataSource={rows}
        loading={loading}
        scroll={{ x: true }}
        showSorterTooltip={false}
        rowSelection={
          selection && {
            selectedRowKeys: selection.keys,
            columnTitle: selectionColumnTitle,
            onChange: (keys) => selection.onChange(keys.map(String)),
            getCheckboxProps: (row) => ({
              disabled: row.suggestedPrice === null,
              'aria-label': t('priceSuggestions.productList.select', { name: row.name }),
            }),
          }
        }
        onRow={(row) => ({
          // A click on a row's checkbox (choosing it for a review in bulk) does not open the product.
          onClick: (event) => {
            if (!(event.target as HTMLElement).closest('.ant-table-selection-column')) open(row);
          },
          style: { cursor: 'pointer' },
        })}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort') {
            const { columnKey, order } = sorter as SorterResult<ProductRow>;
            update({ sort: sortOfColumn(columnKey as string | undefined, order as SortOrder | null | undefined) });
          } else if (extra.action === 'paginate') {
            const pageSize = pagination.pageSize ?? state.pageSize;
            update(pageSize !== state.pageSize ? { pageSize } : { page: pagination.current ?? 1 });
          }
        }}
        pagination={{
          current: state.page,
          pageSize: state.pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (count) => totalText(t, count, totalIsEstimate, language),
        }}
      >
        <Table.Column<ProductRow>
          key="name"
          dataIndex="name"
          title={t('products.fields.name')}
          width={260}
          sorter
          sortDirections={['ascend', 'descend']}
          sortOrder={sortOrder('name')}
          render={(name: string, row) => (
            <Button
              type="link"
              // The name keeps room for a few words a line: beside twelve columns of figures that
              // do not wrap, the table would otherwise squeeze it to a word a line.
              style={{
                padding: 0,
                height: 'auto',
                whiteSpace: 'normal',
                textAlign: 'left',
                justifyContent: 'flex-start',
                minWidth: 180,
              }}
              onClick={(event) => {
                event.stopPropagation();
                open(row);
              }}
            >
              {name}
            </Button>
          )}
        />
        <Table.Column<ProductRow> key="brand" dataIndex="brand" title={t('products.fields.brand')} />
        <Table.Column<ProductRow> key="ean" dataIndex="ean" title={t('products.fields.ean')} />
        <Table.Column<ProductRow>
          key="price"
          dataIndex="price"
          title={t('products.fields.price')}
          align="right"
          sorter
          sortDirections={['ascend', 'descend']}
          sortOrder={sortOrder('price')}
          render={price}
        />
        <Table.Column<ProductRow>
          key="competitorMinPrice"
          dataIndex="competitorMinPrice"
          title={t('products.fields.competitorMinPrice')}
          align="right"
          sorter
          sortDirections={['ascend', 'descend']}
          sortOrder={sortOrder('competitorMinPrice')}
          render={price}
        />
        <Table.Column<ProductRow>
          key="competitorAvgPrice"
          dataIndex="competitorAvgPrice"
          title={t('products.fields.competitorAvgPrice')}
          align="right"
          render={price}
        />
        <Table.Column<ProductRow>
          key="suggestedPrice"
          dataIndex="suggestedPrice"
          title={t('priceSuggestions.productList.suggestedPrice')}
          align="right"
          render={(value: number | null, row) => (
            <SuggestedPriceText price={value} review={row.suggestionReview} currency={row.currency} />
          )}
        />
        <Table.Column<ProductRow>
          key="suggestedChange"
          dataIndex="suggestedChangePercent"
          title={t('priceSuggestions.productList.change')}
          align="right"
          sorter
          sortDirections={['ascend', 'descend']}
          sortOrder={sortOrder('suggestedChange')}
          render={(_, row) => (
            <SuggestedChangeText
              change={row.suggestedChange}
              percent={row.suggestedChangePercent}
              currency={row.currency}
            />
          )}
        />
        <Table.Column<ProductRow>
          key="pricePosition"
          dataIndex="pricePosition"
          title={t('products.fields.pricePosition')}
          align="right"
          sorter
          sortDirections={['ascend', 'descend']}
          sortOrder={sortOrder('pricePosition')}
          render={(position: ProductRow['pricePosition'], row) => (
            <PricePositionText position={position} currency={row.currency} />
          )}
        />
        <Table.Column<ProductRow>
          key="diffRating"
          dataIndex="diffRating"
          title={t('products.fields.diffRating')}
          render={(rating: string) => <EnumTag kind="diffRating" value={rating} />}
        />
        <Table.Column<ProductRow>
          key="recencyContrast"
          dataIndex="recencyContrast"
          title={t('products.fields.recency')}
          render={(recency: string, row) => (
            <Tooltip
              title={
                row.competitorSeenAt
                  ? t('products.list.seenAt', { date: formatDateTime(row.competitorSeenAt, language) })
                  : undefined
              }
            >
              <span>
                <EnumTag kind="recencyContrast" value={recency} />
              </span>
            </Tooltip>
          )}
        />
        <Table.Column<ProductRow>
          key="matches"
          title={t('products.fields.matches')}
          align="right"
          render={(_, row) => (
            <span
              title={t('products.list.matchCounts', { matched: row.matchedCount, waiting: row.waitingCount })}
              style={{ whiteSpace: 'nowrap' }}
            >
              {formatCount(row.matchedCount, language)} / {formatCount(row.waitingCount, language)}
            </span>
          )}
        />
      </Table>
    </section>
  );
}
