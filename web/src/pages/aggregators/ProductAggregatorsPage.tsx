import { getDefaultSortOrder, useTable } from '@refinedev/antd';
import { Empty, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteLayout } from '../../components/layout/RouteLayout.tsx';
import { MoneyCell, NUMBER_COLUMN } from '../../components/list/columns.tsx';
import { useResetOnWebsiteChange } from '../../components/list/useResetOnWebsiteChange.ts';
import { formatDateTime, formatPrice } from '../../components/format/format.ts';
import { useWebsiteSelection } from '../../components/websitePicker/WebsiteSelection.tsx';
import { ApiErrorAlert } from '../../components/errors/ApiErrorAlert.tsx';
import { ListingFilters } from './ListingFilters.tsx';
import {
  type ListingFilterValues,
  listingFilters,
  listingFilterValues,
  type ListingVariables,
  listingVariables,
} from './listingFilters.ts';
import { AGGREGATOR_LISTING_LIST_QUERY, type AggregatorListingRow } from './queries.ts';

const sameVariables = (a: ListingVariables, b: ListingVariables) =>
  a.sort === b.sort && a.rankAtMost === b.rankAtMost && a.notListed === b.notListed;

/**
 * /products/aggregators: the selected website's products on price-comparison portals: offers,
 * the lowest price and our rank, filtered, sorted and paged (kept in the URL).
 */
export default function ProductAggregatorsPage() {
  const { t, i18n } = useTranslation();
  const { website } = useWebsiteSelection();
  // The API takes a sort enum, a number and a boolean: derived from the table's state before the query runs.
  const [variables, setVariables] = useState<ListingVariables>(() => listingVariables([], []));
  const { tableProps, tableQuery, searchFormProps, sorters, filters, setCurrentPage } = useTable<
    AggregatorListingRow,
    never,
    ListingFilterValues
  >({
    resource: 'productsAggregators',
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    sorters: { mode: 'server' },
    meta: {
      gqlQuery: AGGREGATOR_LISTING_LIST_QUERY,
      gqlVariables: { organizationWebsiteId: website?.id, ...variables },
    },
    queryOptions: { enabled: Boolean(website) },
    onSearch: listingFilters,
    errorNotification: false,
  });
  const next = listingVariables(filters, sorters);
  if (!sameVariables(next, variables)) setVariables(next);

  // Another website: back to its first page.
  useResetOnWebsiteChange(website?.id, () => setCurrentPage(1));
  const money = (value: number | null, currency: string) => formatPrice(value, currency, i18n.language);

  return (
    <RouteLayout route="productAggregators">
      <Typography.Paragraph type="secondary">
        {website ? t('aggregators.forWebsite', { name: website.name }) : t('aggregators.noWebsite')}
      </Typography.Paragraph>
      <ApiErrorAlert error={tableQuery.error} />
      <ListingFilters formProps={searchFormProps} initialValues={listingFilterValues(filters)} />
      <Table<AggregatorListingRow>
        {...tableProps}
        {...(website ? {} : { dataSource: [], loading: false })}
        rowKey="id"
        scroll={{ x: true }}
        locale={website ? undefined : { emptyText: <Empty description={t('aggregators.noWebsite')} /> }}
      >
        <Table.Column<AggregatorListingRow>
          dataIndex={['aggregator', 'name']}
          key="aggregator.name"
          title={t('aggregators.fields.aggregator')}
        />
        <Table.Column<AggregatorListingRow>
          dataIndex={['product', 'name']}
          key="product.name"
          title={t('aggregators.fields.product')}
          sorter
          defaultSortOrder={getDefaultSortOrder('product.name', sorters)}
          render={(name: string, row) => (
            <>
              <div>{name}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {[row.product.brand, row.product.ean && `EAN ${row.product.ean}`].filter(Boolean).join(' · ')}
              </Typography.Text>
            </>
          )}
        />
        <Table.Column<AggregatorListingRow>
          dataIndex={['product', 'price']}
          key="product.price"
          title={t('aggregators.fields.ourPrice')}
          {...NUMBER_COLUMN}
          render={(price: number | null, row) => <MoneyCell amount={price} currency={row.product.currency} />}
        />
        <Table.Column<AggregatorListingRow>
          dataIndex="offersCount"
          title={t('aggregators.fields.offersCount')}
          align="right"
          sorter
          defaultSortOrder={getDefaultSortOrder('offersCount', sorters)}
        />
        <Table.Column<AggregatorListingRow>
          dataIndex="lowestPrice"
          title={t('aggregators.fields.lowestPrice')}
          align="right"
          sorter
          defaultSortOrder={getDefaultSortOrder('lowestPrice', sorters)}
          render={(price: number | null, row) => (
            <>
              <div>
                <MoneyCell amount={price} currency={row.product.currency} />
              </div>
              {row.differenceToLowest !== null && row.differenceToLowest > 0 && (
                <Typography.Text type="danger" style={{ fontSize: 12 }}>
                  {t('aggregators.aboveLowest', { amount: money(row.differenceToLowest, row.product.currency) })}
                </Typography.Text>
              )}
            </>
          )}
        />
        <Table.Column<AggregatorListingRow>
          dataIndex="ourRank"
          title={t('aggregators.fields.rank')}
          sorter
          defaultSortOrder={getDefaultSortOrder('ourRank', sorters)}
          render={(rank: number | null, row) =>
            rank === null ? (
              <Tag>{t('aggregators.rank.none')}</Tag>
            ) : (
              <Tag color={rank === 1 ? 'green' : rank <= 3 ? 'gold' : 'default'}>
                {t('aggregators.rank.of', { rank, offers: row.offersCount })}
              </Tag>
            )
          }
        />
        <Table.Column<AggregatorListingRow>
          dataIndex="seenAt"
          title={t('aggregators.fields.seenAt')}
          sorter
          defaultSortOrder={getDefaultSortOrder('seenAt', sorters)}
          sortDirections={['descend']}
          render={(seenAt: string) => formatDateTime(seenAt, i18n.language)}
        />
        <Table.Column<AggregatorListingRow>
          dataIndex="url"
          title={t('aggregators.fields.link')}
          render={(url: string | null, row) =>
            url && (
              <Typography.Link
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('aggregators.openOn', { aggregator: row.aggregator.name, product: row.product.name })}
              >
                {t('aggregators.open')}
              </Typography.Link>
            )
          }
        />
      </Table>
    </RouteLayout>
  );
}
