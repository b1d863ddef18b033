import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PriceSuggestionOutcome, PriceSuggestionReviewState } from '../../graphql/operations.ts';

const OUTCOME_COLORS: Record<PriceSuggestionOutcome, string> = {
  CHANGE_SUGGESTED: 'blue',
  WITHIN_TOLERANCE: 'default',
  HELD_BY_FLOOR: 'orange',
  HELD_BY_CEILING: 'orange',
  NO_COMPETITOR_DATA: 'default',
};
const REVIEW_COLORS: Record<PriceSuggestionReviewState, string> = {
  PENDING: 'default',
  ACCEPTED: 'green',
  REJECTED: 'red',
};

/** What the rule decided: change suggested, within tolerance, held by a bound, no data. */
export function OutcomeTag({ outcome }: { outcome: PriceSuggestionOutcome }) {
  const { t } = useTranslation();
  return <Tag color={OUTCOME_COLORS[outcome]}>{t(`priceSuggestions.outcome.${outcome}`)}</Tag>;
}

/** Pending, accepted or rejected. */
export function ReviewTag({ review }: { review: PriceSuggestionReviewState }) {
  const { t } = useTranslation();
  return <Tag color={REVIEW_COLORS[review]}>{t(`priceSuggestions.review.${review}`)}</Tag>;
}
