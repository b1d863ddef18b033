import { Button, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExactValueInput } from '../products/ExactValueInput.tsx';
import { hasQueueFilter, type QueueFilterState } from './queueFilter.ts';
import type { UpdateQueueFilter } from './useQueueFilter.ts';

export interface QueueFiltersProps {
  state: QueueFilterState;
  update: UpdateQueueFilter;
  competitors: readonly { id: string; name: string }[];
  brands: readonly string[];
  categories: readonly string[];
}

/** Competitor, brand and category filters of the matching and confirmation queues. */
export function QueueFilters({ state, update, competitors, brands, categories }: QueueFiltersProps) {
  const { t } = useTranslation();
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        value={state.competitor || undefined}
        onChange={(competitor?: string) => update({ competitor: competitor ?? '' })}
        options={competitors.map((competitor) => ({ value: competitor.id, label: competitor.name }))}
        placeholder={t('matching.filters.competitor')}
        aria-label={t('matching.filters.competitor')}
        style={{ width: 200 }}
      />
      <ExactValueInput
        value={state.brand}
        onChange={(brand) => update({ brand })}
        suggestions={brands}
        placeholder={t('matching.filters.brand')}
        label={t('matching.filters.brand')}
      />
      <ExactValueInput
        value={state.category}
        onChange={(category) => update({ category })}
        suggestions={categories}
        placeholder={t('matching.filters.category')}
        label={t('matching.filters.category')}
      />
      {hasQueueFilter(state) && (
        <Button onClick={() => update({ competitor: '', brand: '', category: '' })}>
          {t('matching.filters.clear')}
        </Button>
      )}
    </Space>
  );
}
