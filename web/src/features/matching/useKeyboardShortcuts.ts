import { useEffect, useRef } from 'react';
import { type Shortcut, shortcutFor } from './shortcuts.ts';

/**
 * Runs the shortcut a key press on the page triggers (see `shortcutFor` for the presses left
 * alone). The latest shortcuts are used without re-subscribing, so handlers may close over state.
 * `active: false` switches them all off (e.g. while a dialog is open).
 */
export function useKeyboardShortcuts(shortcuts: readonly Shortcut[], active = true): void {
  const latest = useRef(shortcuts);
  latest.current = shortcuts;
  useEffect(() => {
    if (!active) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutFor(event, latest.current);
      if (!shortcut) return;
      event.preventDefault();
      shortcut.run();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [active]);
}
