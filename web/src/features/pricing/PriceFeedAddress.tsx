import { CopyOutlined } from '@ant-design/icons';
import { useCustom, useNotification } from '@refinedev/core';
import { Button, Flex, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebsitePriceFeedQuery } from '../../graphql/operations.ts';
import { ApiErrorAlert } from '../../components/errors/ApiErrorAlert.tsx';
import { WEBSITE_PRICE_FEED_QUERY } from './queries.ts';
import { FEED_FORMATS, type FeedFormat, priceFeedAddress } from './feedAddress.ts';

/**
 * The address the shop's systems pull the website's price suggestions from (JSON, CSV or XML;
 * every suggestion or only the accepted ones), authenticated with the website's API key.
 */
export function PriceFeedAddress({ organizationWebsiteId }: { organizationWebsiteId: string }) {
  const { t } = useTranslation();
  const { open } = useNotification();
  const [format, setFormat] = useState<FeedFormat>('json');
  const [acceptedOnly, setAcceptedOnly] = useState(true);
  const { query } = useCustom<WebsitePriceFeedQuery['organizationWebsite']>({
    url: '',
    method: 'get',
    meta: { gqlQuery: WEBSITE_PRICE_FEED_QUERY, gqlVariables: { organizationWebsiteId } },
    errorNotification: false,
  });
  const base = query.data?.data.priceFeedUrl;
  if (query.error) return <ApiErrorAlert error={query.error} />;
  if (!base) return null;
  // The API gives the path on the console's own host (the worker passes it on): shown whole.
  const address = new URL(priceFeedAddress(base, format, acceptedOnly), window.location.origin).toString();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      open?.({ type: 'success', message: t('priceSuggestions.feed.copied') });
    } catch {
      open?.({ type: 'error', message: t('priceSuggestions.feed.copyFailed') });
    }
  };
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap>
        <Radio.Group
          optionType="button"
          size="small"
          value={format}
          onChange={(event) => setFormat(event.target.value as FeedFormat)}
          options={FEED_FORMATS.map((value) => ({ value, label: value.toUpperCase() }))}
          aria-label={t('priceSuggestions.feed.format')}
        />
        <Radio.Group
          optionType="button"
          size="small"
          value={acceptedOnly}
          onChange={(event) => setAcceptedOnly(event.target.value as boolean)}
          options={[
            { value: true, label: t('priceSuggestions.feed.acceptedOnly') },
            { value: false, label: t('priceSuggestions.feed.all') },
          ]}
          aria-label={t('priceSuggestions.feed.which')}
        />
      </Flex>
      <Flex gap={8} align="center" wrap>
        <Typography.Text code data-testid="price-feed-url" style={{ wordBreak: 'break-all' }}>
          {address}
        </Typography.Text>
        <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()}>
          {t('priceSuggestions.feed.copy')}
        </Button>
      </Flex>
      <Typography.Text type="secondary">{t('priceSuggestions.feed.help')}</Typography.Text>
    </Flex>
  );
}
