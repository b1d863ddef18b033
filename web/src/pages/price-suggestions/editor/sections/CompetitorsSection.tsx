import { Form, InputNumber, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../../components/form/FormSelect.tsx';

export interface CompetitorChoice {
  value: string;
  label: string;
}

const MODES = ['ALL', 'INCLUDE', 'EXCLUDE'] as const;
const MATCH_TYPES = ['CONFIRMED_AND_AUTOMATIC', 'CONFIRMED_ONLY'] as const;

/** Which competitor prices count: competitors in or out, match types, stock, age, minimum number. */
export function CompetitorsSection({ competitors }: { competitors: CompetitorChoice[] }) {
  const { t } = useTranslation();
  const mode = Form.useWatch(['competitors', 'mode'], Form.useFormInstance());
  return (
    <>
      <Form.Item name={['competitors', 'mode']} label={t('priceSuggestions.fields.competitorMode')}>
        <Radio.Group
          options={MODES.map((value) => ({ value, label: t(`priceSuggestions.competitorMode.${value}`) }))}
        />
      </Form.Item>
      {mode && mode !== 'ALL' && (
        <Form.Item
          name={['competitors', 'competitorIds']}
          label={t(`priceSuggestions.competitorMode.list.${mode}`)}
          rules={[{ required: true, type: 'array', min: 1, message: t('priceSuggestions.editor.competitorsRequired') }]}
        >
          <FormSelect
            mode="multiple"
            options={competitors}
            optionFilterProp="label"
            aria-label={t(`priceSuggestions.competitorMode.list.${mode}`)}
          />
        </Form.Item>
      )}
      <Form.Item name={['competitors', 'matchTypes']} label={t('priceSuggestions.fields.matchTypes')}>
        <Radio.Group
          options={MATCH_TYPES.map((value) => ({ value, label: t(`priceSuggestions.matchTypes.${value}`) }))}
        />
      </Form.Item>
      <Form.Item
        name={['competitors', 'inStockOnly']}
        label={t('priceSuggestions.fields.inStockOnly')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name={['competitors', 'maxAgeDays']}
        label={t('priceSuggestions.fields.maxAgeDays')}
        extra={t('priceSuggestions.editor.maxAgeHelp')}
      >
        <InputNumber min={1} precision={0} />
      </Form.Item>
      <Form.Item
        name={['competitors', 'minPrices']}
        label={t('priceSuggestions.fields.minPrices')}
        extra={t('priceSuggestions.editor.minPricesHelp')}
        rules={[
          { required: true, type: 'integer', min: 1, max: 100, message: t('priceSuggestions.editor.minPricesInvalid') },
        ]}
      >
        <InputNumber min={1} max={100} precision={0} />
      </Form.Item>
    </>
  );
}
