import { Form, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProductFacets } from '../../../../features/products/useProductFacets.ts';
import { ProductPicker } from './ProductPicker.tsx';
import { DecimalInput } from '../../../../components/form/DecimalInput.tsx';

const AVAILABILITIES = ['ANY', 'IN_STOCK', 'OUT_OF_STOCK'] as const;

/** Which products the rule selects: brands, categories, price range, own availability, explicit include/exclude. */
export function ProductsSection({
  organizationWebsiteId,
  disabled,
}: {
  organizationWebsiteId: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { brands, categories } = useProductFacets(organizationWebsiteId);
  const choices = (values: string[]) => values.map((value) => ({ value, label: value }));
  return (
    <>
      <Form.Item
        name={['products', 'brands']}
        label={t('priceSuggestions.fields.brands')}
        extra={t('priceSuggestions.editor.emptyMeansAny')}
      >
        <Select mode="tags" options={choices(brands)} aria-label={t('priceSuggestions.fields.brands')} />
      </Form.Item>
      <Form.Item
        name={['products', 'categories']}
        label={t('priceSuggestions.fields.categories')}
        extra={t('priceSuggestions.editor.emptyMeansAny')}
      >
        <Select mode="tags" options={choices(categories)} aria-label={t('priceSuggestions.fields.categories')} />
      </Form.Item>
      <Form.Item label={t('priceSuggestions.editor.priceRange')}>
        <Space wrap>
          <Form.Item name={['products', 'priceMin']} noStyle>
            <DecimalInput
              min={0}
              placeholder={t('priceSuggestions.editor.from')}
              aria-label={t('priceSuggestions.fields.priceMin')}
            />
          </Form.Item>
          <Form.Item name={['products', 'priceMax']} noStyle>
            <DecimalInput
              min={0}
              placeholder={t('priceSuggestions.editor.to')}
              aria-label={t('priceSuggestions.fields.priceMax')}
            />
          </Form.Item>
        </Space>
      </Form.Item>
      <Form.Item name={['products', 'availability']} label={t('priceSuggestions.fields.availability')}>
        <Select
          options={AVAILABILITIES.map((value) => ({ value, label: t(`priceSuggestions.availability.${value}`) }))}
          aria-label={t('priceSuggestions.fields.availability')}
        />
      </Form.Item>
      <Form.Item
        name={['products', 'includeProductIds']}
        label={t('priceSuggestions.fields.includeProductIds')}
        extra={t('priceSuggestions.editor.includeHelp')}
      >
        <ProductPicker
          organizationWebsiteId={organizationWebsiteId}
          label={t('priceSuggestions.fields.includeProductIds')}
          disabled={disabled}
        />
      </Form.Item>
      <Form.Item name={['products', 'excludeProductIds']} label={t('priceSuggestions.fields.excludeProductIds')}>
        <ProductPicker
          organizationWebsiteId={organizationWebsiteId}
          label={t('priceSuggestions.fields.excludeProductIds')}
          disabled={disabled}
        />
      </Form.Item>
    </>
  );
}
