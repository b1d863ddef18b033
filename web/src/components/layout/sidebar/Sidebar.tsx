import { Layout, Menu, type MenuProps, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { HEADER_HEIGHT, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../../../config/constants.ts';
import { matchRoute } from '../../../routes/matchRoute.ts';
import { breadcrumbKeys } from '../../../routes/routeTable.ts';
import { routePath } from '../../../routes/useCarriedPath.ts';
import { AppLink } from '../../navigation/AppLink.tsx';
import { BOTTOM_NAVIGATION, MAIN_NAVIGATION, type NavEntry } from './navigation.tsx';
import './sidebar.css';
import { useReadAccess } from './useReadAccess.ts';
import { navigationResources, navigationRoutes, type VisibleNode, visibleNavigation } from './visibleNavigation.ts';

type MenuItem = NonNullable<MenuProps['items']>[number];

const RESOURCES = navigationResources([...MAIN_NAVIGATION, ...BOTTOM_NAVIGATION]);
const NAV_ROUTES = new Set(navigationRoutes([...MAIN_NAVIGATION, ...BOTTOM_NAVIGATION]));

/**
 * The item of the current page, or of its nearest ancestor in the menu (a detail page's list), and
 * whether it is the page itself.
 */
function selectedEntry(pathname: string): { key: string; page: boolean } | undefined {
  const route = matchRoute(pathname);
  const key = route
    ? breadcrumbKeys(route.key)
        .reverse()
        .find((k) => NAV_ROUTES.has(k))
    : undefined;
  return key ? { key, page: key === route?.key } : undefined;
}
const PARENTS = MAIN_NAVIGATION.filter((entry) => entry.children).map((entry) => entry.route);

/** The sidebar (web/README.md): the main menu and, apart, the bottom menu; collapsed on small screens. */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const canRead = useReadAccess(RESOURCES);

  const selected = selectedEntry(pathname);
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
    // The current page's link says so (its list's, on a detail page, says it leads to it).
    const current = selected?.key === node.route ? (selected.page ? 'page' : 'true') : undefined;
    // A parent's link goes to its page and leaves its group as it is: the click stops at the link,
    // or the menu took it for a click on the group's title and closed the group (hiding the child
    // one had come to see). The arrow beside it still opens and closes the group.
    const label =
      node.clickable === false ? (
        title
      ) : (
        <AppLink
          to={routePath(node.route)}
          aria-current={current}
          onClick={node.children ? (event) => event.stopPropagation() : undefined}
        >
          {title}
        </AppLink>
      );
    // A parent that is a page too looks selected while its own page (or a detail below it) is open
    // (sidebar.css): antd's menu marks a parent only as the ancestor of a selected child.
    return node.children
      ? {
          key: node.route,
          icon: node.icon,
          label,
          children: node.children.map(toItem),
          className: current ? 'console-menu-current' : undefined,
        }
      : { key: node.route, icon: node.icon, label };
  };
  const menu = (entries: NavEntry[]) => visibleNavigation(entries, canRead).map(toItem);
  const selectedKeys = selected ? [selected.key] : [];

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
      <nav
        aria-label={t('navigation.main')}
        className="console-sidebar"
        style={{ display: 'flex', flexDirection: 'column', height: '100%' }}
      >
        <Menu
          // Remounted on collapse: expanded, every group starts open; collapsed, none pops up.
          key={collapsed ? 'collapsed' : 'expanded'}
          mode="inline"
          items={menu(MAIN_NAVIGATION)}
          selectedKeys={selectedKeys}
          defaultOpenKeys={collapsed ? [] : PARENTS}
          style={{ flex: 1, borderInlineEnd: 'none' }}
        />
        <Menu
          mode="inline"
          aria-label={t('navigation.bottom')}
          items={menu(BOTTOM_NAVIGATION)}
          selectedKeys={selectedKeys}
          style={{ borderInlineEnd: 'none', borderTop: '1px solid #f0f0f0' }}
        />
      </nav>
    </Layout.Sider>
  );
}
