import { useCan, useCustom } from '@refinedev/core';
import { Button, Descriptions, Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PriceSuggestionQuery } from '../../graphql/operations.ts';
import { ApiErrorAlert } from '../../components/errors/ApiErrorAlert.tsx';
import { formatDateTime, formatPrice } from '../../components/format/format.ts';
import { PRICE_SUGGESTION_QUERY } from './queries.ts';
import { SuggestedChangeText } from './SuggestedPriceText.tsx';
import { SuggestionExplanation } from './SuggestionExplanation.tsx';
import { OutcomeTag, ReviewTag } from './SuggestionTags.tsx';
import { useSuggestionReview } from './useSuggestionReview.ts';

/**
 * A product's current price suggestion in its detail: the price, the change, the rule that
 * decided it, the explanation of every step, and accept / reject (who may review).
 */
export function ProductSuggestion({
  productId,
  organizationWebsiteId,
  onReviewed,
}: {
  productId: string;
  organizationWebsiteId: string | undefined;
  onReviewed: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const canReview = useCan({ resource: 'priceSuggestionRules', action: 'update' }).data?.can === true;
  const { query } = useCustom<NonNullable<PriceSuggestionQuery['priceSuggestion']>>({
    url: '',
    method: 'get',
    meta: { gqlQuery: PRICE_SUGGESTION_QUERY, gqlVariables: { productId } },
    errorNotification: false,
  });
  const { review, pending } = useSuggestionReview(organizationWebsiteId, () => {
    void query.refetch();
    onReviewed();
  });
  // The API answers null when no Active rule selects the product.
  const suggestion = query.data?.data ?? null;

  if (query.isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (query.error) return <ApiErrorAlert error={query.error} />;
  if (!suggestion)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('priceSuggestions.suggestion.none')} />;
  const { currency } = suggestion;
  return (
    <Flex vertical gap={12}>
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label={t('priceSuggestions.suggestion.suggested')}>
          {formatPrice(suggestion.suggestedPrice, currency, language)}
        </Descriptions.Item>
        <Descriptions.Item label={t('priceSuggestions.suggestion.change')}>
          <SuggestedChangeText change={suggestion.change} percent={suggestion.changePercent} currency={currency} />
        </Descriptions.Item>
        <Descriptions.Item label={t('priceSuggestions.suggestion.outcome')}>
          <OutcomeTag outcome={suggestion.outcome} />
        </Descriptions.Item>
        <Descriptions.Item label={t('priceSuggestions.suggestion.rule')}>
          {suggestion.rule?.name ?? t('priceSuggestions.suggestion.ruleDeleted')}
        </Descriptions.Item>
        <Descriptions.Item label={t('priceSuggestions.suggestion.reviewState')}>
          <Flex gap={8} align="center" wrap>
            <ReviewTag review={suggestion.review} />
            {suggestion.reviewedAt && (
              <Typography.Text type="secondary">
                {t('priceSuggestions.suggestion.reviewedBy', {
                  who: suggestion.reviewedBy ?? '—',
                  when: formatDateTime(suggestion.reviewedAt, language),
                })}
              </Typography.Text>
            )}
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t('priceSuggestions.suggestion.computedAt')}>
          {formatDateTime(suggestion.computedAt, language)}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text strong>{t('priceSuggestions.suggestion.explanation')}</Typography.Text>
      <SuggestionExplanation steps={suggestion.explanation} currency={currency} />
      {canReview && suggestion.suggestedPrice !== null && (
        <Flex gap={8}>
          {suggestion.review !== 'ACCEPTED' && (
            <Button type="primary" loading={pending} onClick={() => review([productId], 'ACCEPT')}>
              {t('priceSuggestions.actions.accept')}
            </Button>
          )}
          {suggestion.review !== 'REJECTED' && (
            <Button danger loading={pending} onClick={() => review([productId], 'REJECT')}>
              {t('priceSuggestions.actions.reject')}
            </Button>
          )}
          {suggestion.review !== 'PENDING' && (
            <Button loading={pending} onClick={() => review([productId], 'RESET')}>
              {t('priceSuggestions.actions.reset')}
            </Button>
          )}
        </Flex>
      )}
    </Flex>
  );
}
