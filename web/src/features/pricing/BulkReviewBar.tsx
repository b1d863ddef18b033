import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSuggestionReview } from './useSuggestionReview.ts';

/** Accept or reject the suggestions of the products chosen in the list, all at once. */
export function BulkReviewBar({
  organizationWebsiteId,
  selected,
  onDone,
}: {
  organizationWebsiteId: string;
  selected: string[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { review, pending } = useSuggestionReview(organizationWebsiteId, onDone);
  if (selected.length === 0) return null;
  return (
    <Flex
      gap={8}
      align="center"
      wrap
      role="toolbar"
      aria-label={t('priceSuggestions.bulk.label')}
      style={{ marginBottom: 12 }}
    >
      <Typography.Text>{t('priceSuggestions.bulk.selected', { count: selected.length })}</Typography.Text>
      <Button type="primary" loading={pending} onClick={() => review(selected, 'ACCEPT')}>
        {t('priceSuggestions.bulk.accept')}
      </Button>
      <Button danger loading={pending} onClick={() => review(selected, 'REJECT')}>
        {t('priceSuggestions.bulk.reject')}
      </Button>
    </Flex>
  );
}
