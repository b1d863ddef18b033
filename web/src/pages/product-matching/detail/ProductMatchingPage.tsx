import { useCan } from '@refinedev/core';
import { Alert, Button, Flex, Result, Skeleton } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { VISUALLY_HIDDEN } from '../../../a11y/visuallyHidden.ts';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { useWebsiteSelection } from '../../../components/websitePicker/WebsiteSelection.tsx';
import { ROUTES } from '../../../routes/routeTable.ts';
import { routePath, useCarriedPath } from '../../../routes/useCarriedPath.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { queueFilterSearch, queueFilterVariables, readQueueFilter } from '../../../features/matching/queueFilter.ts';
import { useKeyboardShortcuts } from '../../../features/matching/useKeyboardShortcuts.ts';
import { DecisionBar } from './DecisionBar.tsx';
import { DETAIL_KEYS } from './keys.ts';
import { ManualSearchModal } from './ManualSearchModal.tsx';
import { ProductWorkspace } from './ProductWorkspace.tsx';
import { SessionNotice } from './SessionNotice.tsx';
import { allowedDecisions, pairEntries } from './session.ts';
import { useMatchingSession } from './useMatchingSession.ts';
import { useWorkspaceSlots } from './useWorkspaceSlots.ts';
import { useLeaveWarning } from '../../../components/navigation/useLeaveWarning.ts';
import { LinkButton } from '../../../components/navigation/LinkButton.tsx';

/**
 * /product-matching/[productId]: the product and its candidates per competitor side by side,
 * worked with the keyboard (each key shown beside its button). The next products of the same
 * filtered queue are claimed ahead, so the next one shows the moment this one is done.
 */
