import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../../components/form/FormSelect.tsx';
import { DecimalInput } from '../../../../components/form/DecimalInput.tsx';

const MODES = ['NONE', 'CHARM', 'STEP'] as const;
const ENDINGS = ['CENTS_99', 'CENTS_90', 'UNITS_9'] as const;
const DIRECTIONS = ['NEAREST', 'UP', 'DOWN'] as const;

/** Charm endings (.99, .90, …9) or a step, and which way to round. */
export function RoundingSection() {
  const { t } = useTranslation();
  const mode = Form.useWatch(['rounding', 'mode'], Form.useFormInstance());
  return (
    <>
      <Form.Item name={['rounding', 'mode']} label={t('priceSuggestions.fields.roundingMode')}>
        <Radio.Group
          options={MODES.map((value) => ({ value, label: t(`priceSuggestions.rounding.modes.${value}`) }))}
        />
      </Form.Item>
      {mode === 'CHARM' && (
        <Form.Item
          name={['rounding', 'ending']}
          label={t('priceSuggestions.fields.ending')}
          rules={[{ required: true, message: t('priceSuggestions.editor.endingRequired') }]}
        >
          <FormSelect
            options={ENDINGS.map((value) => ({ value, label: t(`priceSuggestions.rounding.endings.${value}`) }))}
            aria-label={t('priceSuggestions.fields.ending')}
          />
        </Form.Item>
      )}
      {mode === 'STEP' && (
        <Form.Item
          name={['rounding', 'step']}
          label={t('priceSuggestions.fields.step')}
          rules={[
            { required: true, type: 'number', min: 0.0001, message: t('priceSuggestions.editor.positiveRequired') },
          ]}
        >
          <DecimalInput min={0} />
        </Form.Item>
      )}
      {mode !== 'NONE' && (
        <Form.Item name={['rounding', 'direction']} label={t('priceSuggestions.fields.direction')}>
          <Radio.Group
            options={DIRECTIONS.map((value) => ({ value, label: t(`priceSuggestions.rounding.directions.${value}`) }))}
          />
        </Form.Item>
      )}
    </>
  );
}
