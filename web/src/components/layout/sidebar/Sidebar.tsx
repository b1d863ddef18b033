import { Layout, Menu, type MenuProps, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { HEADER_HEIGHT, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../../../config/constants.ts';
import { matchRoute } from '../../../routes/matchRoute.ts';
import { breadcrumbKeys } from '../../../routes/routeTable.ts';
import { routePath } from '../../../routes/useCarriedPath.ts';
import { AppLink } from '../../navigation/AppLink.tsx';
import { BOTTOM_NAVIGATION, MAIN_NAVIGATION, type NavEntry } from './navigation.tsx';
import { useReadAccess } from './useReadAccess.ts';
import { navigationResources, navigationRoutes, type VisibleNode, visibleNavigation } from './visibleNavigation.ts';

type MenuItem = NonNullable<MenuProps['items']>[number];

const RESOURCES = navigationResources([...MAIN_NAVIGATION, ...BOTTOM_NAVIGATION]);
const NAV_ROUTES = new Set(navigationRoutes([...MAIN_NAVIGATION, ...BOTTOM_NAVIGATION]));

/** The item of the current page, or of its nearest ancestor in the menu (a detail page's list). */
function selectedEntry(pathname: string): string | undefined {
  const route = matchRoute(pathname);
  return route
    ? breadcrumbKeys(route.key)
        .reverse()
        .find((key) => NAV_ROUTES.has(key))
    : undefined;
}
const PARENTS = MAIN_NAVIGATION.filter((entry) => entry.children).map((entry) => entry.route);

/** The sidebar (web/README.md): the main menu and, apart, the bottom menu; collapsed on small screens. */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const canRead = useReadAccess(RESOURCES);

  const toItem = (node: VisibleNode<NavEntry>): MenuItem => {
    const title = t(`routes.${node.route}.title`);
    if (node.loading) {
      return {
        key: node.route,
        icon: node.icon,
        disabled: true,
        label: <Skeleton.Input active size="small" style={{ width: 140 }} aria-label={t('app.loading')} />,
      };
    }
    const label = node.clickable === false ? title : <AppLink to={routePath(node.route)}>{title}</AppLink>;
    return node.children
      ? { key: node.route, icon: node.icon, label, children: node.children.map(toItem) }
      : { key: node.route, icon: node.icon, label };
  };
  const menu = (entries: NavEntry[]) => visibleNavigation(entries, canRead).map(toItem);
  const selected = selectedEntry(pathname);

  return (
    <Layout.Sider
      width={SIDEBAR_WIDTH}
      collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
      collapsed={collapsed}
      trigger={null}
      theme="light"
      style={{
        borderRight: '1px solid #f0f0f0',
        position: 'sticky',
        top: HEADER_HEIGHT,
        height: `calc(100vh - ${HEADER_HEIGHT}px)`,
        overflowY: 'auto',
      }}
    >
      <nav aria-label={t('navigation.main')} style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Menu
          // Remounted on collapse: expanded, every group starts open; collapsed, none pops up.
          key={collapsed ? 'collapsed' : 'expanded'}
          mode="inline"
          items={menu(MAIN_NAVIGATION)}
          selectedKeys={selected ? [selected] : []}
          defaultOpenKeys={collapsed ? [] : PARENTS}
          style={{ flex: 1, borderInlineEnd: 'none' }}
        />
        <Menu
          mode="inline"
          aria-label={t('navigation.bottom')}
          items={menu(BOTTOM_NAVIGATION)}
          selectedKeys={selected ? [selected] : []}
          style={{ borderInlineEnd: 'none', borderTop: '1px solid #f0f0f0' }}
        />
      </nav>
    </Layout.Sider>
  );
}
