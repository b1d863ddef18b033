import { useEffect, useState } from 'react';

export interface WindowSize {
  width: number;
  height: number;
}

const current = (): WindowSize => ({ width: window.innerWidth, height: window.innerHeight });

/** The window's size (api/src/schema/), tracked on resize. */
export function useWindowSize(): WindowSize {
  const [size, setSize] = useState(current);
  useEffect(() => {
    const update = () => setSize(current());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return size;
}
