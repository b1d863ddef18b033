import { Flex, Layout, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BRAND_COLOR } from '../../theme.ts';
import { UserMenu } from './UserMenu.tsx';

/** The signed-in shell: header with the product name and the user menu. The sidebar comes later. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ background: '#fff', paddingInline: 24, borderBottom: '1px solid #f0f0f0' }}>
        <Flex align="center" justify="space-between" style={{ height: '100%' }}>
          <Typography.Text strong style={{ color: BRAND_COLOR, fontSize: 18 }}>
            {t('app.title')}
          </Typography.Text>
          <UserMenu />
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>{children}</Layout.Content>
    </Layout>
  );
}
