import { Card, Descriptions, Image, Typography } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../components/format/format.ts';
import { ONE_LINE } from '../shared/SideBySide.tsx';
import type { ProductSummary } from '../queries.ts';

const safeUrl = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

/** Our product: image, name, identifiers, category and price. */
export const ProductPanel = memo(function ProductPanel({ product }: { product: ProductSummary }) {
  const { t, i18n } = useTranslation();
  const image = safeUrl(product.imageUrl);
  const link = safeUrl(product.url);
  return (
    <Card size="small" title={t('matching.detail.ourProduct')}>
      {image && (
        <div style={{ textAlign: 'center', marginBottom: 12 }}>
          <Image src={image} alt={product.name} style={{ maxHeight: 180, objectFit: 'contain' }} preview={false} />
        </div>
      )}
      <Descriptions column={1} size="small" colon={false}>
        <Descriptions.Item label={t('matching.fields.itemId')}>{product.itemId}</Descriptions.Item>
        <Descriptions.Item label={t('matching.fields.brand')}>{product.brand ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('matching.fields.ean')}>{product.ean ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('matching.fields.mpn')}>{product.mpn ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('matching.fields.category')}>{product.category ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('matching.fields.price')}>
          <Typography.Text strong>{formatPrice(product.price, product.currency, i18n.language)}</Typography.Text>
        </Descriptions.Item>
        {link && (
          <Descriptions.Item label={t('matching.fields.url')}>
            <Typography.Link
              href={link}
              target="_blank"
              rel="noreferrer noopener"
              title={link}
              style={{ ...ONE_LINE, maxWidth: 240 }}
            >
              {link}
            </Typography.Link>
          </Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
});
