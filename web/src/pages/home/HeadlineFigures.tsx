import { useCan, useCustom } from '@refinedev/core';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/navigation/AppLink.tsx';
import { useWebsiteSelection } from '../../components/websitePicker/WebsiteSelection.tsx';
import type { ResultOf } from '../../graphql/typed.ts';
import { routePath } from '../../routes/useCarriedPath.ts';
import { formatCount, formatFigure } from '../../features/insights/format.ts';
import { formatPercentage } from '../../components/format/format.ts';
import { productsLink } from '../../features/insights/insightsState.ts';
import { priceIndexDifference } from '../../features/insights/priceScale.ts';
import { HOME_INSIGHTS_QUERY } from './queries.ts';
import { ApiErrorAlert } from '../../components/errors/ApiErrorAlert.tsx';
import { Heading } from '../../components/layout/Heading.tsx';

/**
 * Home's headline figures for the chosen website (data insights, default tolerance, against the
 * market): price index, products cheaper / pricier than the market, matching coverage,
 * suggestions waiting and, for Admins, failing scrapers — each a link to the list behind it.
 */
export function HeadlineFigures() {
  const { data: access } = useCan({ resource: 'dataInsights', action: 'read' });
  return access?.can ? <Figures /> : null;
}

function Figures() {
  const { t, i18n } = useTranslation();
  const { website } = useWebsiteSelection();
  const { query } = useCustom<ResultOf<typeof HOME_INSIGHTS_QUERY>['homeInsights']>({
    url: '',
    method: 'get',
    meta: { gqlQuery: HOME_INSIGHTS_QUERY, gqlVariables: website ? { organizationWebsiteId: website.id } : undefined },
    queryOptions: { enabled: Boolean(website) },
    errorNotification: false,
  });
  if (!website) return null;
  const figures = query.data?.data;
  const count = (value: number) => formatCount(value, i18n.language);
  // The link's name begins with the figure it shows (WCAG 2.5.3, label in name).
  const coverage = figures && formatPercentage(figures.coveragePercent, i18n.language, { fixed: true });

  const tile = (key: string, title: string, to: string, linkLabel: string, value: ReactNode, note?: ReactNode) => (
    <Col xs={24} sm={12} lg={8} xl={4} key={key}>
      <Card size="small" style={{ height: '100%' }}>
        <Statistic
          title={title}
          valueRender={() => (
            <AppLink to={to} aria-label={linkLabel} data-testid={`headline-${key}`}>
              {value}
            </AppLink>
          )}
        />
        {note && <Typography.Text type="secondary">{note}</Typography.Text>}
      </Card>
    </Col>
  );

  return (
    <section aria-labelledby="headline-figures-title" style={{ marginBottom: 24 }}>
      <Heading level={2} looksLike={3} id="headline-figures-title">
        {t('insights.home.title', { website: website.name })}
      </Heading>
      <ApiErrorAlert error={query.error} />
      {query.isLoading && <Card loading />}
      {figures && (
        <Row gutter={[12, 12]}>
          {tile(
            'priceIndex',
            t('insights.home.priceIndex'),
            routePath('brandSnapshot'),
            t('insights.home.priceIndexLink', { value: formatFigure(figures.priceIndex, i18n.language) }),
            formatFigure(figures.priceIndex, i18n.language),
            figures.priceIndex == null
              ? t('insights.home.noIndex')
              : priceIndexDifference(figures.priceIndex, i18n.language),
          )}
          {tile(
            'cheaper',
            t('insights.home.cheaper'),
            productsLink({ comparison: 'CHEAPER' }),
            t('insights.home.cheaperLink', {
              count: figures.comparison.cheaper,
              formatted: count(figures.comparison.cheaper),
            }),
            count(figures.comparison.cheaper),
          )}
          {tile(
            'pricier',
            t('insights.home.pricier'),
            productsLink({ comparison: 'PRICIER' }),
            t('insights.home.pricierLink', {
              count: figures.comparison.pricier,
              formatted: count(figures.comparison.pricier),
            }),
            count(figures.comparison.pricier),
          )}
          {tile(
            'coverage',
            t('insights.home.coverage'),
            `${routePath('products')}?matching=HAS_MATCHED`,
            t('insights.home.coverageLink', {
              count: figures.matchedProducts,
              formatted: count(figures.matchedProducts),
              percent: coverage,
            }),
            coverage,
            t('insights.home.coverageNote', {
              matched: count(figures.matchedProducts),
              products: count(figures.products),
            }),
          )}
          {tile(
            'suggestions',
            t('insights.home.suggestions'),
            `${routePath('products')}?suggestion=HAS`,
            t('insights.home.suggestionsLink', {
              count: figures.suggestionsWaiting,
              formatted: count(figures.suggestionsWaiting),
            }),
            count(figures.suggestionsWaiting),
          )}
          {figures.failingScrapers != null &&
            tile(
              'failingScrapers',
              t('insights.home.failingScrapers'),
              routePath('scrapers'),
              t('insights.home.failingScrapersLink', {
                count: figures.failingScrapers,
                formatted: count(figures.failingScrapers),
              }),
              count(figures.failingScrapers),
            )}
        </Row>
      )}
    </section>
  );
}
