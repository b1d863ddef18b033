import { describe, expect, it, vi } from 'vitest';
import type { Lease, MatchingDecisionResult, MatchingPair, MatchingProduct } from '../queries.ts';
import type { MatchingApi } from './matchingApi.ts';
import { MatchingSession } from './MatchingSession.ts';

const pair = (id: string, status: MatchingPair['status'] = 'WAITING'): MatchingPair => ({
  id,
  status,
  stage: 'CANDIDATE',
  version: 1,
  score: 0.5,
  evidence: {
    gtinEqual: null,
    mpnEqual: null,
    brandEqual: null,
    nameSimilarity: null,
    sharedWords: [],
    sharedModelNumbers: [],
    relatedModelNumbers: [],
    modelNumbersConflict: null,
  },
  competitorProduct: {
    id: `cp-${id}`,
    externalId: id,
    name: id,
    brand: null,
    ean: null,
    mpn: null,
    price: 1,
    currency: 'CZK',
    availability: null,
    url: null,
    seenAt: '',
  },
  priceDifference: null,
  priceDifferencePercent: null,
  updatedAt: '',
});

const lease = (productId: string, mine = true): Lease => ({
  productId,
  userId: mine ? 'me' : 'other',
  userEmail: mine ? 'me@x' : 'other@x',
  mine,
  expiresAt: '',
});

/** A product with one competitor and `pairs` pairs waiting to match (ids <product>-1, -2, ...). */
const product = (id: string, pairs = 1): MatchingProduct => ({
  product: {
    id,
    itemId: id,
    name: `Product ${id}`,
    brand: null,
    ean: null,
    mpn: null,
    category: null,
    price: 1,
    currency: 'CZK',
    imageUrl: null,
    url: null,
  },
  competitors: [
    {
      competitor: { id: 'c1', name: 'Shop' },
      matchingMode: 'confirmation',
      pairs: Array.from({ length: pairs }, (_, i) => pair(`${id}-${i + 1}`)),
    },
  ],
  lease: lease(id),
  waitingToMatch: pairs,
});

const result = (p: MatchingProduct | null, matchId = ''): MatchingDecisionResult => ({
  decisions: matchId ? [{ matchId } as MatchingDecisionResult['decisions'][number]] : [],
  replayed: false,
  product: p,
});

