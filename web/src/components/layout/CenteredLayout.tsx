import type { ReactNode } from 'react';
import { CENTERED_PAGE_PADDING } from '../../config/constants.ts';

/** The simple centred layout of the public pages (web/src/config/constants.ts: 80 px padding). */
export function CenteredLayout({ children }: { children: ReactNode }) {
  return (
    <main
      style={{
        minHeight: '100vh',
        padding: CENTERED_PAGE_PADDING,
        boxSizing: 'border-box',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexDirection: 'column',
      }}
    >
      {children}
    </main>
  );
}
