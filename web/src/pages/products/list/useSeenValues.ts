import { useEffect, useState } from 'react';

/**
 * The distinct non-empty values of a field in the rows shown so far (sorted), offered as
 * suggestions by a filter that takes an exact value. Starts again when `scope` (the website) changes.
 */
export function useSeenValues<Row, K extends keyof Row>(
  rows: readonly Row[] | undefined,
  field: K,
  scope: string | undefined,
): string[] {
  const [seen, setSeen] = useState<{ scope: string | undefined; values: string[] }>({ scope, values: [] });
  useEffect(() => {
    setSeen((previous) => {
      const base = previous.scope === scope ? previous.values : [];
      const values = new Set(base);
      for (const row of rows ?? []) {
        const value = row[field];
        if (typeof value === 'string' && value.trim()) values.add(value.trim());
      }
      if (previous.scope === scope && values.size === base.length) return previous;
      return { scope, values: [...values].sort((a, b) => a.localeCompare(b)) };
    });
  }, [rows, field, scope]);
  return seen.scope === scope ? seen.values : [];
}
