import { CanAccess, useCustom } from '@refinedev/core';
import { Card, Descriptions, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RouteLayout } from '../../../components/layout/RouteLayout.tsx';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { PriceFeedAddress } from '../../../features/pricing/PriceFeedAddress.tsx';
import { WEBSITE_QUERY, type WebsiteDetail } from '../queries.ts';
import { useWebsitesChanged } from '../useWebsitesChanged.ts';
import { ApiKeyField } from './ApiKeyField.tsx';
import { WebsiteCompetitors } from './WebsiteCompetitors.tsx';
import { WebsiteDeleteButton } from './WebsiteDeleteButton.tsx';
import { WebsiteEditForm } from './WebsiteEditForm.tsx';
import { WebsiteFeeds } from './WebsiteFeeds.tsx';

/**
 * /websites/[organizationWebsiteId]: the website, its API key, the address of its price feed, its
 * feeds and competitors; edit, rotate the key, delete.
 */
export default function WebsiteDetailPage() {
  const { t, i18n } = useTranslation();
  const { organizationWebsiteId = '' } = useParams();
  const { query } = useCustom<WebsiteDetail>({
    url: '',
    method: 'get',
    meta: { gqlQuery: WEBSITE_QUERY, gqlVariables: { organizationWebsiteId } },
    errorNotification: false,
  });
  const website = query.data?.data;
  const websitesChanged = useWebsitesChanged();
  const refresh = () => void query.refetch();
  const saved = () => {
    refresh();
    websitesChanged();
  };

  return (
    <RouteLayout
      route="websiteDetail"
      names={{ websiteDetail: website?.name }}
      extra={
        website && (
          <CanAccess resource="websites" action="delete">
            <WebsiteDeleteButton website={website} />
          </CanAccess>
        )
      }
    >
      <ApiErrorAlert error={query.error} />
      {query.isLoading && <Skeleton active />}
      {website && (
        <Flex vertical gap={24}>
          <Descriptions bordered column={1} size="small">
            <Descriptions.Item label={t('websites.fields.name')}>{website.name}</Descriptions.Item>
            <Descriptions.Item label={t('websites.fields.url')}>
              <Typography.Link href={website.website.url} target="_blank" rel="noopener noreferrer">
                {website.website.url}
              </Typography.Link>
            </Descriptions.Item>
            <Descriptions.Item label={t('websites.fields.organization')}>{website.organization.name}</Descriptions.Item>
            <Descriptions.Item label={t('websites.fields.apiKey')}>
              {website.apiKey && <ApiKeyField websiteId={website.id} apiKey={website.apiKey} onRotated={refresh} />}
            </Descriptions.Item>
            <Descriptions.Item label={t('priceSuggestions.feed.label')}>
              <PriceFeedAddress organizationWebsiteId={website.id} />
            </Descriptions.Item>
            <Descriptions.Item label={t('websites.fields.productsCount')}>
              {website.productsCount.toLocaleString(i18n.language)}
            </Descriptions.Item>
          </Descriptions>
          <CanAccess resource="websites" action="update">
            <Card title={t('websites.edit.title')}>
              <WebsiteEditForm key={`${website.name} ${website.website.url}`} website={website} onSaved={saved} />
            </Card>
          </CanAccess>
          <CanAccess resource="productFeeds" action="read">
            <Card title={t('websites.detail.feedsTitle', { total: website.feedsCount })}>
              <WebsiteFeeds websiteId={website.id} />
            </Card>
          </CanAccess>
          <CanAccess resource="competitors" action="read">
            <Card title={t('websites.detail.competitorsTitle', { total: website.competitorsCount })}>
              <WebsiteCompetitors websiteId={website.id} />
            </Card>
          </CanAccess>
        </Flex>
      )}
    </RouteLayout>
  );
}
