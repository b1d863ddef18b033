/**
 * A reviewer's session on the product page, kept out of React so it can be tested without a
 * browser: the product on screen, the next products claimed in advance (so the next one shows at
 * once), decisions applied on the screen at once and sent in order (each with its own idempotency
 * key, retried with that key when it may not have arrived), undo, and the lease.
 */
import { failureKind, newIdempotencyKey, withRetries } from '../../../features/matching/apiCall.ts';
import type {
  Lease,
  MatchingDecisionKind,
  MatchingDecisionResult,
  MatchingProduct,
  MatchingQueueFilter,
} from '../queries.ts';
import type { MatchingApi } from './matchingApi.ts';
import {
  allowedDecisions,
  applyDecision,
  type Decision,
  initialSelection,
  isWaitingToMatch,
  nextWaitingIndex,
  pairEntries,
  sameState,
} from './session.ts';

/** Something the page tells the reviewer: a locale key under matching.session and its values. */
export interface Notice {
  kind: 'stale' | 'leased' | 'error' | 'info';
  key: string;
  values?: Record<string, string>;
  /** The API's own message, when it is the best explanation there is. */
  detail?: string;
}

export interface SessionSnapshot {
  current: MatchingProduct | null;
  /** loading: fetching the product; ready; empty: the queue has nothing more; error: the product could not be loaded. */
  status: 'loading' | 'ready' | 'empty' | 'error';
  error: unknown;
  selected: number;
  notice: Notice | null;
  /** Decisions sent and not answered yet. */
  pending: number;
  canUndo: boolean;
  /** The next product, when it is already here. */
  next: MatchingProduct | null;
  /** Another reviewer's lease on the product on screen (decisions are refused meanwhile). */
  heldBy: Lease | null;
}

export interface SessionOptions {
  api: MatchingApi;
  websiteId: string;
  filter: MatchingQueueFilter | null;
  /** Whether the reviewer's match is MATCHED at once (Update on matchingConfirmation), else it waits to confirm. */
  canConfirm: () => boolean;
  /** Shows another product's address (the session has already put it on screen). */
  navigate: (productId: string) => void;
  /** How many products to claim ahead. */
  prefetch?: number;
  /** How often the lease of the product on screen is renewed (it lasts 5 minutes). */
  renewEveryMs?: number;
  retryDelays?: readonly number[];
}

interface HistoryEntry {
  productId: string;
}

const VISITED_LIMIT = 200;

