import { useTable } from '@refinedev/core';
import { Alert, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORGANIZATION_WEBSITE_LIST_QUERY, type OrganizationWebsiteRow } from './queries.ts';

/** The organization websites the user can see, with their total count. */
export function WebsitesTable() {
  const { t } = useTranslation();
  // Refine's headless table: @refinedev/antd's would add its markdown and form kit to the download.
  const { tableQuery, result, currentPage, setCurrentPage, pageSize, setPageSize } = useTable<OrganizationWebsiteRow>({
    resource: 'organizationWebsites',
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    meta: { gqlQuery: ORGANIZATION_WEBSITE_LIST_QUERY },
  });
  const total = result.total;

  return (
    <section aria-labelledby="websites-title">
      <Typography.Title level={4} id="websites-title">
        {t('home.websites.title')}
      </Typography.Title>
      {tableQuery.isError && (
        <Alert type="error" showIcon role="alert" message={t('home.websites.loadFailed')} style={{ marginBottom: 16 }} />
      )}
      {total !== undefined && <Typography.Paragraph>{t('home.websites.total', { count: total })}</Typography.Paragraph>}
      <Table<OrganizationWebsiteRow>
        dataSource={result.data}
        loading={tableQuery.isFetching}
        rowKey="id"
        pagination={{
          current: currentPage,
          pageSize,
          total,
          onChange: (page, size) => {
            setCurrentPage(page);
            setPageSize(size);
          },
        }}
      >
        <Table.Column<OrganizationWebsiteRow> dataIndex="name" title={t('home.websites.columns.website')} />
        <Table.Column<OrganizationWebsiteRow>
          dataIndex={['organization', 'name']}
          title={t('home.websites.columns.organization')}
        />
        <Table.Column<OrganizationWebsiteRow>
          dataIndex={['website', 'url']}
          title={t('home.websites.columns.url')}
          render={(url?: string) =>
            url ? (
              <Typography.Link href={url} target="_blank" rel="noreferrer">
                {url}
              </Typography.Link>
            ) : null
          }
        />
        <Table.Column<OrganizationWebsiteRow>
          dataIndex="hasFeed"
          title={t('home.websites.columns.feed')}
          render={(hasFeed: boolean) =>
            hasFeed ? <Tag color="green">{t('home.websites.hasFeed')}</Tag> : <Tag>{t('home.websites.noFeed')}</Tag>
          }
        />
      </Table>
    </section>
  );
}
