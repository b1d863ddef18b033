import { useCustom } from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Empty, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { RouteLayout } from '../../components/layout/RouteLayout.tsx';
import { AppLink } from '../../components/navigation/AppLink.tsx';
import { useWebsiteSelection } from '../../components/websitePicker/WebsiteSelection.tsx';
import type { ResultOf } from '../../graphql/typed.ts';
import {
  BRAND_COLUMNS,
  type BrandColumn,
  type BrandFigures,
  brandTableCsv,
  brandValues,
  heatMapCsv,
} from './brandTable.ts';
import { insightsFileName } from './csv.ts';
import { SnapshotBody } from './SnapshotBody.tsx';
import { ExportCsvButton } from './ExportCsvButton.tsx';
import { formatCount, formatFigure, formatTolerance } from '../../features/insights/format.ts';
import { HeatMap } from './HeatMap.tsx';
import { insightsFilter, productsLink } from '../../features/insights/insightsState.ts';
import { BRAND_SNAPSHOT_QUERY, type BrandRow } from './queries.ts';
import { useInsightsCompetitors } from '../../features/insights/useInsightsCompetitors.ts';
import { useInsightsState } from './useInsightsState.ts';
import { Heading } from '../../components/layout/Heading.tsx';

type Line = BrandRow & { key: string; isTotal: boolean };

/**
 * /data-insights/brand-snapshot: for the chosen website, where each brand's prices stand against
 * the market and each competitor — a table per brand and a brand × competitor heat map whose
 * cells open the matching products. Filters in the address; CSV of exactly what is shown.
 */
export default function BrandSnapshotPage() {
  const { t, i18n } = useTranslation();
  const { website } = useWebsiteSelection();
  const [state, update] = useInsightsState();
  const competitors = useInsightsCompetitors(website?.id);
  const { query } = useCustom<ResultOf<typeof BRAND_SNAPSHOT_QUERY>['brandSnapshot']>({
    url: '',
    method: 'get',
    meta: {
      gqlQuery: BRAND_SNAPSHOT_QUERY,
      gqlVariables: website ? { filter: insightsFilter(state, website.id) } : undefined,
    },
    queryOptions: { enabled: Boolean(website), placeholderData: keepPreviousData },
    errorNotification: false,
  });
  const snapshot = query.data?.data;
  const header = Object.fromEntries(BRAND_COLUMNS.map((c) => [c.key, t(`insights.columns.${c.key}`)])) as Record<
    BrandColumn,
    string
  >;
  const hasRows = Boolean(snapshot && !snapshot.empty && snapshot.rows.length > 0);
  const shownCompetitors = snapshot?.competitors ?? [];

  const lines: Line[] =
    snapshot && hasRows
      ? [
          ...snapshot.rows.map((row) => ({ ...row, key: row.brand, isTotal: false })),
          { ...snapshot.total, key: '\u0000total', isTotal: true },
        ]
      : [];
  const columns: ColumnsType<Line> = BRAND_COLUMNS.map((column) => ({
    key: column.key,
    title: header[column.key],
    align: column.kind === 'text' ? 'left' : 'right',
    render: (_: unknown, line: Line) => {
      if (column.key === 'brand') {
        if (line.isTotal) return <Typography.Text strong>{t('insights.allBrands')}</Typography.Text>;
        return (
          <Flex vertical gap={2}>
            <AppLink to={productsLink({ brand: line.brand, category: state.category || undefined })}>
              {line.brand}
            </AppLink>
            {line.products === 1 && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('insights.brand.oneProduct')}
              </Typography.Text>
            )}
          </Flex>
        );
      }
      const value = brandValues(line as BrandFigures)[column.key];
      if (typeof value !== 'number') return '—';
      return column.kind === 'count' ? formatCount(value, i18n.language) : formatFigure(value, i18n.language);
    },
  }));

  return (
    <RouteLayout
      route="brandSnapshot"
      extra={
        <Flex gap={8} wrap>
          <ExportCsvButton
            label={t('insights.export.table')}
            disabled={!hasRows}
            fileName={() => insightsFileName('brand-snapshot', website?.name ?? '', new Date())}
            csv={() => brandTableCsv(snapshot?.rows ?? [], snapshot?.total ?? null, header, t('insights.allBrands'))}
          />
          <ExportCsvButton
            label={t('insights.export.heatMap')}
            disabled={!hasRows || shownCompetitors.length === 0}
            fileName={() =>
              insightsFileName(`brand-heat-map-${state.view.toLowerCase()}`, website?.name ?? '', new Date())
            }
            csv={() => heatMapCsv(snapshot?.rows ?? [], shownCompetitors, state.view, header.brand)}
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
        emptyFallback="NO_PRODUCTS"
      >
        {(snapshot) => (
          <>
            <section aria-labelledby="brand-table-title">
              <Heading level={2} looksLike={3} id="brand-table-title">
                {t('insights.brand.tableTitle')}
              </Heading>
              <Table<Line>
                data-testid="brand-table"
                rowKey="key"
                size="small"
                columns={columns}
                dataSource={lines}
                pagination={false}
                loading={query.isFetching}
                scroll={{ x: 'max-content' }}
                rowClassName={(line) => (line.isTotal ? 'insights-total' : '')}
              />
            </section>
            <section aria-labelledby="heat-map-title">
              <Heading level={2} looksLike={3} id="heat-map-title">
                {t('insights.heatMap.title')}
              </Heading>
              {shownCompetitors.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('insights.heatMap.noCompetitors')} />
              ) : (
                <HeatMap
                  rows={snapshot.rows}
                  total={snapshot.total}
                  competitors={shownCompetitors}
                  view={state.view}
                  onView={(view) => update({ view })}
                  tolerance={state.tolerance}
                  category={state.category}
                  brand={state.brand}
                />
              )}
            </section>
            <Tag style={{ alignSelf: 'flex-start' }}>
              {t('insights.brand.tolerance', { tolerance: formatTolerance(state.tolerance, i18n.language) })}
            </Tag>
          </>
        )}
      </SnapshotBody>
    </RouteLayout>
  );
}
