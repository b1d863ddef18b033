import type { ReactNode } from 'react';

/** The simple centred layout of the public pages (SPEC §9: 80 px padding). */
export function CenteredLayout({ children }: { children: ReactNode }) {
  return (
    <main
      style={{
        minHeight: '100vh',
        padding: 80,
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
