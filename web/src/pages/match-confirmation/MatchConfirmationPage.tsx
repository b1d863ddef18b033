import { useCan, useCustom, useDataProvider, useNotification } from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Button, Empty, Flex, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VISUALLY_HIDDEN } from '../../a11y/visuallyHidden.ts';
import { RouteLayout } from '../../components/layout/RouteLayout.tsx';
import { useWebsiteSelection } from '../../components/websitePicker/WebsiteSelection.tsx';
import { ApiErrorAlert } from '../../components/errors/ApiErrorAlert.tsx';
import { apiErrorText } from '../../components/errors/apiErrorText.ts';
import { callOperation, newIdempotencyKey, withRetries } from '../../features/matching/apiCall.ts';
import { Kbd } from '../../features/matching/Kbd.tsx';
import { QueueFilters } from '../../features/matching/QueueFilters.tsx';
import { queueFilterVariables } from '../../features/matching/queueFilter.ts';
import { stepIndex } from '../../features/matching/shortcuts.ts';
import { useProductFacets } from '../../features/products/useProductFacets.ts';
import { useKeyboardShortcuts } from '../../features/matching/useKeyboardShortcuts.ts';
import { useMatchingStatistics } from '../../features/matching/useMatchingStatistics.ts';
import { useQueueFilter } from '../../features/matching/useQueueFilter.ts';
import { ConfirmationTable } from './ConfirmationTable.tsx';
import {
  type ConfirmAction,
  type ConfirmationItem,
  type ConfirmResult,
  MATCHING_CONFIRM_MUTATION,
  MATCHING_CONFIRMATION_QUEUE_QUERY,
} from './queries.ts';
import type { ListAnswer } from '../../graphql/typed.ts';
import { useClampPage } from '../../components/list/useClampPage.ts';

const PAGE_SIZE = 100;
const KEYS = {
  down: ['j', 'ArrowDown'],
  up: ['k', 'ArrowUp'],
  toggle: ['x'],
  all: ['a'],
  confirm: ['c'],
  reject: ['r'],
} as const;

/**
 * /match-confirmation: pairs waiting for confirmation, 100 per page, attribute by attribute side
 * by side, filtered by competitor, brand and category (in the URL); confirm or reject a row or a
 * selection (Owner, Admin), with keys: move, select, confirm, reject.
 */
