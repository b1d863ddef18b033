import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';

/**
 * Asks before the page is left while `isUnsaved()` holds (work on it would be lost): on a reload,
 * a closed tab or another address the browser asks its own question; on a link or a move inside
 * the console, `message` is asked. `isUnsaved` is read at the moment of leaving (not at the last
 * render), so work saved a moment before is never asked about. Moves that replace the address
 * (the matching page's address following its product) are not asked about. Refine's
 * UnsavedChangesNotifier blocks the router's navigator the same way, but from state set after a
 * render, one render late.
 */
export function useLeaveWarning(isUnsaved: () => boolean, message: string): void {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const latest = useRef(isUnsaved);
  latest.current = isUnsaved;
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!latest.current()) return;
      event.preventDefault();
      // Older browsers show (or at least require) a returnValue.
      event.returnValue = message;
    };
    window.addEventListener('beforeunload', beforeUnload);
    const { push, go } = navigator;
    const allowed = () => !latest.current() || window.confirm(message);
    navigator.push = (...args: Parameters<typeof push>) => {
      if (allowed()) push(...args);
    };
    navigator.go = (...args: Parameters<typeof go>) => {
      if (allowed()) go(...args);
    };
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      navigator.push = push;
      navigator.go = go;
    };
  }, [navigator, message]);
}
