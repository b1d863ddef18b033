import { CloseOutlined } from '@ant-design/icons';
import { Alert, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTolerance } from '../../../features/insights/format.ts';
import { useInsightsCompetitors } from '../../../features/insights/useInsightsCompetitors.ts';
import type { ProductListState } from '../listState.ts';
import type { UpdateListState } from '../useProductListState.ts';

/**
 * The filters a data insights link sets (price comparison against a competitor or the market,
 * a competitor's price movement in a period), each a tag that removes it.
 */
export function InsightFilterTags({
  websiteId,
  state,
  update,
}: {
  websiteId: string | undefined;
  state: ProductListState;
  update: UpdateListState;
}) {
  const { t, i18n } = useTranslation();
  const needsNames = Boolean(state.competitor && (state.comparison || state.movement));
  const competitors = useInsightsCompetitors(needsNames ? websiteId : undefined);
  if (!state.comparison && !state.movement) return null;
  const competitorName = state.competitor
    ? (competitors.find((c) => c.id === state.competitor)?.name ?? t('insights.productFilters.aCompetitor'))
    : null;
  const tolerance = t('insights.productFilters.tolerance', {
    tolerance: formatTolerance(state.tolerance ?? 1, i18n.language),
  });

  const tags: { key: string; text: string; remove: Partial<ProductListState> }[] = [];
  if (state.comparison) {
    const against = competitorName ?? t('insights.productFilters.market');
    tags.push({
      key: 'comparison',
      text: `${t(`insights.productFilters.comparison.${state.comparison}`, { against })} (${tolerance})`,
      remove: { comparison: null, tolerance: null, ...(state.movement ? {} : { competitor: null }) },
    });
  }
  if (state.movement && competitorName) {
    tags.push({
      key: 'movement',
      text: t(`insights.productFilters.movement.${state.movement}`, {
        competitor: competitorName,
        period: t(`insights.periods.${state.period ?? 'LAST_30_DAYS'}`),
      }),
      remove: { movement: null, period: null, ...(state.comparison ? {} : { competitor: null }) },
    });
  }

  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }} data-testid="insight-filter-tags">
      {tags.map((tag) => (
        <Tag
          key={tag.key}
          color="blue"
          closable
          // A real button, so the tag is removed by keyboard too (antd's own close icon is a span).
          closeIcon={
            <button
              type="button"
              aria-label={t('insights.productFilters.remove', { filter: tag.text })}
              style={{
                border: 0,
                background: 'none',
                padding: 0,
                margin: 0,
                cursor: 'pointer',
                color: 'inherit',
                font: 'inherit',
              }}
            >
              <CloseOutlined />
            </button>
          }
          onClose={(event) => {
            event.preventDefault();
            update(tag.remove);
          }}
        >
          {tag.text}
        </Tag>
      ))}
      {state.movement && !state.competitor && (
        <Alert type="warning" showIcon message={t('insights.productFilters.movementNeedsCompetitor')} />
      )}
    </Flex>
  );
}
