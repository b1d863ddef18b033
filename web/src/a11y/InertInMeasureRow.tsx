import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

/**
 * A column title that stays out of the keyboard's and the screen reader's way in the copy antd
 * makes of it. A table that scrolls sideways renders every column title a second time, in a
 * hidden row (`aria-hidden`) that measures the columns' widths; for the selection column that copy
 * is a second "select all" checkbox, focusable inside hidden content (axe's aria-hidden-focus;
 * issue 20). There (a hidden table row, not anything a dialog hides) this wrapper makes its
 * content inert; in the header it changes nothing.
 */
export function InertInMeasureRow({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [hidden, setHidden] = useState(false);
  useLayoutEffect(() => {
    setHidden(ref.current?.closest('tr[aria-hidden="true"]') != null);
  }, []);
  return (
    <span ref={ref} inert={hidden}>
      {children}
    </span>
  );
}

/** rowSelection's `columnTitle` for a table that scrolls sideways: antd's checkbox, wrapped as above. */
export const selectionColumnTitle = (checkbox: ReactNode) => <InertInMeasureRow>{checkbox}</InertInMeasureRow>;
