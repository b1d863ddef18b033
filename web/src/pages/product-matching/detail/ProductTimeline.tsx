import { useCustom } from '@refinedev/core';
import { Card, Empty, Timeline, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/navigation/AppLink.tsx';
import { routePath } from '../../../routes/useCarriedPath.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { DecisionActor, DecisionEvent, StatusChange } from '../shared/DecisionParts.tsx';
import { MATCHING_PRODUCT_TIMELINE_QUERY, type MatchingDecision } from '../queries.ts';
import { formatDateTime } from '../../../components/format/format.ts';

const SHOWN = 10;

/** The product's own decisions, newest first (the latest ten; the log has them all); read again whenever `version` changes (a decision answered). */
export function ProductTimeline({ productId, version }: { productId: string; version: number }) {
  const { t, i18n } = useTranslation();
  const { query } = useCustom<MatchingDecision[]>({
    url: '',
    method: 'get',
    meta: { gqlQuery: MATCHING_PRODUCT_TIMELINE_QUERY, gqlVariables: { productId, limit: SHOWN } },
    errorNotification: false,
  });
  const { refetch } = query;
  useEffect(() => {
    if (version > 0) void refetch();
  }, [version, refetch]);
  const decisions = Array.isArray(query.data?.data) ? query.data.data : [];
  return (
    <Card
      size="small"
      title={t('matching.detail.timeline')}
      extra={
        <AppLink to={`${routePath('productMatchingLog')}?product=${encodeURIComponent(productId)}`}>
          {t('matching.detail.timelineInLog')}
        </AppLink>
      }
    >
      <ApiErrorAlert error={query.error} />
      {decisions.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={query.isLoading ? t('matching.detail.loading') : t('matching.detail.noDecisions')}
        />
      ) : (
        <Timeline
          items={decisions.map((decision) => ({
            key: decision.id,
            children: (
              <div>
                <Typography.Text type="secondary">
                  {formatDateTime(decision.decidedAt, i18n.language, { seconds: true })}
                </Typography.Text>{' '}
                · <DecisionActor actor={decision.actor} /> · <DecisionEvent decision={decision} />
                <div>
                  {decision.competitor.name}: {decision.competitorProduct.name}
                </div>
                <StatusChange decision={decision} />
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}