export default function MatchConfirmationPage() {
  const { t, i18n } = useTranslation();
  const { website } = useWebsiteSelection();
  const [state, update] = useQueueFilter(website?.id);
  const filter = queueFilterVariables(state);
  const { data: confirmAccess } = useCan({ resource: 'matchingConfirmation', action: 'update' });
  const canConfirm = confirmAccess?.can === true;
  const { report } = useMatchingStatistics(website?.id);
  const getProvider = useDataProvider();
  const { open: notify } = useNotification();

  const { query } = useCustom<ListAnswer<typeof MATCHING_CONFIRMATION_QUEUE_QUERY>>({
    url: '',
    method: 'get',
    meta: {
      gqlQuery: MATCHING_CONFIRMATION_QUEUE_QUERY,
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
  const { brands, categories } = useProductFacets(website?.id);

  const [focused, setFocused] = useState(0);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    setFocused((index) => Math.min(Math.max(0, index), Math.max(0, rows.length - 1)));
    setSelectedIds((ids) =>
      ids.every((id) => rows.some((row) => row.pair.id === id))
        ? ids
        : ids.filter((id) => rows.some((row) => row.pair.id === id)),
    );
  }, [rows]);

  const act = async (action: ConfirmAction, items: ConfirmationItem[]) => {
    if (!canConfirm || items.length === 0) return;
    const ids = new Set(items.map((item) => item.pair.id));
    setBusyIds(ids);
    const idempotencyKey = newIdempotencyKey();
    const input = {
      action,
      idempotencyKey,
      items: items.map((item) => ({ matchId: item.pair.id, expectedVersion: item.pair.version })),
    };
    try {
      const result = await withRetries(() =>
        callOperation<ConfirmResult>(getProvider(), MATCHING_CONFIRM_MUTATION, { input }),
      );
      const done = result.decisions.filter((decision) => ids.has(decision.matchId)).length;
      notify?.({
        type: result.failed.length ? 'error' : 'success',
        message: t(`matching.confirmation.${action === 'CONFIRM' ? 'confirmed' : 'rejected'}`, { count: done }),
        description: result.failed.length
          ? t('matching.confirmation.someFailed', {
              count: result.failed.length,
              reasons: [...new Set(result.failed.map((failure) => failure.message))].join(' '),
            })
          : undefined,
      });
      setSelectedIds((selected) => selected.filter((id) => !ids.has(id)));
    } catch (error) {
      notify?.({
        type: 'error',
        message: t('matching.confirmation.failed'),
        description: apiErrorText(error as Error, t),
      });
    } finally {
      setBusyIds(new Set());
      void query.refetch();
    }
  };

  const chosen = () => {
    const selected = rows.filter((row) => selectedIds.includes(row.pair.id));
    return selected.length ? selected : rows[focused] ? [rows[focused]!] : [];
  };
  const toggle = (id: string | undefined) =>
    id && setSelectedIds((ids) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]));

  const focusedRow = rows[focused];
  useKeyboardShortcuts([
    { keys: KEYS.down, run: () => setFocused((index) => stepIndex(index, 1, rows.length)) },
    { keys: KEYS.up, run: () => setFocused((index) => stepIndex(index, -1, rows.length)) },
    { keys: KEYS.toggle, run: () => toggle(rows[focused]?.pair.id), disabled: !canConfirm },
    {
      keys: KEYS.all,
      run: () => setSelectedIds((ids) => (ids.length === rows.length ? [] : rows.map((row) => row.pair.id))),
      disabled: !canConfirm,
    },
    { keys: KEYS.confirm, run: () => void act('CONFIRM', chosen()), disabled: !canConfirm || busyIds.size > 0 },
    { keys: KEYS.reject, run: () => void act('REJECT', chosen()), disabled: !canConfirm || busyIds.size > 0 },
  ]);

  const pagination = answer?.meta.pagination;
  // A page past the end (its last pairs confirmed, or such an address): the last page.
  useClampPage({ page: state.page, pageSize: PAGE_SIZE, pagination, fetching: query.isFetching }, (page) =>
    update({ page }, { replace: true }),
  );
  const waiting = pagination?.total ?? report?.overall.waitingToConfirm;
  const selectionCount = selectedIds.length;
  return (
    <RouteLayout route="matchConfirmation">
      <ApiErrorAlert error={query.error} />
      {!website ? (
        <Empty description={t('matching.noWebsite')} />
      ) : (
        <Flex vertical gap={12}>
          {waiting !== undefined && (
            <Typography.Text strong role="status">
              {t('matching.confirmation.waiting', { count: waiting, formatted: waiting.toLocaleString(i18n.language) })}
            </Typography.Text>
          )}
          <QueueFilters
            state={state}
            update={update}
            competitors={report?.competitors.map((entry) => entry.competitor) ?? []}
            brands={brands}
            categories={categories}
          />
          {canConfirm && (
            <Flex gap={8} wrap align="center">
              <Button
                type="primary"
                disabled={rows.length === 0 || busyIds.size > 0}
                onClick={() => void act('CONFIRM', chosen())}
                aria-keyshortcuts="C"
              >
                {selectionCount
                  ? t('matching.confirmation.confirmSelected', { count: selectionCount })
                  : t('matching.confirmation.confirmFocused')}{' '}
                <Kbd keys={KEYS.confirm} />
              </Button>
              <Button
                danger
                disabled={rows.length === 0 || busyIds.size > 0}
                onClick={() => void act('REJECT', chosen())}
                aria-keyshortcuts="R"
              >
                {selectionCount
                  ? t('matching.confirmation.rejectSelected', { count: selectionCount })
                  : t('matching.confirmation.rejectFocused')}{' '}
                <Kbd keys={KEYS.reject} />
              </Button>
              <Typography.Text type="secondary">
                <Kbd keys={KEYS.down} spoken /> <Kbd keys={KEYS.up} spoken /> {t('matching.confirmation.moveHint')} ·{' '}
                <Kbd keys={KEYS.toggle} spoken /> {t('matching.confirmation.toggleHint')} ·{' '}
                <Kbd keys={KEYS.all} spoken /> {t('matching.confirmation.allHint')}
              </Typography.Text>
            </Flex>
          )}
          <Typography.Text type="secondary">{t('matching.confirmation.layoutHint')}</Typography.Text>
          {/* J / K move the focused row while the keyboard stays put: the pair is read out. */}
          <div role="status" style={VISUALLY_HIDDEN}>
            {focusedRow
              ? t('matching.confirmation.focusedPair', {
                  position: focused + 1,
                  count: rows.length,
                  ours: focusedRow.product.name,
                  theirs: focusedRow.pair.competitorProduct.name,
                  competitor: focusedRow.competitor.name,
                })
              : ''}
          </div>
          <ConfirmationTable
            rows={rows}
            total={pagination?.total ?? 0}
            loading={query.isFetching}
            page={state.page}
            pageSize={PAGE_SIZE}
            onPage={(page) => update({ page })}
            focused={focused}
            onFocus={setFocused}
            selectedIds={selectedIds}
            onSelectedIds={setSelectedIds}
            onAction={canConfirm ? (action, items) => void act(action, items) : null}
            busyIds={busyIds}
          />
        </Flex>
      )}
    </RouteLayout>
  );
}
