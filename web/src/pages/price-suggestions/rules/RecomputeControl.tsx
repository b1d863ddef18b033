import { ReloadOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation } from '@refinedev/core';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PriceSuggestionRecomputeStatusQuery } from '../../../graphql/operations.ts';
import { changeFailedNotification } from '../../../components/errors/formErrors.ts';
import { formatCount, formatDateTime } from '../../../components/format/format.ts';
import { PRICE_SUGGESTION_RECOMPUTE_MUTATION, PRICE_SUGGESTION_RECOMPUTE_STATUS_QUERY } from '../queries.ts';

type Recompute = NonNullable<PriceSuggestionRecomputeStatusQuery['priceSuggestionRecomputeStatus']>;
const RUNNING = new Set(['QUEUED', 'RUNNING']);

/**
 * The website's last full recompute of its suggestions (they are otherwise kept current as
 * prices and rules change) and, for who may write rules, a button starting one. Asks again
 * every 2 s while one is queued or running.
 */
export function RecomputeControl({
  organizationWebsiteId,
  canStart,
}: {
  organizationWebsiteId: string;
  canStart: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { query } = useCustom<Recompute>({
    url: '',
    method: 'get',
    meta: { gqlQuery: PRICE_SUGGESTION_RECOMPUTE_STATUS_QUERY, gqlVariables: { organizationWebsiteId } },
    queryOptions: {
      refetchInterval: (current) => (RUNNING.has(current.state.data?.data?.state ?? '') ? 2_000 : false),
    },
    errorNotification: false,
  });
  const { mutate, mutation } = useCustomMutation();
  // The API answers null before the website's first full recompute.
  const status = query.data?.data ?? null;
  const running = status !== null && RUNNING.has(status.state);
  const start = () =>
    mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: { gqlMutation: PRICE_SUGGESTION_RECOMPUTE_MUTATION, gqlVariables: { organizationWebsiteId } },
        successNotification: { type: 'success', message: t('priceSuggestions.recompute.started') },
        errorNotification: changeFailedNotification(t, t('priceSuggestions.recompute.failed')),
      },
      { onSuccess: () => void query.refetch() },
    );
  const text = !status
    ? t('priceSuggestions.recompute.never')
    : t(`priceSuggestions.recompute.states.${status.state}`, {
        when: formatDateTime(status.finishedAt ?? status.startedAt, language),
        products: formatCount(status.products ?? 0, language),
        error: status.error ?? '',
      });
  return (
    <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }}>
      <Typography.Text type="secondary" role="status">
        {text}
      </Typography.Text>
      {canStart && (
        <Button icon={<ReloadOutlined />} loading={mutation.isPending || running} onClick={start}>
          {t('priceSuggestions.recompute.start')}
        </Button>
      )}
    </Flex>
  );
}