/** A queue of products p1..pn on a fake server that answers each call after `await flush()`. */
function setup(ids: string[], overrides: Partial<MatchingApi> = {}) {
  const catalogue = new Map(ids.map((id) => [id, product(id)]));
  const api: MatchingApi = {
    product: vi.fn(async (id: string) => catalogue.get(id)!),
    claimProduct: vi.fn(async (id: string) => lease(id)),
    claimNext: vi.fn(async (_w: string, _f: unknown, count: number, exclude: string[]) =>
      ids
        .filter((id) => !exclude.includes(id))
        .slice(0, count)
        .map((id) => catalogue.get(id)!),
    ),
    release: vi.fn(async () => true),
    decide: vi.fn(async () => result(null)),
    skipProduct: vi.fn(async () => result(null)),
    pick: vi.fn(async () => result(null)),
    undo: vi.fn(async ({ productId }: { productId: string }) => result(catalogue.get(productId)!, `${productId}-1`)),
    ...overrides,
  };
  const navigate = vi.fn();
  const session = new MatchingSession({
    api,
    websiteId: 'w1',
    filter: null,
    canConfirm: () => true,
    navigate,
    renewEveryMs: 0,
    retryDelays: [0, 0],
  });
  return { api, navigate, session };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const shown = (session: MatchingSession) => session.getSnapshot().current?.product.id;

describe('MatchingSession', () => {
  it('opens a product, claims it and claims the next two ahead', async () => {
    const { api, session } = setup(['p1', 'p2', 'p3', 'p4']);
    await session.open('p1');
    await flush();
    expect(shown(session)).toBe('p1');
    expect(api.claimProduct).toHaveBeenCalledWith('p1');
    expect(api.claimNext).toHaveBeenCalledWith('w1', null, 2, ['p1']);
    expect(session.getSnapshot().next?.product.id).toBe('p2');
  });

  it('shows the next product the moment the last waiting pair is decided, before the server answers', async () => {
    let answer: (value: MatchingDecisionResult) => void = () => undefined;
    const { api, navigate, session } = setup(['p1', 'p2', 'p3'], {
      decide: vi.fn(() => new Promise<MatchingDecisionResult>((resolve) => (answer = resolve))),
    });
    await session.open('p1');
    await flush();
    session.decide('MATCH');
    expect(shown(session)).toBe('p2');
    expect(navigate).toHaveBeenCalledWith('p2');
    expect(session.getSnapshot().pending).toBe(1);
    await flush();
    expect(api.decide).toHaveBeenCalledWith(
      expect.objectContaining({ matchId: 'p1-1', decision: 'MATCH', expectedVersion: 1 }),
    );
    answer(result(null));
    await flush();
    expect(session.getSnapshot().pending).toBe(0);
    // p1 was passed: it is never claimed as next again.
    expect(vi.mocked(api.claimNext).mock.calls.at(-1)![3]).toEqual(expect.arrayContaining(['p1', 'p2']));
  });

  it('moves the selection to the next pair waiting to match and stays on the product while some wait', async () => {
    const three = product('p1', 3);
    const { session } = setup(['p1'], { product: vi.fn(async () => three) });
    await session.open('p1');
    session.decide('SKIP');
    expect(shown(session)).toBe('p1');
    expect(session.getSnapshot().selected).toBe(1);
    expect(session.getSnapshot().current?.waitingToMatch).toBe(2);
  });

  it('retries a decision that may not have arrived with the same idempotency key', async () => {
    const decide = vi.fn().mockRejectedValueOnce({ statusCode: 502 }).mockResolvedValue(result(null));
    const { session } = setup(['p1', 'p2'], { decide });
    await session.open('p1');
    session.decide('NEVER_MATCH');
    await flush();
    await flush();
    await flush();
    expect(decide).toHaveBeenCalledTimes(2);
    expect(decide.mock.calls[0]![0].idempotencyKey).toBe(decide.mock.calls[1]![0].idempotencyKey);
  });

  it('goes back to a product whose decision was refused as stale, reloaded, with the reason', async () => {
    const decide = vi
      .fn()
      .mockRejectedValue({ code: 'CONFLICT', extensions: { reason: 'STALE_VERSION' }, message: 'changed' });
    const { api, navigate, session } = setup(['p1', 'p2', 'p3'], { decide });
    await session.open('p1');
    await flush();
    session.decide('MATCH');
    expect(shown(session)).toBe('p2');
    await flush();
    await flush();
    expect(shown(session)).toBe('p1');
    expect(navigate).toHaveBeenLastCalledWith('p1');
    expect(api.product).toHaveBeenLastCalledWith('p1');
    expect(session.getSnapshot().notice).toMatchObject({ kind: 'stale', key: 'stale' });
    expect(session.getSnapshot().next?.product.id).toBe('p2');
    expect(session.getSnapshot().canUndo).toBe(false);
  });

  it('undoes the latest decision, going back to its product with the one on screen next in line', async () => {
    const { api, navigate, session } = setup(['p1', 'p2', 'p3']);
    await session.open('p1');
    await flush();
    session.decide('MATCH');
    expect(shown(session)).toBe('p2');
    expect(session.getSnapshot().canUndo).toBe(true);
    await session.undo();
    expect(api.undo).toHaveBeenCalledWith(expect.objectContaining({ productId: 'p1' }));
    expect(shown(session)).toBe('p1');
    expect(navigate).toHaveBeenLastCalledWith('p1');
    expect(session.getSnapshot().next?.product.id).toBe('p2');
    expect(session.getSnapshot().notice).toMatchObject({ key: 'undone' });
    expect(session.getSnapshot().canUndo).toBe(false);
    await session.undo();
    expect(session.getSnapshot().notice).toMatchObject({ key: 'nothingToUndo' });
  });

  it("shows who holds another reviewer's product and decides nothing there", async () => {
    const held = { ...product('p1'), lease: lease('p1', false) };
    const { api, session } = setup(['p1', 'p2'], {
      product: vi.fn(async () => held),
      claimProduct: vi.fn(async () =>
        Promise.reject({ code: 'CONFLICT', extensions: { reason: 'LEASED', leasedBy: 'other@x' } }),
      ),
    });
    await session.open('p1');
    expect(session.getSnapshot().heldBy?.userEmail).toBe('other@x');
    session.decide('MATCH');
    expect(api.decide).not.toHaveBeenCalled();
    expect(session.getSnapshot().notice).toMatchObject({ kind: 'leased', values: { email: 'other@x' } });
  });

  it('says so when the queue has nothing more', async () => {
    const { session } = setup(['p1']);
    await session.open('p1');
    await flush();
    session.decide('SKIP');
    await flush();
    await flush();
    expect(session.getSnapshot().status).toBe('empty');
  });

  it('releases its leases when the page is left, after the decisions on their way', async () => {
    const { api, session } = setup(['p1', 'p2', 'p3']);
    await session.open('p1');
    await flush();
    session.dispose();
    await flush();
    expect(
      vi
        .mocked(api.release)
        .mock.calls.map((call) => call[0])
        .sort(),
    ).toEqual(['p1', 'p2', 'p3']);
  });
});

describe('MatchingSession undo', () => {
  it('undoes two decisions in order when asked twice at once', async () => {
    const calls: string[] = [];
    const { api, session } = setup(['p1', 'p2', 'p3'], {
      undo: vi.fn(async ({ productId }: { productId: string }) => {
        calls.push(`start ${productId}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        calls.push(`end ${productId}`);
        return result(product(productId), `${productId}-1`);
      }),
    });
    await session.open('p1');
    await flush();
    session.decide('SKIP');
    await flush();
    session.decide('SKIP');
    expect(shown(session)).toBe('p3');
    await Promise.all([session.undo(), session.undo()]);
    expect(calls).toEqual(['start p2', 'end p2', 'start p1', 'end p1']);
    expect(shown(session)).toBe('p1');
    expect(api.undo).toHaveBeenCalledTimes(2);
  });
});
