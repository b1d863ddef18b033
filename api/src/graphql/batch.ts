/**
 * Field resolvers of list items read their data in one statement per request, not one per item
 * (docs/graphql.md): `requestBatch(ctx, name, load)` gathers the keys every resolver of one
 * request asks for under `name` until the event loop's next turn (the items of a list resolve in
 * the same turn), then calls `load` once with all of them. Each request has its own batches, so
 * nothing is shared between callers.
 */
import type { ApiContext } from './context.ts';

type Load<V> = (ctx: ApiContext, keys: string[]) => Promise<Map<string, V>>;

interface Pending<V> {
  keys: Set<string>;
  answer: Promise<Map<string, V>>;
}

const batches = new WeakMap<object, Map<string, Pending<unknown>>>();

/** The value `load` gives for `key`, read in one call with every key of the same request and turn. */
export function requestBatch<V>(ctx: ApiContext, name: string, load: Load<V>, key: string): Promise<V | undefined> {
  let byName = batches.get(ctx);
  if (!byName) batches.set(ctx, (byName = new Map()));
  let pending = byName.get(name) as Pending<V> | undefined;
  if (!pending) {
    const keys = new Set<string>();
    const answer = new Promise<Map<string, V>>((resolve, reject) => {
      setImmediate(() => {
        byName.delete(name);
        load(ctx, [...keys]).then(resolve, reject);
      });
    });
    pending = { keys, answer };
    byName.set(name, pending);
  }
  pending.keys.add(key);
  return pending.answer.then((values) => values.get(key));
}
