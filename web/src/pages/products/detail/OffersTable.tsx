import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EnumTag } from '../../../enums/index.ts';
import { formatDateTime, formatPrice } from '../../../components/format/format.ts';
import type { ProductOffer } from '../queries.ts';

/** The competitor products matched to (or proposed for) the product, with their prices and when they were seen. */
export function OffersTable({ offers }: { offers: ProductOffer[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Table<ProductOffer>
      rowKey="id"
      size="small"
      dataSource={offers}
      pagination={false}
      scroll={{ x: true }}
      aria-label={t('products.detail.offers')}
    >
      <Table.Column<ProductOffer>
        key="competitor"
        title={t('products.offers.competitor')}
        render={(_, offer) => offer.competitorProduct.competitor.name}
      />
      <Table.Column<ProductOffer>
        key="product"
        title={t('products.offers.product')}
        render={(_, offer) =>
          offer.competitorProduct.url ? (
            <Typography.Link href={offer.competitorProduct.url} target="_blank" rel="noopener noreferrer">
              {offer.competitorProduct.name}
            </Typography.Link>
          ) : (
            offer.competitorProduct.name
          )
        }
      />
      <Table.Column<ProductOffer>
        key="status"
        dataIndex="status"
        title={t('products.offers.status')}
        render={(status: string) => <EnumTag kind="matchingStatus" value={status} />}
      />
      <Table.Column<ProductOffer>
        key="price"
        title={t('products.offers.price')}
        align="right"
        render={(_, offer) => (
          <span style={{ whiteSpace: 'nowrap' }}>
            {formatPrice(offer.competitorProduct.price, offer.competitorProduct.currency, i18n.language)}
          </span>
        )}
      />
      <Table.Column<ProductOffer>
        key="availability"
        title={t('products.offers.availability')}
        render={(_, offer) =>
          offer.competitorProduct.availability
            ? t(`products.availability.${offer.competitorProduct.availability}`, {
                defaultValue: offer.competitorProduct.availability,
              })
            : '—'
        }
      />
      <Table.Column<ProductOffer>
        key="seenAt"
        title={t('products.offers.seenAt')}
        render={(_, offer) => (
          <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(offer.competitorProduct.seenAt, i18n.language)}</span>
        )}
      />
    </Table>
  );
}
