import { useCustomMutation } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { PriceSuggestionDecision, PriceSuggestionReviewMutation } from '../../graphql/operations.ts';
import { changeFailedNotification } from '../../components/errors/formErrors.ts';
import { PRICE_SUGGESTION_REVIEW_MUTATION } from './queries.ts';

/**
 * Accepts, rejects or reopens the suggestions of some products (1..1000 at once); the API logs
 * who did it. The notification says how many changed and how many had nothing to change.
 */
export function useSuggestionReview(organizationWebsiteId: string | undefined, onDone: () => void) {
  const { t } = useTranslation();
  const { mutate, mutation } = useCustomMutation<PriceSuggestionReviewMutation['priceSuggestionReview']>();
  const review = (productIds: string[], decision: PriceSuggestionDecision) =>
    mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: {
          gqlMutation: PRICE_SUGGESTION_REVIEW_MUTATION,
          gqlVariables: { organizationWebsiteId, productIds, decision },
        },
        successNotification: (data) => ({
          type: 'success',
          message: t(`priceSuggestions.reviewDone.${decision}`, { count: data?.data.changed ?? 0 }),
          description: data?.data.skipped
            ? t('priceSuggestions.reviewDone.skipped', { count: data.data.skipped })
            : undefined,
        }),
        errorNotification: changeFailedNotification(t, t('priceSuggestions.reviewDone.failed')),
      },
      { onSuccess: onDone },
    );
  return { review, pending: mutation.isPending };
}
