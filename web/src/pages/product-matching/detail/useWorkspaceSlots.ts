import { useDeferredValue, useRef } from 'react';
import type { MatchingProduct } from '../queries.ts';
import { initialSelection, pairEntries } from './session.ts';

export interface WorkspaceSlot {
  data: MatchingProduct;
  selected: number;
}

/**
 * The products whose workspace is rendered: the one on screen, the next one (rendered ahead, out of
 * sight, at low priority) and, until the low-priority render after a switch, the previous one.
 * Each keeps the props it was last rendered with, so switching to the next product only shows one
 * element and hides another: nothing is rendered on the way from the key to the screen.
 */
export function useWorkspaceSlots(
  current: MatchingProduct | null,
  next: MatchingProduct | null,
  selected: number,
): WorkspaceSlot[] {
  const deferredCurrent = useDeferredValue(current);
  const deferredNext = useDeferredValue(next);
  const lastSelected = useRef(new Map<string, number>());
  if (current) lastSelected.current.set(current.product.id, selected);
  const seen = new Set<string>();
  const slots: WorkspaceSlot[] = [];
  for (const data of [current, deferredCurrent, deferredNext]) {
    if (!data || seen.has(data.product.id)) continue;
    seen.add(data.product.id);
    const own = data === current ? selected : lastSelected.current.get(data.product.id);
    slots.push({ data, selected: own ?? initialSelection(pairEntries(data)) });
  }
  // Forget products no longer rendered.
  for (const id of lastSelected.current.keys()) if (!seen.has(id)) lastSelected.current.delete(id);
  return slots;
}
