import { useCustom } from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { VISUALLY_HIDDEN } from '../../../a11y/visuallyHidden.ts';
import { RouteLayout } from '../../../components/layout/RouteLayout.tsx';
import { useWebsiteSelection } from '../../../components/websitePicker/WebsiteSelection.tsx';
import { useCarriedPath } from '../../../routes/useCarriedPath.ts';
import { routePath } from '../../../routes/useCarriedPath.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { MATCHING_QUEUE_QUERY, type MatchingQueueAnswer, type MatchingQueueItem } from '../queries.ts';
import { Kbd } from '../../../features/matching/Kbd.tsx';
import { QueueFilters } from '../../../features/matching/QueueFilters.tsx';
import { queueFilterSearch, queueFilterVariables } from '../../../features/matching/queueFilter.ts';
import { stepIndex } from '../../../features/matching/shortcuts.ts';
import { StatisticsBar } from '../../../features/matching/StatisticsBar.tsx';
import { useProductFacets } from '../../../features/products/useProductFacets.ts';
import { useKeyboardShortcuts } from '../../../features/matching/useKeyboardShortcuts.ts';
import { useMatchingStatistics } from '../../../features/matching/useMatchingStatistics.ts';
import { MatchingRunsPanel } from '../runs/MatchingRunsPanel.tsx';
import { MatchingModelPanel } from '../model/MatchingModelPanel.tsx';
import { useQueueFilter } from '../../../features/matching/useQueueFilter.ts';
import { QueueTable } from './QueueTable.tsx';
import { LinkButton } from '../../../components/navigation/LinkButton.tsx';
import { formatCount } from '../../../components/format/format.ts';
import { useClampPage } from '../../../components/list/useClampPage.ts';

const PAGE_SIZE = 50;
const OPEN_KEYS = ['Enter', ' '] as const;
const DOWN_KEYS = ['j', 'ArrowDown'] as const;
const UP_KEYS = ['k', 'ArrowUp'] as const;

/**
 * /product-matching: the selected website's products with candidates waiting to match, highest
 * priority first, filtered by competitor, brand and category (in the URL), with the pair counts
 * per status. Enter or Space (or a click) starts work on the selected product: by default the
 * first one no other reviewer is working on.
 */
export default function ProductMatchingQueuePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const carried = useCarriedPath();
  const { website } = useWebsiteSelection();
  const [state, update] = useQueueFilter(website?.id);
  const filter = queueFilterVariables(state);
  const { query } = useCustom<MatchingQueueAnswer>({
    url: '',
    method: 'get',
    meta: {
      gqlQuery: MATCHING_QUEUE_QUERY,
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
  const rows = useMemo(() => answer?.data ?? [], [answer]);
  const { report, query: statisticsQuery } = useMatchingStatistics(website?.id);
  const { brands, categories } = useProductFacets(website?.id);

  const [selected, setSelected] = useState(0);
  // The selection starts on the first product nobody else is working on.
  useEffect(
    () =>
      setSelected(
        Math.max(
          0,
          rows.findIndex((row) => !row.lease || row.lease.mine),
        ),
      ),
    [rows],
  );

  const open = (item: MatchingQueueItem | undefined) => {
    if (!item) return;
    navigate(carried(routePath('productMatchingDetail', { productId: item.product.id }) + queueFilterSearch(state)));
  };

  useKeyboardShortcuts([
    { keys: OPEN_KEYS, run: () => open(rows[selected] ?? rows[0]), disabled: rows.length === 0 },
    { keys: DOWN_KEYS, run: () => setSelected((index) => stepIndex(index, 1, rows.length)) },
    { keys: UP_KEYS, run: () => setSelected((index) => stepIndex(index, -1, rows.length)) },
  ]);

  const pagination = answer?.meta.pagination;
  // A page past the end (its last products decided, or such an address): the last page.
  useClampPage({ page: state.page, pageSize: PAGE_SIZE, pagination, fetching: query.isFetching }, (page) =>
    update({ page }, { replace: true }),
  );
  const waitingToConfirm = report?.overall.waitingToConfirm;
  const selectedRow = rows[selected];
  return (
    <RouteLayout
      route="productMatching"
      extra={
        <Flex gap={8} wrap>
          <LinkButton to={routePath('matchConfirmation')}>
            {waitingToConfirm === undefined
              ? t('matching.links.confirmation')
              : t('matching.links.confirmationCount', { count: waitingToConfirm })}
          </LinkButton>
          <LinkButton to={routePath('productMatchingLog')}>{t('matching.links.log')}</LinkButton>
        </Flex>
      }
    >
      <ApiErrorAlert error={query.error} />
      {!website ? (
        <Empty description={t('matching.noWebsite')} />
      ) : (
        <Flex vertical gap={16}>
          <Card size="small" title={t('matching.queue.countsTitle')}>
            <StatisticsBar statistics={answer?.meta.counts} label={t('matching.queue.countsTitle')} />
          </Card>
          <MatchingRunsPanel
            websiteId={website.id}
            competitors={report?.competitors.map((entry) => entry.competitor) ?? []}
            onFinished={() => {
              void query.refetch();
              void statisticsQuery.refetch();
            }}
          />
          <QueueFilters
            state={state}
            update={update}
            competitors={report?.competitors.map((entry) => entry.competitor) ?? []}
            brands={brands}
            categories={categories}
          />
          <Flex align="center" gap={16} wrap>
            <Button
              type="primary"
              size="large"
              disabled={rows.length === 0}
              onClick={() => open(rows[selected] ?? rows[0])}
              aria-keyshortcuts="Enter Space"
            >
              {t('matching.queue.start')} <Kbd keys={OPEN_KEYS} />
            </Button>
            <Typography.Text type="secondary">
              {pagination
                ? t(pagination.totalIsEstimate ? 'matching.queue.totalEstimate' : 'matching.queue.total', {
                    count: pagination.total,
                    formatted: formatCount(pagination.total, i18n.language),
                  })
                : null}
            </Typography.Text>
            <Typography.Text type="secondary">
              <Kbd keys={DOWN_KEYS} spoken /> <Kbd keys={UP_KEYS} spoken /> {t('matching.queue.moveHint')}
            </Typography.Text>
            {/* J / K move the selected row while the keyboard stays put: the row is read out. */}
            <div role="status" style={VISUALLY_HIDDEN}>
              {selectedRow
                ? t('matching.queue.selectedProduct', {
                    position: selected + 1,
                    count: rows.length,
                    name: selectedRow.product.name,
                  })
                : ''}
            </div>
          </Flex>
          <QueueTable
            rows={rows}
            total={pagination?.total ?? 0}
            loading={query.isFetching}
            page={state.page}
            pageSize={PAGE_SIZE}
            selected={selected}
            onSelect={setSelected}
            onOpen={open}
            onPage={(page) => update({ page })}
          />
          <MatchingModelPanel
            organizationId={website.organization.id}
            onChanged={() => void statisticsQuery.refetch()}
          />
        </Flex>
      )}
    </RouteLayout>
  );
}
