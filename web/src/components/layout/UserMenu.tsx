import { LogoutOutlined, ProfileOutlined, UserOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routePath, useCarriedPath } from '../../routes/useCarriedPath.ts';
import type { Identity } from './identity.ts';
import { inHeader } from './inHeader.ts';

/** The header's user menu (web/README.md): the e-mail (or 'guest'), disabled; Profile; Logout. */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const carried = useCarriedPath();
  const { data: identity } = useGetIdentity<Identity>();
  const { mutate: logout, isPending } = useLogout();
  const email = identity?.email ?? t('auth.userMenu.guest');

  return (
    <Dropdown
      trigger={['click']}
      getPopupContainer={inHeader}
      menu={{
        items: [
          { key: 'email', label: email, icon: <UserOutlined />, disabled: true },
          { type: 'divider' },
          { key: 'profile', label: t('auth.userMenu.profile'), icon: <ProfileOutlined /> },
          { key: 'logout', label: t('auth.userMenu.logout'), icon: <LogoutOutlined />, danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'profile') void navigate(carried(routePath('settingsProfile')));
          if (key === 'logout') logout();
        },
      }}
    >
      {/* The accessible name starts with what the button shows, the e-mail, when it shows one (WCAG 2.5.3). */}
      <Button
        type="text"
        icon={<UserOutlined />}
        loading={isPending}
        aria-label={compact ? t('auth.userMenu.label') : `${email} – ${t('auth.userMenu.label')}`}
      >
        {compact ? null : email}
      </Button>
    </Dropdown>
  );
}
