import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import type { RouteKey } from './routeTable.ts';

/**
 * The routes that have their own page so far, each its own chunk. Every other route of the
 * table shows the planned page (its layout, title, breadcrumb and what it will hold).
 */
export const ROUTE_PAGES: Partial<Record<RouteKey, LazyExoticComponent<ComponentType>>> = {
  home: lazy(() => import('../pages/home/HomePage.tsx')),
  settings: lazy(() => import('../pages/settings/SettingsPage.tsx')),
  settingsProfile: lazy(() => import('../pages/settings/profile/ProfilePage.tsx')),
  organizations: lazy(() => import('../pages/organizations/list/OrganizationsPage.tsx')),
  organizationDetail: lazy(() => import('../pages/organizations/detail/OrganizationDetailPage.tsx')),
  organizationsBilling: lazy(() => import('../pages/organizations/billing/BillingOverviewPage.tsx')),
  organizationBilling: lazy(() => import('../pages/organizations/billing/OrganizationBillingPage.tsx')),
  users: lazy(() => import('../pages/users/list/UsersPage.tsx')),
  userDetail: lazy(() => import('../pages/users/detail/UserDetailPage.tsx')),
  competitors: lazy(() => import('../pages/competitors/list/CompetitorsPage.tsx')),
  competitorDetail: lazy(() => import('../pages/competitors/detail/CompetitorDetailPage.tsx')),
  websites: lazy(() => import('../pages/websites/list/WebsitesPage.tsx')),
  websiteDetail: lazy(() => import('../pages/websites/detail/WebsiteDetailPage.tsx')),
  products: lazy(() => import('../pages/products/ProductsPage.tsx')),
  productFeeds: lazy(() => import('../pages/product-feeds/list/ProductFeedsPage.tsx')),
  productFeedDetail: lazy(() => import('../pages/product-feeds/detail/ProductFeedDetailPage.tsx')),
  productAggregators: lazy(() => import('../pages/aggregators/ProductAggregatorsPage.tsx')),
  contactSupport: lazy(() => import('../pages/support/ContactSupportPage.tsx')),
  productMatching: lazy(() => import('../pages/product-matching/queue/ProductMatchingQueuePage.tsx')),
  productMatchingDetail: lazy(() => import('../pages/product-matching/detail/ProductMatchingPage.tsx')),
  productMatchingLog: lazy(() => import('../pages/product-matching/log/MatchingLogPage.tsx')),
  matchConfirmation: lazy(() => import('../pages/match-confirmation/MatchConfirmationPage.tsx')),
  scrapers: lazy(() => import('../pages/scrapers/list/ScrapersPage.tsx')),
  scraperDetail: lazy(() => import('../pages/scrapers/detail/ScraperDetailPage.tsx')),
  priceSuggestionRules: lazy(() => import('../pages/price-suggestions/rules/PriceRulesPage.tsx')),
  priceSuggestionRuleDetail: lazy(() => import('../pages/price-suggestions/editor/PriceRuleEditorPage.tsx')),
  dataInsights: lazy(() => import('../pages/data-insights/DataInsightsRedirect.tsx')),
  brandSnapshot: lazy(() => import('../pages/data-insights/BrandSnapshotPage.tsx')),
  competitorSnapshot: lazy(() => import('../pages/data-insights/CompetitorSnapshotPage.tsx')),
};

export const PlannedPage = lazy(() => import('../pages/planned/PlannedPage.tsx'));
