import { Form, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PriceStrategyType } from '../../../../graphql/operations.ts';
import type { CompetitorChoice } from './CompetitorsSection.tsx';
import { FormSelect } from '../../../../components/form/FormSelect.tsx';
import { DecimalInput } from '../../../../components/form/DecimalInput.tsx';

export const STRATEGY_TYPES: readonly PriceStrategyType[] = [
  'MATCH_LOWEST',
  'BEAT_LOWEST',
  'MATCH_AVERAGE',
  'MATCH_MEDIAN',
  'POSITION',
  'FOLLOW_COMPETITOR',
  'WITHIN_MARKET_AVERAGE',
];

/** How the price follows the competitor prices, and the tolerance under which nothing changes. */
export function StrategySection({ competitors }: { competitors: CompetitorChoice[] }) {
  const { t } = useTranslation();
  const type = Form.useWatch(['strategy', 'type'], Form.useFormInstance()) as PriceStrategyType | undefined;
  const positive = {
    required: true,
    type: 'number' as const,
    min: 0.0001,
    message: t('priceSuggestions.editor.positiveRequired'),
  };
  return (
    <>
      <Form.Item name={['strategy', 'type']} label={t('priceSuggestions.fields.strategy')} rules={[{ required: true }]}>
        <FormSelect
          options={STRATEGY_TYPES.map((value) => ({ value, label: t(`priceSuggestions.strategy.types.${value}`) }))}
          aria-label={t('priceSuggestions.fields.strategy')}
        />
      </Form.Item>
      {type === 'BEAT_LOWEST' && (
        <Form.Item label={t('priceSuggestions.fields.beatBy')} required>
          <Space.Compact>
            <Form.Item name={['strategy', 'beatBy']} noStyle rules={[positive]}>
              <DecimalInput min={0} aria-label={t('priceSuggestions.fields.beatBy')} />
            </Form.Item>
            <Form.Item name={['strategy', 'beatUnit']} noStyle>
              <Select
                style={{ width: 140 }}
                options={['PERCENT', 'AMOUNT'].map((value) => ({ value, label: t(`priceSuggestions.units.${value}`) }))}
                aria-label={t('priceSuggestions.fields.beatUnit')}
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      )}
      {type === 'POSITION' && (
        <Form.Item
          name={['strategy', 'position']}
          label={t('priceSuggestions.fields.position')}
          extra={t('priceSuggestions.editor.positionHelp')}
          rules={[{ required: true, type: 'integer', min: 1, message: t('priceSuggestions.editor.positionInvalid') }]}
        >
          <InputNumber min={1} precision={0} />
        </Form.Item>
      )}
      {type === 'FOLLOW_COMPETITOR' && (
        <Form.Item
          name={['strategy', 'competitorId']}
          label={t('priceSuggestions.fields.followCompetitor')}
          rules={[{ required: true, message: t('priceSuggestions.editor.followRequired') }]}
        >
          <FormSelect
            showSearch
            options={competitors}
            optionFilterProp="label"
            aria-label={t('priceSuggestions.fields.followCompetitor')}
          />
        </Form.Item>
      )}
      {type === 'WITHIN_MARKET_AVERAGE' && (
        <Form.Item
          name={['strategy', 'withinPercent']}
          label={t('priceSuggestions.fields.withinPercent')}
          rules={[positive]}
        >
          <DecimalInput min={0} addonAfter="%" />
        </Form.Item>
      )}
      <Form.Item
        name={['strategy', 'tolerancePercent']}
        label={t('priceSuggestions.fields.tolerancePercent')}
        extra={t('priceSuggestions.editor.toleranceHelp')}
      >
        <DecimalInput min={0} addonAfter="%" />
      </Form.Item>
    </>
  );
}
