import { useCustom } from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Button, Card, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouteLayout } from '../../components/layout/RouteLayout.tsx';
import { AppLink } from '../../components/navigation/AppLink.tsx';
import { useWebsiteSelection } from '../../components/websitePicker/WebsiteSelection.tsx';
import type { ResultOf } from '../../graphql/typed.ts';
import {
  chartRows,
  COMPETITOR_COLUMNS,
  type CompetitorColumn,
  type CompetitorFigures,
  competitorTableCsv,
  competitorValues,
  drawnCompetitors,
  seriesCsv,
} from './competitorTable.ts';
import { insightsFileName } from './csv.ts';
import { EmptyExplained } from './EmptyExplained.tsx';
import { SnapshotBody } from './SnapshotBody.tsx';
import { ExportCsvButton } from './ExportCsvButton.tsx';
import { formatCount, formatFigure, formatInstant } from '../../features/insights/format.ts';
import {
  insightsFilter,
  type PriceComparison,
  type PriceMovement,
  productsLink,
} from '../../features/insights/insightsState.ts';
import { COMPETITOR_SNAPSHOT_QUERY, type CompetitorRow } from './queries.ts';
import { useInsightsCompetitors } from '../../features/insights/useInsightsCompetitors.ts';
import { useInsightsState } from './useInsightsState.ts';
import { Heading } from '../../components/layout/Heading.tsx';

const PriceIndexChart = lazy(() =>
  import('./PriceIndexChart.tsx').then((module) => ({ default: module.PriceIndexChart })),
);

const COMPARISON_COLUMNS: Partial<Record<CompetitorColumn, PriceComparison>> = {
  cheaper: 'CHEAPER',
  same: 'SAME',
  pricier: 'PRICIER',
};
const MOVEMENT_COLUMNS: Partial<Record<CompetitorColumn, PriceMovement>> = {
  up: 'UP',
  down: 'DOWN',
  unchanged: 'UNCHANGED',
};

/**
 * /data-insights/competitor-snapshot: per competitor the overlap, price index, cheaper / same /
 * pricier counts, their in-stock share and last collection, the pricing dynamics of the period
 * (each count opens the products behind it), and the daily price index as a chart with its table.
 */
