/**
 * Answers kept in memory for one version of the data they were computed from (see
 * migrations/003_list_versions.sql). A request names the version it read from the database; an
 * answer of any other version is never returned, and a newer version drops every older answer.
 * The size is bounded by a total weight (e.g. rows), oldest entries first.
 */
export class VersionedCache<T> {
  private version: string | null = null;
  private readonly entries = new Map<string, { value: T; weight: number }>();
  private weight = 0;

  constructor(private readonly maxWeight: number) {}

  get(version: string, key: string): T | undefined {
    if (version !== this.version) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(version: string, key: string, value: T, weight = 1): void {
    if (weight > this.maxWeight) return;
    if (version !== this.version) {
      // Versions only grow; an answer computed for an older version is not kept.
      if (this.version !== null && BigInt(version) < BigInt(this.version)) return;
      this.version = version;
      this.entries.clear();
      this.weight = 0;
    }
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.weight -= previous.weight;
    }
    this.entries.set(key, { value, weight });
    this.weight += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.weight <= this.maxWeight) break;
      this.entries.delete(oldest);
      this.weight -= entry.weight;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
