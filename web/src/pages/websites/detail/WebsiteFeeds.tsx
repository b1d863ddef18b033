import { useTable } from '@refinedev/antd';
import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/navigation/AppLink.tsx';
import { routePath } from '../../../routes/useCarriedPath.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { WEBSITE_FEEDS_QUERY, type WebsiteFeedRow } from '../queries.ts';

const RUN_COLORS: Record<string, string> = { SUCCEEDED: 'green', FAILED: 'red', RUNNING: 'blue', QUEUED: 'default' };

/** The website's product feeds, each linking to its page. */
export function WebsiteFeeds({ websiteId }: { websiteId: string }) {
  const { t } = useTranslation();
  const { tableProps, tableQuery } = useTable<WebsiteFeedRow>({
    resource: 'productFeeds',
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    meta: { gqlQuery: WEBSITE_FEEDS_QUERY, gqlVariables: { organizationWebsiteId: websiteId } },
    errorNotification: false,
  });
  return (
    <>
      <ApiErrorAlert error={tableQuery.error} />
      <Table<WebsiteFeedRow> {...tableProps} rowKey="id" size="small" aria-label={t('websites.detail.feeds')}>
        <Table.Column<WebsiteFeedRow>
          dataIndex="name"
          title={t('websites.feeds.name')}
          render={(name: string, row) => (
            <AppLink to={routePath('productFeedDetail', { productFeedId: row.id })}>{name}</AppLink>
          )}
        />
        <Table.Column<WebsiteFeedRow>
          dataIndex="format"
          title={t('websites.feeds.format')}
          render={(format: string) => t(`websites.feeds.formats.${format}`, { defaultValue: format })}
        />
        <Table.Column<WebsiteFeedRow>
          key="lastRun"
          title={t('websites.feeds.lastRun')}
          render={(_, row) =>
            row.lastRun ? (
              <Tag color={RUN_COLORS[row.lastRun.status]}>
                {t(`websites.feeds.runStatus.${row.lastRun.status}`, { defaultValue: row.lastRun.status })}
              </Tag>
            ) : (
              t('websites.feeds.neverRun')
            )
          }
        />
      </Table>
    </>
  );
}
