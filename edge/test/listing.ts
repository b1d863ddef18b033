/** The listing rule shared by the fakes: sorted keys under a prefix, grouped at a delimiter, paged. */
export interface Listing {
  keys: string[];
  prefixes: string[];
  /** The last key or prefix returned, when more follow. */
  next: string | null;
}

export function listKeys(
  all: Iterable<string>,
  options: { prefix?: string; delimiter?: string; after?: string; limit: number },
): Listing {
  const prefix = options.prefix ?? '';
  const keys: string[] = [];
  const prefixes: string[] = [];
  let last: string | null = null;
  const sorted = [...all].filter((key) => key.startsWith(prefix)).sort();
  for (const key of sorted) {
    let entry = key;
    let isPrefix = false;
    if (options.delimiter) {
      const at = key.indexOf(options.delimiter, prefix.length);
      if (at >= 0) {
        entry = key.slice(0, at + options.delimiter.length);
        isPrefix = true;
      }
    }
    if (options.after !== undefined && entry <= options.after) continue;
    if (isPrefix && prefixes.at(-1) === entry) continue;
    if (keys.length + prefixes.length === options.limit) return { keys, prefixes, next: last };
    (isPrefix ? prefixes : keys).push(entry);
    last = entry;
  }
  return { keys, prefixes, next: null };
}
