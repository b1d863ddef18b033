import { Flex, Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BRAND_COLOR, HEADER_HEIGHT, SPACING } from '../../config/constants.ts';
import { routePath } from '../../routes/useCarriedPath.ts';
import { AppLink } from '../navigation/AppLink.tsx';
import { WebsitePicker } from '../websitePicker/WebsitePicker.tsx';
import { LanguageSelector } from './LanguageSelector.tsx';
import { Logo } from './Logo.tsx';
import { UserMenu } from './UserMenu.tsx';

/** The header (web/README.md): logo, organization-website picker, language selector, user menu. */
export function Header({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  return (
    <Layout.Header
      style={{
        background: '#fff',
        paddingInline: SPACING[5],
        borderBottom: '1px solid #f0f0f0',
        height: HEADER_HEIGHT,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Flex align="center" justify="space-between" gap={SPACING[3]} style={{ height: '100%' }}>
        <AppLink to={routePath('home')} aria-label={t('app.title')}>
          <Flex align="center" gap={SPACING[1]}>
            <Logo />
            {!compact && (
              <Typography.Text strong style={{ color: BRAND_COLOR, fontSize: 18 }}>
                {t('app.title')}
              </Typography.Text>
            )}
          </Flex>
        </AppLink>
        {/* May shrink (min-width 0): a long website name is cut short in the picker, not pushed
            past the window's edge at 200 % zoom (issue 20). */}
        <Flex align="center" gap={SPACING[2]} style={{ minWidth: 0 }}>
          <WebsitePicker />
          <LanguageSelector />
          <UserMenu compact={compact} />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
