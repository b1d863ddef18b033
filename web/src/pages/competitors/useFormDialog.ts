import { useState } from 'react';

/**
 * A form dialog opened again and again: each opening mounts a new dialog (`key` changes, so its
 * form starts from the given values), and a closed dialog stays mounted until the next opening,
 * so antd gives focus back to the button that opened it (an unmounted dialog left the keyboard on
 * the page's body, issue 20). `mounted` is false until the first opening (its code loads then).
 */
export function useFormDialog() {
  const [openings, setOpenings] = useState(0);
  const [open, setOpen] = useState(false);
  return {
    open,
    key: openings,
    mounted: openings > 0,
    show: () => {
      setOpenings((count) => count + 1);
      setOpen(true);
    },
    hide: () => setOpen(false),
  };
}
