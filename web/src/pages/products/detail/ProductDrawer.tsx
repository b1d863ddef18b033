import { CanAccess, useCustom } from '@refinedev/core';
import { Descriptions, Drawer, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { EnumTag } from '../../../enums/index.ts';
import { useWindowSize } from '../../../hooks/useWindowSize.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { ProductSuggestion } from '../../../features/pricing/ProductSuggestion.tsx';
import { formatDateTime, formatPrice } from '../../../components/format/format.ts';
import { PricePositionText } from '../list/PricePositionText.tsx';
import { PRODUCT_QUERY, type ProductDetail } from '../queries.ts';
import { OffersTable } from './OffersTable.tsx';

const PriceHistoryChart = lazy(() => import('./PriceHistoryChart.tsx'));

const DRAWER_WIDTH = 760;

export interface ProductDrawerProps {
  productId: string;
  /** The website of the list (a suggestion's review names it). */
  organizationWebsiteId?: string;
  onClose: () => void;
  /** Something the list shows changed (a suggestion reviewed). */
  onChanged?: () => void;
}

/**
 * The product's detail beside the list: attributes (with cost, MAP and RRP from the feed), image,
 * its price suggestion with the explanation, competitor offers and their price history.
 */
export default function ProductDrawer({ productId, organizationWebsiteId, onClose, onChanged }: ProductDrawerProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { width } = useWindowSize();
  const { query } = useCustom<ProductDetail>({
    url: '',
    method: 'get',
    meta: { gqlQuery: PRODUCT_QUERY, gqlVariables: { productId } },
    errorNotification: false,
  });
  const product = query.data?.data;
  const matched = product?.offers.filter((offer) => offer.status === 'MATCHED') ?? [];

  return (
    <Drawer
      open
      width={Math.min(DRAWER_WIDTH, width)}
      onClose={onClose}
      title={product?.name ?? t('products.detail.title')}
      destroyOnHidden
    >
      <ApiErrorAlert error={query.error} />
      {query.isLoading && <Skeleton active />}
      {product && (
        <Flex vertical gap={24}>
          <Flex gap={16} align="flex-start" wrap>
            {product.imageUrl && (
              <img
                src={product.imageUrl}
                alt={product.name}
                loading="lazy"
                style={{ width: 160, maxHeight: 160, objectFit: 'contain' }}
              />
            )}
            <Descriptions bordered size="small" column={1} style={{ flex: 1, minWidth: 280 }}>
              <Descriptions.Item label={t('products.fields.itemId')}>{product.itemId}</Descriptions.Item>
              <Descriptions.Item label={t('products.fields.brand')}>{product.brand ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('products.fields.ean')}>{product.ean ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('products.fields.mpn')}>{product.mpn ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('products.fields.category')}>{product.category ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('products.fields.price')}>
                {formatPrice(product.price, product.currency, language)}
              </Descriptions.Item>
              <Descriptions.Item label={t('priceSuggestions.product.cost')}>
                {formatPrice(product.cost, product.currency, language)}
              </Descriptions.Item>
              <Descriptions.Item label={t('priceSuggestions.product.map')}>
                {formatPrice(product.map, product.currency, language)}
              </Descriptions.Item>
              <Descriptions.Item label={t('priceSuggestions.product.rrp')}>
                {formatPrice(product.rrp, product.currency, language)}
              </Descriptions.Item>
              <Descriptions.Item label={t('products.fields.competitorMinPrice')}>
                {formatPrice(product.competitorMinPrice, product.currency, language)}
              </Descriptions.Item>
              <Descriptions.Item label={t('products.fields.competitorAvgPrice')}>
                {formatPrice(product.competitorAvgPrice, product.currency, language)}
              </Descriptions.Item>
              <Descriptions.Item label={t('products.fields.pricePosition')}>
                <Flex gap={8} align="center" wrap>
                  <PricePositionText position={product.pricePosition} currency={product.currency} />
                  <EnumTag kind="diffRating" value={product.diffRating} />
                </Flex>
              </Descriptions.Item>
              <Descriptions.Item label={t('products.fields.recency')}>
                <Flex gap={8} align="center" wrap>
                  <EnumTag kind="recencyContrast" value={product.recencyContrast} />
                  {product.competitorSeenAt && formatDateTime(product.competitorSeenAt, language)}
                </Flex>
              </Descriptions.Item>
              <Descriptions.Item label={t('products.fields.stock')}>{product.stock ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('products.fields.state')}>
                {product.active ? (
                  <Tag color="green">{t('products.state.active')}</Tag>
                ) : (
                  <Tag>{t('products.state.inactive')}</Tag>
                )}
              </Descriptions.Item>
              {product.url && (
                <Descriptions.Item label={t('products.fields.url')}>
                  <Typography.Link
                    href={product.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    style={{ wordBreak: 'break-all' }}
                  >
                    {product.url}
                  </Typography.Link>
                </Descriptions.Item>
              )}
              <Descriptions.Item label={t('products.fields.updatedAt')}>
                {formatDateTime(product.updatedAt, language)}
              </Descriptions.Item>
            </Descriptions>
          </Flex>

          <CanAccess resource="priceSuggestionRules" action="list">
            <section aria-labelledby="product-suggestion-title">
              <Typography.Title level={5} id="product-suggestion-title">
                {t('priceSuggestions.suggestion.title')}
              </Typography.Title>
              <ProductSuggestion
                productId={product.id}
                organizationWebsiteId={organizationWebsiteId}
                onReviewed={() => onChanged?.()}
              />
            </section>
          </CanAccess>

          <section aria-labelledby="product-offers-title">
            <Typography.Title level={5} id="product-offers-title">
              {t('products.detail.offers')}
            </Typography.Title>
            {product.offers.length ? (
              <OffersTable offers={product.offers} />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('products.detail.noOffers')} />
            )}
          </section>

          <section aria-labelledby="product-history-title">
            <Typography.Title level={5} id="product-history-title">
              {t('products.detail.history')}
            </Typography.Title>
            {matched.length ? (
              <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 260 }} />}>
                <PriceHistoryChart
                  lines={matched.map((offer) => ({
                    key: offer.id,
                    label: offer.competitorProduct.competitor.name,
                    currency: offer.competitorProduct.currency,
                    points: offer.competitorProduct.priceHistory,
                  }))}
                />
              </Suspense>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('products.detail.noMatched')} />
            )}
          </section>
        </Flex>
      )}
    </Drawer>
  );
}
