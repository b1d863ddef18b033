import { useCustom } from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Alert, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceRulePreviewQuery, PriceRuleProductsInput } from '../../../graphql/operations.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { formatCount, formatPrice } from '../../../components/format/format.ts';
import { PRICE_RULE_PREVIEW_QUERY } from '../queries.ts';

type PreviewProduct = PriceRulePreviewQuery['priceRulePreview']['data'][number];
const PAGE_SIZE = 10;

/**
 * How many products the filters being written select now, and the first of them (paged): the
 * API counts them live, nothing is saved. A filter selecting nothing is said at once.
 */
export function ProductPreview({
  organizationWebsiteId,
  products,
}: {
  organizationWebsiteId: string;
  products: PriceRuleProductsInput;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [page, setPage] = useState(1);
  const [shownFilter, setShownFilter] = useState(products);
  if (shownFilter !== products) {
    setShownFilter(products);
    setPage(1);
  }
  const { query } = useCustom<PriceRulePreviewQuery['priceRulePreview']>({
    url: '',
    method: 'get',
    meta: {
      gqlQuery: PRICE_RULE_PREVIEW_QUERY,
      gqlVariables: { organizationWebsiteId, products, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
    },
    queryOptions: { placeholderData: keepPreviousData },
    errorNotification: false,
  });
  const preview = query.data?.data;
  const price = (value: number | null, row: PreviewProduct) => formatPrice(value, row.currency, language);
  return (
    <section aria-label={t('priceSuggestions.preview.label')} aria-busy={query.isFetching}>
      <ApiErrorAlert error={query.error} />
      {preview && (
        <Typography.Paragraph strong role="status">
          {t('priceSuggestions.preview.selects', {
            count: preview.total,
            formatted: formatCount(preview.total, language),
          })}
        </Typography.Paragraph>
      )}
      {preview?.total === 0 && (
        <Alert type="warning" showIcon message={t('priceSuggestions.preview.none')} style={{ marginBottom: 12 }} />
      )}
      <Table<PreviewProduct>
        rowKey="id"
        size="small"
        dataSource={preview?.data ?? []}
        loading={query.isFetching}
        scroll={{ x: true }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: preview?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
      >
        <Table.Column<PreviewProduct> key="name" dataIndex="name" title={t('products.fields.name')} />
        <Table.Column<PreviewProduct> key="brand" dataIndex="brand" title={t('products.fields.brand')} />
        <Table.Column<PreviewProduct> key="category" dataIndex="category" title={t('products.fields.category')} />
        <Table.Column<PreviewProduct>
          key="price"
          dataIndex="price"
          title={t('products.fields.price')}
          align="right"
          render={price}
        />
        <Table.Column<PreviewProduct>
          key="cost"
          dataIndex="cost"
          title={t('priceSuggestions.product.cost')}
          align="right"
          render={price}
        />
        <Table.Column<PreviewProduct>
          key="map"
          dataIndex="map"
          title={t('priceSuggestions.product.map')}
          align="right"
          render={price}
        />
        <Table.Column<PreviewProduct>
          key="rrp"
          dataIndex="rrp"
          title={t('priceSuggestions.product.rrp')}
          align="right"
          render={price}
        />
      </Table>
    </section>
  );
}
