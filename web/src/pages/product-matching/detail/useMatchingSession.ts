import { useDataProvider } from '@refinedev/core';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { MatchingQueueFilter } from '../queries.ts';
import { matchingApi } from './matchingApi.ts';
import { MatchingSession, type SessionSnapshot } from './MatchingSession.ts';

const IDLE: SessionSnapshot = {
  current: null,
  status: 'loading',
  error: null,
  selected: -1,
  notice: null,
  pending: 0,
  canUndo: false,
  next: null,
  heldBy: null,
};
const noSubscription = () => () => undefined;

/**
 * The reviewer's session for the website and queue filter (a new one when either changes; the
 * old one releases its leases), following the product in the address.
 */
export function useMatchingSession(options: {
  websiteId: string | undefined;
  filter: MatchingQueueFilter | null;
  productId: string;
  canConfirm: boolean;
  navigate: (productId: string) => void;
}): [MatchingSession | null, SessionSnapshot] {
  const getProvider = useDataProvider();
  const [session, setSession] = useState<MatchingSession | null>(null);
  const latest = useRef(options);
  latest.current = options;
  const filterKey = JSON.stringify(options.filter);

  useEffect(() => {
    if (!options.websiteId) return undefined;
    const created = new MatchingSession({
      api: matchingApi(getProvider()),
      websiteId: options.websiteId,
      filter: JSON.parse(filterKey) as MatchingQueueFilter | null,
      canConfirm: () => latest.current.canConfirm,
      navigate: (productId) => latest.current.navigate(productId),
    });
    setSession(created);
    return () => created.dispose();
  }, [options.websiteId, filterKey, getProvider]);

  const snapshot = useSyncExternalStore(session?.subscribe ?? noSubscription, session?.getSnapshot ?? (() => IDLE));

  // Only a new address (or a new session) opens a product; the session's own moves update the address itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the product on screen is read, not a trigger (see above).
  useEffect(() => {
    if (session && options.productId && snapshot.current?.product.id !== options.productId)
      void session.open(options.productId);
  }, [session, options.productId]);

  return [session, snapshot];
}
