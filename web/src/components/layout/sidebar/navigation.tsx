import {
  AppstoreOutlined,
  BarChartOutlined,
  BankOutlined,
  CheckSquareOutlined,
  CustomerServiceOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HomeOutlined,
  PercentageOutlined,
  RobotOutlined,
  SettingOutlined,
  SwapOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { RouteKey } from '../../../routes/routeTable.ts';

export interface NavEntry {
  route: RouteKey;
  icon?: ReactNode;
  /** False for a parent that only groups its children (Data insights). */
  clickable?: boolean;
  children?: NavEntry[];
}

/** The sidebar of web/src/routes/routeTable.ts, in the spec's order. Each entry is shown when its route's resource is readable. */
export const MAIN_NAVIGATION: NavEntry[] = [
  { route: 'home', icon: <HomeOutlined /> },
  { route: 'products', icon: <AppstoreOutlined />, children: [{ route: 'productAggregators' }] },
  { route: 'priceSuggestionRules', icon: <PercentageOutlined /> },
  { route: 'matchConfirmation', icon: <CheckSquareOutlined /> },
  { route: 'productMatching', icon: <SwapOutlined />, children: [{ route: 'productMatchingLog' }] },
  {
    route: 'dataInsights',
    icon: <BarChartOutlined />,
    clickable: false,
    children: [{ route: 'brandSnapshot' }, { route: 'competitorSnapshot' }],
  },
  { route: 'users', icon: <UserOutlined /> },
  { route: 'organizations', icon: <BankOutlined />, children: [{ route: 'organizationsBilling' }] },
  { route: 'websites', icon: <GlobalOutlined /> },
  { route: 'productFeeds', icon: <FileTextOutlined /> },
  { route: 'competitors', icon: <TeamOutlined /> },
  { route: 'scrapers', icon: <RobotOutlined /> },
  { route: 'settings', icon: <SettingOutlined /> },
];

/** The separate bottom menu. */
export const BOTTOM_NAVIGATION: NavEntry[] = [{ route: 'contactSupport', icon: <CustomerServiceOutlined /> }];
