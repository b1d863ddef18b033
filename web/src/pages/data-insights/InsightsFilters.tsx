import { Alert, Button, Flex, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExactValueInput } from '../../features/products/ExactValueInput.tsx';
import { useProductFacets } from '../../features/products/useProductFacets.ts';
import {
  DEFAULT_TOLERANCE,
  type InsightsState,
  MAX_TOLERANCE,
  PERIOD_KEYS,
} from '../../features/insights/insightsState.ts';
import type { UpdateInsightsState } from './useInsightsState.ts';
import { DecimalInput } from '../../components/form/DecimalInput.tsx';

export interface InsightsFiltersProps {
  websiteId: string | undefined;
  state: InsightsState;
  update: UpdateInsightsState;
  /** The website's competitors to choose from. */
  competitors: readonly { id: string; name: string }[];
  /** The brand snapshot compares within a tolerance; the competitor snapshot too. */
  showTolerance?: boolean;
}

/**
 * Period, category, brand, competitors and tolerance of an insights page. Every control is
 * labelled; the values live in the address. An invalid period in the address is reported here.
 */
export function InsightsFilters({ websiteId, state, update, competitors, showTolerance = true }: InsightsFiltersProps) {
  const { t } = useTranslation();
  const { brands, categories } = useProductFacets(websiteId);
  const [tolerance, setTolerance] = useState<number | null>(state.tolerance);
  useEffect(() => setTolerance(state.tolerance), [state.tolerance]);
  const commitTolerance = () => {
    const next =
      tolerance === null ? DEFAULT_TOLERANCE : Math.min(MAX_TOLERANCE, Math.max(0, Math.round(tolerance * 10) / 10));
    setTolerance(next);
    if (next !== state.tolerance) update({ tolerance: next });
  };
  const filtered =
    state.category || state.brand || state.competitorIds.length > 0 || state.tolerance !== DEFAULT_TOLERANCE;

  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      {state.periodInvalid && (
        <Alert
          type="warning"
          showIcon
          message={t('insights.filters.periodInvalid', { period: t(`insights.periods.${state.period}`) })}
        />
      )}
      <Flex gap={8} wrap align="center">
        <Select
          value={state.period}
          onChange={(period) => update({ period })}
          options={PERIOD_KEYS.map((value) => ({ value, label: t(`insights.periods.${value}`) }))}
          aria-label={t('insights.filters.period')}
          style={{ width: 170 }}
        />
        <ExactValueInput
          value={state.category}
          onChange={(category) => update({ category })}
          suggestions={categories}
          placeholder={t('insights.filters.category')}
          label={t('insights.filters.category')}
        />
        <ExactValueInput
          value={state.brand}
          onChange={(brand) => update({ brand })}
          suggestions={brands}
          placeholder={t('insights.filters.brand')}
          label={t('insights.filters.brand')}
        />
        <Select
          mode="multiple"
          allowClear
          value={state.competitorIds}
          onChange={(competitorIds: string[]) => update({ competitorIds })}
          options={competitors.map((c) => ({ value: c.id, label: c.name }))}
          placeholder={t('insights.filters.competitors')}
          aria-label={t('insights.filters.competitors')}
          optionFilterProp="label"
          maxTagCount="responsive"
          style={{ minWidth: 220 }}
        />
        {showTolerance && (
          <DecimalInput
            min={0}
            max={MAX_TOLERANCE}
            step={0.1}
            value={tolerance}
            onChange={(value) => setTolerance(value)}
            onBlur={commitTolerance}
            onPressEnter={commitTolerance}
            addonBefore={t('insights.filters.tolerance')}
            addonAfter="%"
            aria-label={t('insights.filters.toleranceLabel')}
            style={{ width: 210 }}
          />
        )}
        {filtered && (
          <Button onClick={() => update({ category: '', brand: '', competitorIds: [], tolerance: DEFAULT_TOLERANCE })}>
            {t('insights.filters.clear')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
