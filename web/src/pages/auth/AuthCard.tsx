import { theme } from 'antd';
import type { ReactNode } from 'react';
import { CenteredLayout } from '../../components/layout/CenteredLayout.tsx';
import { Logo } from '../../components/layout/Logo.tsx';

/** The card of the public auth pages: logo, heading and the current step. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <CenteredLayout>
      <section
        style={{
          width: '100%',
          maxWidth: 400,
          padding: token.paddingLG,
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
        }}
      >
        <Logo size={36} />
        <h1 style={{ marginTop: 8, fontSize: 24, fontWeight: 600 }}>{title}</h1>
        {children}
      </section>
    </CenteredLayout>
  );
}
