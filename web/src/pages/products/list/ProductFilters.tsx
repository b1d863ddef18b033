import { Button, Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { enumOptions } from '../../../enums/index.ts';
import { hasFilters, MATCHING_FILTERS, type ProductListState, SUGGESTION_FILTERS } from '../listState.ts';
import type { UpdateListState } from '../useProductListState.ts';
import { ExactValueInput } from '../../../features/products/ExactValueInput.tsx';

export interface ProductFiltersProps {
  state: ProductListState;
  update: UpdateListState;
  brands: readonly string[];
  categories: readonly string[];
}

/** Search (name, brand or EAN) and the filters of the products list. */
export function ProductFilters({ state, update, brands, categories }: ProductFiltersProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(state.search);
  useEffect(() => setSearch(state.search), [state.search]);

  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onSearch={(value) => update({ search: value.trim() })}
        placeholder={t('products.filters.search')}
        aria-label={t('products.filters.search')}
        style={{ width: 280 }}
      />
      <ExactValueInput
        value={state.brand}
        onChange={(brand) => update({ brand })}
        suggestions={brands}
        placeholder={t('products.filters.brand')}
        label={t('products.filters.brand')}
      />
      <ExactValueInput
        value={state.category}
        onChange={(category) => update({ category })}
        suggestions={categories}
        placeholder={t('products.filters.category')}
        label={t('products.filters.category')}
      />
      <Select
        allowClear
        value={state.matching ?? undefined}
        onChange={(matching) => update({ matching: matching ?? null })}
        options={MATCHING_FILTERS.map((value) => ({ value, label: t(`products.filters.matchingOptions.${value}`) }))}
        placeholder={t('products.filters.matching')}
        aria-label={t('products.filters.matching')}
        style={{ width: 200 }}
      />
      <Select
        allowClear
        value={state.diffRating ?? undefined}
        onChange={(diffRating) => update({ diffRating: diffRating ?? null })}
        options={enumOptions('diffRating', t)}
        placeholder={t('products.filters.diffRating')}
        aria-label={t('products.filters.diffRating')}
        style={{ width: 170 }}
      />
      <Select
        allowClear
        value={state.suggestion ?? undefined}
        onChange={(suggestion) => update({ suggestion: suggestion ?? null })}
        options={SUGGESTION_FILTERS.map((value) => ({
          value,
          label: t(`priceSuggestions.productList.filterOptions.${value}`),
        }))}
        placeholder={t('priceSuggestions.productList.filter')}
        aria-label={t('priceSuggestions.productList.filter')}
        style={{ width: 200 }}
      />
      {hasFilters(state) && (
        <Button
          onClick={() =>
            update({
              search: '',
              brand: '',
              category: '',
              matching: null,
              diffRating: null,
              suggestion: null,
              competitor: null,
              comparison: null,
              movement: null,
              tolerance: null,
              period: null,
            })
          }
        >
          {t('products.filters.clear')}
        </Button>
      )}
    </Space>
  );
}
