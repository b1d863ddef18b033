import { useCan, useCustom, useDataProvider, useGetIdentity } from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Button, Empty, Table, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Identity } from '../../../components/layout/identity.ts';
import { RouteLayout } from '../../../components/layout/RouteLayout.tsx';
import { AppLink } from '../../../components/navigation/AppLink.tsx';
import { useWebsiteSelection } from '../../../components/websitePicker/WebsiteSelection.tsx';
import { routePath } from '../../../routes/useCarriedPath.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { apiErrorText } from '../../../components/errors/apiErrorText.ts';
import { downloadCsv } from '../../../features/products/downloadCsv.ts';
import { callOperation } from '../../../features/matching/apiCall.ts';
import { DecisionActor, DecisionEvent, StatusChange } from '../shared/DecisionParts.tsx';
import { useMatchingStatistics } from '../../../features/matching/useMatchingStatistics.ts';
import { MATCHING_LOG_EXPORT_QUERY, MATCHING_LOG_QUERY, type MatchingDecision } from '../queries.ts';
import { LogFilters } from './LogFilters.tsx';
import {
  type LogFilterState,
  logExportFileName,
  logFilterVariables,
  readLogFilter,
  writeLogFilter,
} from './logFilter.ts';
import { RevertButton } from './RevertButton.tsx';
import type { ListAnswer } from '../../../graphql/typed.ts';
import { formatDateTime } from '../../../components/format/format.ts';

const PAGE_SIZE = 50;

/**
 * /product-matching/activity-log: every decision of the selected website (who or automatic,
 * when, product, competitor product, status before → after, event and source), filtered in the
 * URL, exported as CSV; a decision can be reverted after a confirmation (Owner, Admin).
 */
export default function MatchingLogPage() {
  const { t, i18n } = useTranslation();
  const { website } = useWebsiteSelection();
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readLogFilter(params), [params]);
  const update = useCallback(
    (change: Partial<LogFilterState>) => setParams((current) => writeLogFilter(current, change)),
    [setParams],
  );
  const { data: identity } = useGetIdentity<Identity>();
  const myId = identity?.appUser?.id ?? identity?.id ?? null;
  const filter = logFilterVariables(state, myId);
  const { data: revertAccess } = useCan({ resource: 'productMatchingQueue:log', action: 'update' });
  const { report } = useMatchingStatistics(website?.id);
  const getProvider = useDataProvider();

  const lastWebsite = useRef(website?.id);
  useEffect(() => {
    if (!website) return;
    if (lastWebsite.current && lastWebsite.current !== website.id)
      setParams((current) => writeLogFilter(current, { competitor: '', product: '', page: 1 }), { replace: true });
    lastWebsite.current = website.id;
  }, [website, setParams]);

  const { query } = useCustom<ListAnswer<typeof MATCHING_LOG_QUERY>>({
    url: '',
    method: 'get',
    meta: {
      gqlQuery: MATCHING_LOG_QUERY,
      gqlVariables: {
        organizationWebsiteId: website?.id,
        filter,
        limit: PAGE_SIZE,
        offset: (state.page - 1) * PAGE_SIZE,
      },
    },
    queryOptions: { enabled: Boolean(website), placeholderData: keepPreviousData },
    errorNotification: false,
  });
  const answer = query.data?.data && 'data' in query.data.data ? query.data.data : undefined;

  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const exportCsv = async () => {
    if (!website) return;
    setExporting(true);
    setExportError(null);
    try {
      const result = await callOperation<{ csv: string; rows: number; truncated: boolean }>(
        getProvider(),
        MATCHING_LOG_EXPORT_QUERY,
        {
          organizationWebsiteId: website.id,
          filter,
        },
      );
      downloadCsv(logExportFileName(new Date()), result.csv);
      if (result.truncated) setExportError(t('matching.log.exportTruncated', { count: result.rows }));
    } catch (error) {
      setExportError(apiErrorText(error as Error, t));
    } finally {
      setExporting(false);
    }
  };

  const pagination = answer?.meta.pagination;
  return (
    <RouteLayout
      route="productMatchingLog"
      extra={
        <Button onClick={() => void exportCsv()} loading={exporting} disabled={!website}>
          {t('matching.log.export')}
        </Button>
      }
    >
      <ApiErrorAlert error={query.error} />
      {exportError && <ApiErrorAlert error={{ message: exportError }} />}
      {!website ? (
        <Empty description={t('matching.noWebsite')} />
      ) : (
        <>
          <LogFilters
            state={state}
            update={update}
            competitors={report?.competitors.map((entry) => entry.competitor) ?? []}
          />
          {state.product && (
            <Typography.Paragraph>
              {t('matching.log.productOnly')}{' '}
              <Button size="small" type="link" onClick={() => update({ product: '' })}>
                {t('matching.log.allProducts')}
              </Button>
            </Typography.Paragraph>
          )}
          <Table<MatchingDecision>
            dataSource={answer?.data ?? []}
            rowKey="id"
            loading={query.isFetching}
            size="middle"
            scroll={{ x: true }}
            pagination={{
              current: state.page,
              pageSize: PAGE_SIZE,
              total: pagination?.total ?? 0,
              showSizeChanger: false,
              onChange: (page) => update({ page }),
              showTotal: (total) =>
                t(pagination?.totalIsEstimate ? 'matching.log.totalEstimate' : 'matching.log.total', {
                  count: total,
                  formatted: total.toLocaleString(i18n.language),
                }),
            }}
          >
            <Table.Column<MatchingDecision>
              key="decidedAt"
              title={t('matching.log.columns.when')}
              render={(_, decision) => (
                <span style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(decision.decidedAt, i18n.language, { seconds: true })}
                </span>
              )}
            />
            <Table.Column<MatchingDecision>
              key="actor"
              title={t('matching.log.columns.who')}
              render={(_, decision) => <DecisionActor actor={decision.actor} />}
            />
            <Table.Column<MatchingDecision>
              key="product"
              title={t('matching.fields.product')}
              render={(_, decision) => (
                <AppLink to={routePath('productMatchingDetail', { productId: decision.product.id })}>
                  {decision.product.name}
                </AppLink>
              )}
            />
            <Table.Column<MatchingDecision>
              key="competitorProduct"
              title={t('matching.log.columns.competitorProduct')}
              render={(_, decision) => (
                <>
                  <Typography.Text type="secondary">{decision.competitor.name}: </Typography.Text>
                  {decision.competitorProduct.name}
                </>
              )}
            />
            <Table.Column<MatchingDecision>
              key="status"
              title={t('matching.log.columns.status')}
              render={(_, decision) => <StatusChange decision={decision} />}
            />
            <Table.Column<MatchingDecision>
              key="event"
              title={t('matching.log.columns.event')}
              render={(_, decision) => <DecisionEvent decision={decision} />}
            />
            {revertAccess?.can && (
              <Table.Column<MatchingDecision>
                key="actions"
                title={t('matching.log.columns.actions')}
                render={(_, decision) =>
                  decision.revertable ? (
                    <RevertButton decision={decision} onReverted={() => void query.refetch()} />
                  ) : null
                }
              />
            )}
          </Table>
        </>
      )}
    </RouteLayout>
  );
}