export class MatchingSession {
  private snapshot: SessionSnapshot = {
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
  private readonly listeners = new Set<() => void>();
  private buffer: MatchingProduct[] = [];
  /** Products passed in this session: never claimed again as "next". */
  private visited: string[] = [];
  private history: HistoryEntry[] = [];
  /** Decisions are sent one after the other, in the order they were taken. */
  private chain: Promise<void> = Promise.resolve();
  private readonly pendingByProduct = new Map<string, number>();
  /** Per product, a counter that a failure bumps, so later queued decisions of the product are dropped. */
  private readonly generation = new Map<string, number>();
  private refilling: Promise<void> | null = null;
  private refillAgain = false;
  private opening: string | null = null;
  private disposed = false;
  private readonly renewTimer: ReturnType<typeof setInterval> | null;

  constructor(private readonly options: SessionOptions) {
    const every = options.renewEveryMs ?? 120_000;
    this.renewTimer = every > 0 ? setInterval(() => this.renewLease(), every) : null;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): SessionSnapshot => this.snapshot;

  private set(change: Partial<SessionSnapshot>) {
    if (this.disposed) return;
    this.snapshot = { ...this.snapshot, ...change, next: this.buffer[0] ?? null, canUndo: this.history.length > 0 };
    for (const listener of this.listeners) listener();
  }

  /** Puts a product on screen (its address was opened, or the session moved to it). */
  async open(productId: string): Promise<void> {
    if (this.snapshot.current?.product.id === productId || this.opening === productId) return;
    const buffered = this.buffer.findIndex((item) => item.product.id === productId);
    if (buffered >= 0) {
      const [product] = this.buffer.splice(buffered, 1);
      this.show(product!, { navigate: false });
      void this.refill();
      return;
    }
    this.opening = productId;
    this.set({ status: 'loading', current: null, selected: -1, heldBy: null, error: null });
    try {
      const [product, claim] = await Promise.all([
        this.options.api.product(productId),
        this.options.api.claimProduct(productId).then(
          (lease) => ({ lease, error: null as unknown }),
          (error: unknown) => ({ lease: null, error }),
        ),
      ]);
      if (this.opening !== productId) return;
      this.show(product, { navigate: false, claimError: claim.error });
    } catch (error) {
      if (this.opening === productId) this.set({ status: 'error', error });
      return;
    } finally {
      if (this.opening === productId) this.opening = null;
    }
    void this.refill();
  }

  private show(
    product: MatchingProduct,
    { navigate, claimError, selected }: { navigate: boolean; claimError?: unknown; selected?: number },
  ) {
    const lease = product.lease;
    let heldBy: Lease | null = lease && !lease.mine ? lease : null;
    if (!heldBy && claimError && failureKind(claimError) === 'leased')
      heldBy = leaseFromError(product.product.id, claimError);
    this.set({
      current: product,
      status: 'ready',
      error: null,
      selected: selected ?? initialSelection(pairEntries(product)),
      heldBy,
    });
    if (navigate) this.options.navigate(product.product.id);
  }

  /** Claims the next products ahead (own leased ones first, then free ones, by priority). */
  private refill(): Promise<void> {
    if (this.refilling) {
      this.refillAgain = true;
      return this.refilling;
    }
    const run = async () => {
      do {
        this.refillAgain = false;
        const currentId = this.snapshot.current?.product.id;
        const exclude = [...new Set([...(currentId ? [currentId] : []), ...this.visited])];
        try {
          const claimed = await this.options.api.claimNext(
            this.options.websiteId,
            this.options.filter,
            this.options.prefetch ?? 2,
            exclude,
          );
          const onScreen = this.snapshot.current?.product.id;
          this.buffer = claimed.filter(
            (item) =>
              item.product.id !== onScreen && !this.visited.includes(item.product.id) && item.waitingToMatch > 0,
          );
        } catch {
          // Prefetching is an optimisation: the next product is fetched when asked for.
          this.buffer = [];
        }
        this.set({});
      } while (this.refillAgain && !this.disposed);
    };
    this.refilling = run().finally(() => {
      this.refilling = null;
    });
    return this.refilling;
  }

  select(index: number) {
    const count = pairEntries(this.snapshot.current).length;
    if (index >= 0 && index < count) this.set({ selected: index });
  }

  move(delta: number) {
    const count = pairEntries(this.snapshot.current).length;
    if (!count) return;
    const from = this.snapshot.selected < 0 ? (delta > 0 ? -1 : count) : this.snapshot.selected;
    this.set({ selected: Math.min(count - 1, Math.max(0, from + delta)) });
  }

  dismissNotice() {
    this.set({ notice: null });
  }

  /** A decision on the selected pair: shown at once, sent in order; when nothing is left to match, the next product. */
  decide(decision: Decision) {
    const { current, selected, heldBy } = this.snapshot;
    if (!current || this.snapshot.status !== 'ready') return;
    if (heldBy) {
      this.set({ notice: { kind: 'leased', key: 'heldByOther', values: { email: heldBy.userEmail ?? '?' } } });
      return;
    }
    const entries = pairEntries(current);
    const entry = entries[selected];
    if (!entry) return;
    const canConfirm = this.options.canConfirm();
    if (!allowedDecisions(entry.pair, canConfirm).has(decision)) {
      this.set({ notice: { kind: 'info', key: 'notAllowed' } });
      return;
    }
    const productId = current.product.id;
    const input = {
      matchId: entry.pair.id,
      decision,
      expectedVersion: entry.pair.version,
      idempotencyKey: newIdempotencyKey(),
    };
    const after = applyDecision(current, entry.pair.id, decision, canConfirm);
    this.record(productId, (api) => api.decide(input));
    const nextSelected = nextWaitingIndex(pairEntries(after), selected);
    this.set({ current: after, selected: nextSelected >= 0 ? nextSelected : selected, notice: null });
    if (after.waitingToMatch === 0) this.next();
  }

  /** Skips every pair of the product still waiting to match, and moves on. */
  skipProduct() {
    const { current, heldBy } = this.snapshot;
    if (!current || this.snapshot.status !== 'ready' || current.waitingToMatch === 0) return;
    if (heldBy) {
      this.set({ notice: { kind: 'leased', key: 'heldByOther', values: { email: heldBy.userEmail ?? '?' } } });
      return;
    }
    const productId = current.product.id;
    const idempotencyKey = newIdempotencyKey();
    let after = current;
    for (const entry of pairEntries(current))
      if (isWaitingToMatch(entry.pair)) after = applyDecision(after, entry.pair.id, 'SKIP', false);
    this.record(productId, (api) => api.skipProduct({ productId, idempotencyKey }));
    this.set({ current: after, notice: null });
    this.next();
  }

  /** Pairs the product with a competitor product found by search (waits for the server: the pair may be new). */
  async pick(
    competitorProductId: string,
    decision: Extract<MatchingDecisionKind, 'MATCH' | 'NEVER_MATCH'>,
  ): Promise<boolean> {
    const { current } = this.snapshot;
    if (!current) return false;
    const productId = current.product.id;
    const idempotencyKey = newIdempotencyKey();
    await this.chain;
    try {
      const result = await withRetries(
        () => this.options.api.pick({ productId, competitorProductId, decision, idempotencyKey }),
        this.options.retryDelays,
      );
      this.history.push({ productId });
      if (this.snapshot.current?.product.id === productId && result.product) {
        this.show(result.product, { navigate: false, selected: this.selectionAfter(result.product, result) });
        if (result.product.waitingToMatch === 0) this.next();
      } else this.set({});
      return true;
    } catch (error) {
      await this.failed(productId, error);
      return false;
    }
  }

  /** Moves to the next product of the queue (claimed in advance when possible). */
  next() {
    const { current } = this.snapshot;
    if (current) this.remember(current.product.id);
    const upcoming = this.buffer.shift();
    if (upcoming) {
      this.show(upcoming, { navigate: true });
      void this.refill();
      return;
    }
    this.set({ status: 'loading', current: null, selected: -1, heldBy: null });
    void this.refill().then(() => {
      if (this.snapshot.current || this.disposed) return;
      const claimed = this.buffer.shift();
      if (claimed) {
        this.show(claimed, { navigate: true });
        void this.refill();
      } else this.set({ status: 'empty' });
    });
  }

  /**
   * Undoes the reviewer's latest decision of this session (going back to its product when it was
   * another). Undos wait for the decisions before them and for each other: pressing U twice undoes
   * the last two decisions, in order.
   */
  undo(): Promise<void> {
    const run = this.chain.then(() => this.undoLatest());
    this.chain = run;
    return run;
  }

  private async undoLatest(): Promise<void> {
    const last = this.history.pop();
    if (!last) {
      this.set({ notice: { kind: 'info', key: 'nothingToUndo' } });
      return;
    }
    const { productId } = last;
    const idempotencyKey = newIdempotencyKey();
    this.set({ notice: null });
    try {
      const result = await withRetries(
        () => this.options.api.undo({ productId, idempotencyKey }),
        this.options.retryDelays,
      );
      const product = result.product ?? (await this.options.api.product(productId));
      this.bringBack(product, this.selectionAfter(product, result));
      if (!product.lease?.mine) {
        await this.options.api.claimProduct(productId).then(
          () => undefined,
          (error: unknown) => {
            if (failureKind(error) === 'leased' && this.snapshot.current?.product.id === productId)
              this.set({ heldBy: leaseFromError(productId, error) });
          },
        );
      }
      this.set({ notice: { kind: 'info', key: 'undone', values: { name: product.product.name } } });
    } catch (error) {
      await this.failed(productId, error);
    }
  }

  /** Releases the leases this session holds (leaving the page). */
  dispose() {
    if (this.disposed) return;
    this.disposed = true;
    if (this.renewTimer) clearInterval(this.renewTimer);
    const held = [this.snapshot.current, ...this.buffer].filter(
      (item): item is MatchingProduct => Boolean(item) && !this.snapshot.heldBy,
    );
    // After the decisions already sent, so their leases are not released under them.
    void this.chain.then(() =>
      Promise.all(held.map((item) => this.options.api.release(item.product.id).catch(() => false))),
    );
  }

  /** Queues a decision batch of a product: sent after the earlier ones, retried with its key. */
  private record(productId: string, send: (api: MatchingApi) => Promise<MatchingDecisionResult>) {
    this.history.push({ productId });
    this.pendingByProduct.set(productId, (this.pendingByProduct.get(productId) ?? 0) + 1);
    const generation = this.generation.get(productId) ?? 0;
    this.set({ pending: this.snapshot.pending + 1 });
    this.chain = this.chain.then(async () => {
      if ((this.generation.get(productId) ?? 0) !== generation) {
        this.settle(productId);
        return;
      }
      try {
        const result = await withRetries(() => send(this.options.api), this.options.retryDelays);
        this.settle(productId);
        const onScreen = this.snapshot.current;
        // The server's word replaces the screen's once no other decision of the product is on its way.
        // (Only when it differs: an equal answer would re-render the product for nothing.)
        if (
          result.product &&
          onScreen?.product.id === productId &&
          !this.pendingByProduct.get(productId) &&
          !sameState(onScreen, result.product)
        ) {
          const selectedId = pairEntries(onScreen)[this.snapshot.selected]?.pair.id;
          const index = pairEntries(result.product).findIndex((entry) => entry.pair.id === selectedId);
          this.set({
            current: result.product,
            selected: index >= 0 ? index : initialSelection(pairEntries(result.product)),
          });
        }
      } catch (error) {
        this.settle(productId);
        await this.failed(productId, error);
      }
    });
  }

  private settle(productId: string) {
    const left = (this.pendingByProduct.get(productId) ?? 1) - 1;
    if (left > 0) this.pendingByProduct.set(productId, left);
    else this.pendingByProduct.delete(productId);
    this.set({ pending: Math.max(0, this.snapshot.pending - 1) });
  }

  /**
   * A decision (or undo) the server refused: its product's later decisions are dropped, the
   * product is loaded again and shown (going back to it if the session had moved on), with why.
   */
  private async failed(productId: string, error: unknown) {
    this.generation.set(productId, (this.generation.get(productId) ?? 0) + 1);
    this.history = this.history.filter((entry) => entry.productId !== productId);
    const kind = failureKind(error);
    const detail = (error as { message?: string } | null)?.message;
    const notice: Notice =
      kind === 'stale'
        ? { kind: 'stale', key: 'stale' }
        : kind === 'leased'
          ? {
              kind: 'leased',
              key: 'leasedRefused',
              values: {
                email: String((error as { extensions?: Record<string, unknown> }).extensions?.leasedBy ?? '?'),
              },
            }
          : kind === 'retry'
            ? { kind: 'error', key: 'notSent', detail }
            : { kind: 'error', key: 'refused', detail };
    try {
      const fresh = await this.options.api.product(productId);
      this.bringBack(fresh);
    } catch {
      // The product could not be read again: the notice still says what happened.
    }
    this.set({ notice });
  }

  /** Shows a product again (after an undo or a refused decision), keeping the one on screen next in line. */
  private bringBack(product: MatchingProduct, selected?: number) {
    const productId = product.product.id;
    this.visited = this.visited.filter((id) => id !== productId);
    this.buffer = this.buffer.filter((item) => item.product.id !== productId);
    const onScreen = this.snapshot.current;
    if (onScreen && onScreen.product.id !== productId) {
      if (onScreen.waitingToMatch > 0) this.buffer.unshift(onScreen);
      this.show(product, { navigate: true, selected });
    } else this.show(product, { navigate: !onScreen, selected });
  }

  /** After an undo or a pick: the pair it concerned, else the first waiting. */
  private selectionAfter(product: MatchingProduct, result: MatchingDecisionResult): number {
    const matchId = result.decisions[0]?.matchId;
    const index = pairEntries(product).findIndex((entry) => entry.pair.id === matchId);
    return index >= 0 ? index : initialSelection(pairEntries(product));
  }

  private remember(productId: string) {
    this.visited = [...this.visited.filter((id) => id !== productId), productId].slice(-VISITED_LIMIT);
  }

  private renewLease() {
    const { current, heldBy } = this.snapshot;
    if (!current || heldBy || current.waitingToMatch === 0) return;
    void this.options.api.claimProduct(current.product.id).catch(() => undefined);
  }
}

/** The holder of a lease as a LEASED refusal names it (extensions.leasedBy, leasedUntil). */
function leaseFromError(productId: string, error: unknown): Lease {
  const extensions = (error as { extensions?: Record<string, unknown> }).extensions ?? {};
  return {
    productId,
    userId: '',
    userEmail: typeof extensions.leasedBy === 'string' ? extensions.leasedBy : null,
    mine: false,
    expiresAt: typeof extensions.leasedUntil === 'string' ? extensions.leasedUntil : '',
  };
}
