import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a move to another page of the console, the keyboard goes to the new page's title (its
 * one h1, made focusable with tabindex="-1"), so a screen reader reads where the user now is and
 * Tab continues from the page rather than from the top of the shell (issue 20: opening a product
 * from the matching queue left focus on the document's body and said nothing). Focus that is
 * somewhere already (a field with autoFocus, a dialog, a button) is left where it is.
 */

/** The document parts used, so tests need no DOM. */
export interface FocusableDocument {
  activeElement: unknown;
  body: unknown;
  querySelector(selector: string): {
    hasAttribute(name: string): boolean;
    setAttribute(name: string, value: string): void;
    focus(options?: { preventScroll?: boolean }): void;
  } | null;
}

/** Moves focus to the page's h1: 'focused', 'busy' (focus is elsewhere already) or 'missing' (no h1 yet). */
export function focusPageHeading(doc: FocusableDocument): 'focused' | 'busy' | 'missing' {
  if (doc.activeElement && doc.activeElement !== doc.body) return 'busy';
  const heading = doc.querySelector('main h1');
  if (!heading) return 'missing';
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return 'focused';
}

/** Frames to wait for the new page's h1 (a page's code may still be loading): about two seconds. */
const WAIT_FRAMES = 120;

/** On every change of the address's path after the first page, focuses the new page's h1 (see above). */
export function useFocusPageHeading(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    let frames = 0;
    let frame = 0;
    const attempt = () => {
      if (focusPageHeading(document) === 'missing' && (frames += 1) < WAIT_FRAMES)
        frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