export default function CompetitorSnapshotPage() {
  const { t, i18n } = useTranslation();
  const { website } = useWebsiteSelection();
  const [state, update] = useInsightsState();
  const competitors = useInsightsCompetitors(website?.id);
  const [asTable, setAsTable] = useState(false);
  const { query } = useCustom<ResultOf<typeof COMPETITOR_SNAPSHOT_QUERY>['competitorSnapshot']>({
    url: '',
    method: 'get',
    meta: {
      gqlQuery: COMPETITOR_SNAPSHOT_QUERY,
      gqlVariables: website ? { filter: insightsFilter(state, website.id) } : undefined,
    },
    queryOptions: { enabled: Boolean(website), placeholderData: keepPreviousData },
    errorNotification: false,
  });
  const snapshot = query.data?.data;
  const header = Object.fromEntries(COMPETITOR_COLUMNS.map((c) => [c.key, t(`insights.columns.${c.key}`)])) as Record<
    CompetitorColumn,
    string
  >;
  const hasRows = Boolean(snapshot && !snapshot.empty && snapshot.rows.length > 0);
  const rowCompetitors = useMemo(() => (snapshot?.rows ?? []).map((row) => row.competitor), [snapshot]);
  const points = useMemo(() => chartRows(snapshot?.series ?? []), [snapshot]);
  const drawn = useMemo(() => drawnCompetitors(rowCompetitors, points), [rowCompetitors, points]);
  const periodLabel = t(`insights.periods.${state.period}`);
  const scope = { brand: state.brand || undefined, category: state.category || undefined };

  const columns: ColumnsType<CompetitorRow> = COMPETITOR_COLUMNS.map((column) => ({
    key: column.key,
    title:
      column.key in MOVEMENT_COLUMNS || column.key === 'averageChangePercent'
        ? `${t(`insights.columns.${column.key}`)} (${periodLabel})`
        : header[column.key],
    align: column.kind === 'text' ? 'left' : 'right',
    render: (_: unknown, row: CompetitorRow) => {
      const values = competitorValues(row as CompetitorFigures);
      const value = values[column.key];
      if (column.key === 'competitor') return row.competitor.name;
      if (column.kind === 'instant') return formatInstant(typeof value === 'string' ? value : null, i18n.language);
      if (typeof value !== 'number') return '—';
      if (column.kind !== 'count') return formatFigure(value, i18n.language);
      const text = formatCount(value, i18n.language);
      const comparison = COMPARISON_COLUMNS[column.key];
      const movement = MOVEMENT_COLUMNS[column.key];
      if (value === 0 || (!comparison && !movement)) return text;
      const to = comparison
        ? productsLink({ ...scope, competitorId: row.competitor.id, comparison, tolerance: state.tolerance })
        : productsLink({ ...scope, competitorId: row.competitor.id, movement, period: state.period });
      const label = comparison
        ? t(`insights.competitor.comparisonLink.${comparison}`, {
            count: value,
            formatted: text,
            competitor: row.competitor.name,
          })
        : t(`insights.competitor.movementLink.${movement}`, {
            count: value,
            formatted: text,
            competitor: row.competitor.name,
            period: periodLabel,
          });
      return (
        <AppLink to={to} aria-label={label}>
          {text}
        </AppLink>
      );
    },
  }));

  return (
    <RouteLayout
      route="competitorSnapshot"
      extra={
        <Flex gap={8} wrap>
          <ExportCsvButton
            label={t('insights.export.table')}
            disabled={!hasRows}
            fileName={() => insightsFileName('competitor-snapshot', website?.name ?? '', new Date())}
            csv={() => competitorTableCsv(snapshot?.rows ?? [], header)}
          />
          <ExportCsvButton
            label={t('insights.export.series')}
            disabled={points.length === 0}
            fileName={() => insightsFileName('price-index', website?.name ?? '', new Date())}
            csv={() => seriesCsv(points, drawn, t('insights.columns.day'))}
          />
        </Flex>
      }
    >
      <SnapshotBody
        websiteId={website?.id}
        filters={{ state, update, competitors }}
        error={query.error}
        loading={query.isLoading}
        snapshot={snapshot}
        hasRows={hasRows}
        emptyFallback="NO_MATCHED_PRODUCTS"
      >
        {(snapshot) => (
          <>
            <section aria-labelledby="competitor-table-title">
              <Heading level={2} looksLike={3} id="competitor-table-title">
                {t('insights.competitor.tableTitle')}
              </Heading>
              <Table<CompetitorRow>
                data-testid="competitor-table"
                rowKey={(row) => row.competitor.id}
                size="small"
                columns={columns}
                dataSource={snapshot.rows}
                pagination={false}
                loading={query.isFetching}
                scroll={{ x: 'max-content' }}
              />
            </section>
            <section aria-labelledby="price-index-title">
              <Flex justify="space-between" align="center" wrap gap={8}>
                <Heading level={2} looksLike={3} id="price-index-title" style={{ margin: 0 }}>
                  {t('insights.chart.title', { period: periodLabel })}
                </Heading>
                {points.length > 0 && (
                  <Button onClick={() => setAsTable((value) => !value)} aria-pressed={asTable}>
                    {asTable ? t('insights.chart.showChart') : t('insights.chart.showTable')}
                  </Button>
                )}
              </Flex>
              <Typography.Paragraph type="secondary">{t('insights.chart.explain')}</Typography.Paragraph>
              {points.length === 0 ? (
                <EmptyExplained reason="NO_DATA_IN_PERIOD" />
              ) : asTable ? (
                <Table
                  size="small"
                  rowKey="day"
                  pagination={{ pageSize: 31, showSizeChanger: false }}
                  dataSource={points}
                  scroll={{ x: 'max-content' }}
                  columns={[
                    { key: 'day', title: t('insights.columns.day'), dataIndex: 'day' },
                    ...drawn.map((c) => ({
                      key: c.id,
                      title: c.name,
                      align: 'right' as const,
                      render: (_: unknown, row: (typeof points)[number]) =>
                        formatFigure(typeof row[c.id] === 'number' ? (row[c.id] as number) : null, i18n.language),
                    })),
                  ]}
                />
              ) : (
                <Suspense fallback={<Card loading />}>
                  <PriceIndexChart rows={points} competitors={drawn} />
                </Suspense>
              )}
              {rowCompetitors.length > drawn.length && points.length > 0 && (
                <Typography.Paragraph type="secondary">
                  {t('insights.chart.notDrawn', {
                    names: rowCompetitors
                      .filter((c) => !drawn.includes(c))
                      .map((c) => c.name)
                      .join(', '),
                  })}
                </Typography.Paragraph>
              )}
            </section>
          </>
        )}
      </SnapshotBody>
    </RouteLayout>
  );
}