export default function ProductMatchingPage() {
  const { t } = useTranslation();
  const { productId = '' } = useParams();
  const [params] = useSearchParams();
  const navigateTo = useNavigate();
  const carried = useCarriedPath();
  const { website } = useWebsiteSelection();
  const filterState = readQueueFilter(params);
  const filterSearch = queueFilterSearch(filterState);
  const { competitor, brand, category } = filterState;
  const filter = useMemo(() => queueFilterVariables({ competitor, brand, category }), [competitor, brand, category]);
  const { data: confirmAccess } = useCan({ resource: 'matchingConfirmation', action: 'update' });
  const { data: decideAccess } = useCan({ resource: 'productMatchingQueue:detail', action: 'update' });
  const canDecide = decideAccess?.can === true;
  const queuePath = carried(routePath('productMatching') + filterSearch);

  // The address follows the product on screen after the new product is painted: a route change
  // re-renders the whole shell, and the next product must not wait for it.
  const navigate = useCallback(
    (id: string) =>
      requestAnimationFrame(() =>
        setTimeout(
          () =>
            navigateTo(carried(routePath('productMatchingDetail', { productId: id }) + filterSearch), {
              replace: true,
            }),
          0,
        ),
      ),
    [navigateTo, carried, filterSearch],
  );
  const [session, snapshot] = useMatchingSession({
    websiteId: website?.id,
    filter,
    productId,
    canConfirm: confirmAccess?.can === true,
    navigate,
  });
  const [searching, setSearching] = useState(false);
  // Decisions not answered yet are lost with the page on a reload (a move inside the console lets
  // them finish, but a refusal would then go unseen): ask first.
  useLeaveWarning(() => (session?.getSnapshot().pending ?? 0) > 0, t('matching.detail.leaveWarning'));
  const selectPair = useCallback((index: number) => session?.select(index), [session]);

  // Another website chosen in the header: its queue, not this product.
  const firstWebsite = useRef(website?.id);
  useEffect(() => {
    if (!website) return;
    if (firstWebsite.current === undefined) firstWebsite.current = website.id;
    else if (firstWebsite.current !== website.id) navigateTo(carried(routePath('productMatching')));
  }, [website, navigateTo, carried]);

  const { current, selected } = snapshot;
  const entries = pairEntries(current);
  const entry = entries[selected];
  const allowed = entry ? allowedDecisions(entry.pair, confirmAccess?.can === true) : new Set<never>();
  const ready = canDecide && snapshot.status === 'ready';
  // Buttons are off while another reviewer holds the product; its keys still answer, with why nothing happens.
  const deciding = ready && !snapshot.heldBy;
  // A reader (Viewer) claims nothing: the next product is chosen in the queue.
  const next = useCallback(
    () => (canDecide ? session?.next() : navigateTo(queuePath)),
    [canDecide, session, navigateTo, queuePath],
  );

  useKeyboardShortcuts(
    session
      ? [
          { keys: DETAIL_KEYS.down, run: () => session.move(1) },
          { keys: DETAIL_KEYS.up, run: () => session.move(-1) },
          { keys: DETAIL_KEYS.match, run: () => session.decide('MATCH'), disabled: !ready },
          { keys: DETAIL_KEYS.neverMatch, run: () => session.decide('NEVER_MATCH'), disabled: !ready },
          { keys: DETAIL_KEYS.skip, run: () => session.decide('SKIP'), disabled: !ready },
          { keys: DETAIL_KEYS.undo, run: () => void session.undo(), disabled: !snapshot.canUndo },
          { keys: DETAIL_KEYS.next, run: next },
          { keys: DETAIL_KEYS.search, run: () => setSearching(true), disabled: !deciding },
        ]
      : [],
    !searching,
  );

  const slots = useWorkspaceSlots(current, snapshot.next, selected);

  const title = current?.product.name ?? t('routes.productMatchingDetail.title', { productId });
  return (
    <PageLayout
      resource={ROUTES.productMatchingDetail.resource}
      title={title}
      breadcrumb={[
        { title: t('routes.productMatching.title'), path: routePath('productMatching') + filterSearch },
        { title },
      ]}
      extra={
        <LinkButton to={routePath('productMatching') + filterSearch}>{t('matching.detail.backToQueue')}</LinkButton>
      }
    >
      <SessionNotice notice={snapshot.notice} heldBy={snapshot.heldBy} onClose={() => session?.dismissNotice()} />
      {!canDecide && decideAccess && (
        <Alert type="info" showIcon message={t('matching.detail.readOnly')} style={{ marginBottom: 16 }} />
      )}
      {snapshot.status === 'error' && <ApiErrorAlert error={snapshot.error as Error} />}
      {snapshot.status === 'loading' && <Skeleton active />}
      {snapshot.status === 'empty' && (
        <Result
          status="success"
          title={t('matching.detail.queueDone')}
          extra={
            <Button type="primary" onClick={() => navigateTo(queuePath)}>
              {t('matching.detail.backToQueue')}
            </Button>
          }
        />
      )}
      {snapshot.status === 'ready' && current && session && (
        <Flex vertical gap={16}>
          {/* The candidates are chosen with J / K while the keyboard stays put: the choice is read out. */}
          <div role="status" style={VISUALLY_HIDDEN}>
            {entry
              ? t('matching.detail.selectedPair', {
                  position: selected + 1,
                  count: entries.length,
                  name: entry.pair.competitorProduct.name,
                  competitor: entry.competitor.name,
                })
              : ''}
          </div>
          <DecisionBar
            allowed={allowed}
            canDecide={deciding}
            canUndo={snapshot.canUndo}
            canSkipProduct={current.waitingToMatch > 0}
            nextName={snapshot.next?.product.name ?? null}
            pending={snapshot.pending}
            onDecide={(decision) => session.decide(decision)}
            onUndo={() => void session.undo()}
            onNext={next}
            onSkipProduct={() => session.skipProduct()}
            onSearch={() => setSearching(true)}
          />
          <ManualSearchModal
            open={searching}
            data={current}
            competitorId={entry?.competitor.id}
            onPick={(competitorProductId, decision) => session.pick(competitorProductId, decision)}
            onClose={() => setSearching(false)}
          />
        </Flex>
      )}
      {/* The product on screen, the next one already rendered out of sight (so it shows the moment
          it is its turn) and, for a moment, the previous one (taken down after the switch). */}
      {slots.map((slot) => (
        <section
          key={slot.data.product.id}
          aria-label={slot.data.product.name}
          hidden={slot.data !== current || snapshot.status !== 'ready'}
          style={{ marginTop: 16 }}
        >
          <ProductWorkspace data={slot.data} selected={slot.selected} onSelect={selectPair} />
        </section>
      ))}
    </PageLayout>
  );
}
