import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PriceSuggestionFieldsFragment } from '../../../graphql/operations.ts';
import { formatPercentage, formatPrice } from '../../../components/format/format.ts';
import { SuggestionExplanation } from '../../../features/pricing/SuggestionExplanation.tsx';
import { OutcomeTag } from '../../../features/pricing/SuggestionTags.tsx';

/** Suggestions with their prices and change; a row expands to its explanation. */
export function SuggestionTable({
  suggestions,
  label,
}: {
  suggestions: readonly PriceSuggestionFieldsFragment[];
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <Table<PriceSuggestionFieldsFragment>
      rowKey="id"
      size="small"
      aria-label={label}
      pagination={false}
      scroll={{ x: true }}
      dataSource={[...suggestions]}
      expandable={{
        expandedRowRender: (row) => <SuggestionExplanation steps={row.explanation} currency={row.currency} />,
      }}
      columns={[
        { key: 'name', title: t('products.fields.name'), render: (_, row) => row.product.name },
        {
          key: 'current',
          title: t('priceSuggestions.suggestion.current'),
          align: 'right',
          render: (_, row) => formatPrice(row.currentPrice, row.currency, language),
        },
        {
          key: 'suggested',
          title: t('priceSuggestions.suggestion.suggested'),
          align: 'right',
          render: (_, row) => formatPrice(row.suggestedPrice, row.currency, language),
        },
        {
          key: 'change',
          title: t('priceSuggestions.suggestion.change'),
          align: 'right',
          render: (_, row) =>
            `${formatPrice(row.change, row.currency, language, { signed: true })} (${formatPercentage(row.changePercent, language, { fixed: true, signed: true })})`,
        },
        {
          key: 'outcome',
          title: t('priceSuggestions.suggestion.outcome'),
          render: (_, row) => <OutcomeTag outcome={row.outcome} />,
        },
      ]}
    />
  );
}
