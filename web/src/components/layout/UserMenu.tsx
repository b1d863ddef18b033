import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useGetIdentity, useLogout } from '@refinedev/core';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Identity } from './identity.ts';

/** The header's user menu: the e-mail (or 'guest'), disabled, then Log out (SPEC §2). */
export function UserMenu() {
  const { t } = useTranslation();
  const { data: identity } = useGetIdentity<Identity>();
  const { mutate: logout, isPending } = useLogout();
  const email = identity?.email ?? t('auth.userMenu.guest');

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'email', label: email, icon: <UserOutlined />, disabled: true },
          { type: 'divider' },
          { key: 'logout', label: t('auth.userMenu.logout'), icon: <LogoutOutlined />, danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'logout') logout();
        },
      }}
    >
      <Button type="text" icon={<UserOutlined />} loading={isPending} aria-label={t('auth.userMenu.label')}>
        {email}
      </Button>
    </Dropdown>
  );
}
