import { Form, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../../components/form/DecimalInput.tsx';

/** Floors (cost + margin, MAP, a minimum), ceilings (RRP, a maximum) and the largest change per update. */
export function BoundsSection() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item label={t('priceSuggestions.fields.costMargin')} extra={t('priceSuggestions.editor.costMarginHelp')}>
        <Space.Compact>
          <Form.Item name={['bounds', 'costMargin']} noStyle>
            <DecimalInput aria-label={t('priceSuggestions.fields.costMargin')} />
          </Form.Item>
          <Form.Item name={['bounds', 'costMarginUnit']} noStyle>
            <Select
              style={{ width: 140 }}
              options={['PERCENT', 'AMOUNT'].map((value) => ({ value, label: t(`priceSuggestions.units.${value}`) }))}
              aria-label={t('priceSuggestions.fields.costMarginUnit')}
            />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item name={['bounds', 'useMap']} label={t('priceSuggestions.fields.useMap')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name={['bounds', 'minimumPrice']} label={t('priceSuggestions.fields.minimumPrice')}>
        <DecimalInput min={0} />
      </Form.Item>
      <Form.Item name={['bounds', 'useRrp']} label={t('priceSuggestions.fields.useRrp')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name={['bounds', 'maximumPrice']} label={t('priceSuggestions.fields.maximumPrice')}>
        <DecimalInput min={0} />
      </Form.Item>
      <Form.Item
        name={['bounds', 'maxChangePercent']}
        label={t('priceSuggestions.fields.maxChangePercent')}
        extra={t('priceSuggestions.editor.maxChangeHelp')}
      >
        <DecimalInput min={0} addonAfter="%" />
      </Form.Item>
    </>
  );
}
