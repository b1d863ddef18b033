import { useCustom } from '@refinedev/core';
import { Button, Form, type FormProps, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ListingFilterValues, RANK_CHOICES } from './listingFilters.ts';
import { AGGREGATORS_QUERY, type Aggregator } from './queries.ts';

/**
 * Product search, the portal and our rank on it. `initialValues`: the filters read from the
 * address, shown when the form first appears (after the access check, so later than the table).
 */
export function ListingFilters({
  formProps,
  initialValues,
}: {
  formProps: FormProps<ListingFilterValues>;
  initialValues: ListingFilterValues;
}) {
  const { t } = useTranslation();
  const { query } = useCustom<Aggregator[]>({
    url: '',
    method: 'get',
    meta: { gqlQuery: AGGREGATORS_QUERY },
    queryOptions: { staleTime: 5 * 60_000 },
    errorNotification: false,
  });
  const aggregators = Array.isArray(query.data?.data) ? query.data.data : [];

  return (
    <Form<ListingFilterValues>
      {...formProps}
      initialValues={initialValues}
      layout="inline"
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      <Form.Item name="search" label={t('aggregators.fields.product')}>
        <Input allowClear placeholder={t('aggregators.list.search')} />
      </Form.Item>
      <Form.Item name="aggregatorId" label={t('aggregators.fields.aggregator')}>
        <Select
          allowClear
          style={{ minWidth: 180 }}
          loading={query.isLoading}
          placeholder={t('aggregators.list.allAggregators')}
          options={aggregators.map((aggregator) => ({ value: aggregator.id, label: aggregator.name }))}
        />
      </Form.Item>
      <Form.Item name="rank" label={t('aggregators.fields.rank')}>
        <Select
          allowClear
          style={{ minWidth: 180 }}
          placeholder={t('aggregators.list.anyRank')}
          options={RANK_CHOICES.map((choice) => ({ value: choice, label: t(`aggregators.rank.${choice}`) }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        {t('aggregators.list.filter')}
      </Button>
    </Form>
  );
}
