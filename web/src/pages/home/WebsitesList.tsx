import { useTable } from '@refinedev/core';
import { Alert, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORGANIZATION_WEBSITE_LIST_QUERY, type OrganizationWebsiteRow } from './queries.ts';
import { Heading } from '../../components/layout/Heading.tsx';

/**
 * The organization websites the user can see, with their total: a light list (the websites page
 * has the full table), on Refine's headless useTable.
 */
export function WebsitesList() {
  const { t } = useTranslation();
  const { tableQuery, result, currentPage, setCurrentPage, pageSize } = useTable<OrganizationWebsiteRow>({
    resource: 'organizationWebsites',
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    meta: { gqlQuery: ORGANIZATION_WEBSITE_LIST_QUERY },
  });
  const total = result.total;

  return (
    <section aria-labelledby="websites-title">
      <Heading level={2} looksLike={4} id="websites-title">
        {t('home.websites.title')}
      </Heading>
      {tableQuery.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={t('home.websites.loadFailed')}
          style={{ marginBottom: 16 }}
        />
      )}
      {total !== undefined && <Typography.Paragraph>{t('home.websites.total', { count: total })}</Typography.Paragraph>}
      <List<OrganizationWebsiteRow>
        bordered
        loading={tableQuery.isFetching}
        dataSource={result.data}
        rowKey="id"
        pagination={{ current: currentPage, pageSize, total, showSizeChanger: false, onChange: setCurrentPage }}
        renderItem={(website) => (
          <List.Item
            extra={
              website.hasFeed ? (
                <Tag color="green">{t('home.websites.hasFeed')}</Tag>
              ) : (
                <Tag>{t('home.websites.noFeed')}</Tag>
              )
            }
          >
            <List.Item.Meta
              title={website.name}
              description={
                <>
                  {website.organization?.name}
                  {website.website?.url && (
                    <>
                      {' · '}
                      <Typography.Link href={website.website.url} target="_blank" rel="noreferrer">
                        {website.website.url}
                      </Typography.Link>
                    </>
                  )}
                </>
              }
            />
          </List.Item>
        )}
      />
    </section>
  );
}
