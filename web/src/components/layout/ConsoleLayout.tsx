import { Layout } from 'antd';
import type { ReactNode } from 'react';
import { useFocusPageHeading } from '../../a11y/focusPageHeading.ts';
import { BREAKPOINTS, SPACING } from '../../config/constants.ts';
import { useWindowSize } from '../../hooks/useWindowSize.ts';
import { AccountStatus } from './AccountStatus.tsx';
import { Header } from './Header.tsx';
import { Sidebar } from './sidebar/Sidebar.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx';
import { useUserLanguage } from './useUserLanguage.ts';
import './focus.css';

/** The signed-in shell: header on top, sidebar beside the page; compact below the lg breakpoint. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { width } = useWindowSize();
  useUserLanguage();
  useFocusPageHeading();
  const compact = width < BREAKPOINTS.lg;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      <Header compact={compact} />
      <Layout>
        <Sidebar collapsed={compact} />
        <Layout.Content
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          style={{ padding: compact ? SPACING[3] : SPACING[5], minWidth: 0, outline: 'none' }}
        >
          <AccountStatus />
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
