import { useEffect, useRef } from 'react';

/**
 * Calls `reset` when the selected website changes from one to another (not on the first
 * website, nor while there is none): a list page goes back to its first page (and closes what
 * it had open) for the other website, keeping its filters. `reset` need not be stable.
 */
export function useResetOnWebsiteChange(websiteId: string | undefined, reset: () => void): void {
  const shown = useRef(websiteId);
  const latest = useRef(reset);
  latest.current = reset;
  useEffect(() => {
    if (!websiteId) return;
    if (shown.current && shown.current !== websiteId) latest.current();
    shown.current = websiteId;
  }, [websiteId]);
}
