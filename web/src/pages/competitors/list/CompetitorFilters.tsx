import { Flex, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { MATCHING_MODES } from '../queries.ts';
import type { CompetitorListState } from './listState.ts';

type FilterChange = Partial<Pick<CompetitorListState, 'search' | 'active' | 'matchingMode'>>;

/** Search by name or address, and the active and matching-mode filters (each applies at once). */
export function CompetitorFilters({
  state,
  onChange,
}: {
  state: CompetitorListState;
  onChange: (change: FilterChange) => void;
}) {
  const { t } = useTranslation();
  const activeValue = state.active === undefined ? undefined : state.active ? 'active' : 'inactive';
  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }}>
      <Input.Search
        // Remounted when the address changes it (Back, a link), so the box shows the applied search.
        key={state.search}
        defaultValue={state.search}
        allowClear
        placeholder={t('competitors.list.search')}
        aria-label={t('competitors.list.search')}
        style={{ maxWidth: 320 }}
        onSearch={(value) => onChange({ search: value.trim() })}
      />
      <Select
        allowClear
        aria-label={t('competitors.fields.active')}
        placeholder={t('competitors.list.anyState')}
        style={{ minWidth: 160 }}
        value={activeValue}
        onChange={(value?: string) => onChange({ active: value === undefined ? undefined : value === 'active' })}
        options={[
          { value: 'active', label: t('competitors.state.active') },
          { value: 'inactive', label: t('competitors.state.inactive') },
        ]}
      />
      <Select
        allowClear
        aria-label={t('competitors.fields.matchingMode')}
        placeholder={t('competitors.list.anyMode')}
        style={{ minWidth: 180 }}
        value={state.matchingMode}
        onChange={(value) => onChange({ matchingMode: value })}
        options={MATCHING_MODES.map((mode) => ({ value: mode, label: t(`competitors.matchingMode.${mode}`) }))}
      />
    </Flex>
  );
}
