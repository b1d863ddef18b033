/**
 * Per-request batching of lookups by id: the fields of a list's items ask one by one, and one
 * query answers all that asked before the next turn of the event loop.
 */
export class Batcher<V> {
  private pending: { ids: Set<string>; result: Promise<Map<string, V>> } | null = null;

  constructor(private readonly load: (ids: string[]) => Promise<Map<string, V>>) {}

  get(id: string): Promise<V | undefined> {
    if (!this.pending) {
      const ids = new Set<string>();
      const result = new Promise<Map<string, V>>((resolve, reject) => {
        setImmediate(() => {
          this.pending = null;
          this.load([...ids]).then(resolve, reject);
        });
      });
      this.pending = { ids, result };
    }
    this.pending.ids.add(id);
    return this.pending.result.then((map) => map.get(id));
  }
}

const perRequest = new WeakMap<object, Map<string, Batcher<unknown>>>();

/** The request's batcher of `name` (created with `load` on first use). */
export function batcherOf<V>(
  request: object,
  name: string,
  load: (ids: string[]) => Promise<Map<string, V>>,
): Batcher<V> {
  let batchers = perRequest.get(request);
  if (!batchers) perRequest.set(request, (batchers = new Map()));
  let batcher = batchers.get(name) as Batcher<V> | undefined;
  if (!batcher) batchers.set(name, (batcher = new Batcher(load)));
  return batcher;
}
