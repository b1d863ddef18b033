import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PriceSuggestionReviewState } from '../../graphql/operations.ts';
import { formatPercentage, formatPrice } from '../../components/format/format.ts';
import { ReviewTag } from './SuggestionTags.tsx';

/** The suggested price of a list row with its review state (pending, accepted, rejected). */
export function SuggestedPriceText({
  price,
  review,
  currency,
}: {
  price: number | null;
  review: PriceSuggestionReviewState | null;
  currency: string;
}) {
  const { i18n } = useTranslation();
  if (price === null) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex gap={4} align="center" justify="flex-end" wrap={false}>
      <span style={{ whiteSpace: 'nowrap' }}>{formatPrice(price, currency, i18n.language)}</span>
      {review && review !== 'PENDING' && <ReviewTag review={review} />}
    </Flex>
  );
}

/** The suggested change: amount and percent, signed. */
export function SuggestedChangeText({
  change,
  percent,
  currency,
}: {
  change: number | null;
  percent: number | null;
  currency: string;
}) {
  const { i18n } = useTranslation();
  if (change === null) return <Typography.Text type="secondary">—</Typography.Text>;
  const type = change > 0 ? 'success' : change < 0 ? 'danger' : 'secondary';
  return (
    <Typography.Text type={type} style={{ whiteSpace: 'nowrap' }}>
      {formatPrice(change, currency, i18n.language, { signed: true })} (
      {formatPercentage(percent, i18n.language, { fixed: true, signed: true })})
    </Typography.Text>
  );
}
