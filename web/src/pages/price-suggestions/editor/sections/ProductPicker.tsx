import { useCustom } from '@refinedev/core';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceRuleProductChoicesQuery } from '../../../../graphql/operations.ts';
import { useDebouncedValue } from '../../../../hooks/useDebouncedValue.ts';
import { PRODUCT_CHOICES_QUERY } from '../../queries.ts';

export interface ProductPickerProps {
  organizationWebsiteId: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  label: string;
  disabled?: boolean;
}

/** Products chosen by name or item id (the website's first 20 hits of a search); shown by id until found. */
export function ProductPicker({ organizationWebsiteId, value, onChange, label, disabled }: ProductPickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 400);
  const [names, setNames] = useState<Record<string, string>>({});
  const { query } = useCustom<PriceRuleProductChoicesQuery['productList']>({
    url: '',
    method: 'get',
    meta: { gqlQuery: PRODUCT_CHOICES_QUERY, gqlVariables: { organizationWebsiteId, search: debounced || null } },
    queryOptions: { enabled: Boolean(debounced) },
    errorNotification: false,
  });
  const found = query.data?.data.data ?? [];
  const options = [
    ...found.map((product) => ({ value: product.id, label: `${product.name} (${product.itemId})` })),
    ...(value ?? [])
      .filter((id) => !found.some((product) => product.id === id))
      .map((id) => ({ value: id, label: names[id] ?? id })),
  ];
  return (
    <Select
      mode="multiple"
      showSearch
      filterOption={false}
      value={value ?? []}
      disabled={disabled}
      onSearch={setSearch}
      onChange={(ids: string[], chosen) => {
        const labels = { ...names };
        for (const option of [chosen].flat())
          if (option && 'value' in option && typeof option.label === 'string')
            labels[String(option.value)] = option.label;
        setNames(labels);
        onChange?.(ids);
      }}
      options={options}
      loading={query.isFetching}
      notFoundContent={
        debounced ? t('priceSuggestions.editor.noProductFound') : t('priceSuggestions.editor.typeToSearch')
      }
      placeholder={t('priceSuggestions.editor.typeToSearch')}
      aria-label={label}
    />
  );
}
