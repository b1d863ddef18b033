import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CanAccess, useCustom } from '@refinedev/core';
import { Alert, Button, Empty, Input, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { RouteLayout } from '../../../components/layout/RouteLayout.tsx';
import { useResetOnWebsiteChange } from '../../../components/list/useResetOnWebsiteChange.ts';
import { AppLink } from '../../../components/navigation/AppLink.tsx';
import { useWebsiteSelection } from '../../../components/websitePicker/WebsiteSelection.tsx';
import { routePath, useCarriedPath } from '../../../routes/useCarriedPath.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { DeleteFeedButton } from '../DeleteFeedButton.tsx';
import { FeedFormModal } from '../FeedFormModal.tsx';
import { PAGE_PARAM, PAGE_SIZE, pageOf, SEARCH_PARAM, searchFeeds, withListParams } from '../listSearch.ts';
import { PRODUCT_FEED_LIST_QUERY, type FeedRow } from '../queries.ts';
import { LastRunSummary } from '../RunView.tsx';
import type { ListAnswer } from '../../../graphql/typed.ts';

/** The API's page limit: a website's feeds are read in one request, then searched and paged here. */
const LIST_LIMIT = 1000;

/**
 * /product-feeds: the selected website's feeds with their last run; search and page (kept in
 * the URL); create, edit and delete for those who may.
 */
export default function ProductFeedsPage() {
  const { t } = useTranslation();
  const { website } = useWebsiteSelection();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const carried = useCarriedPath();
  const [creating, setCreating] = useState(false);
  // The feed last opened for editing stays while its dialog closes (so its title does not change).
  const [editing, setEditing] = useState<{ feed: FeedRow; open: boolean } | null>(null);
  const { query } = useCustom<ListAnswer<typeof PRODUCT_FEED_LIST_QUERY>>({
    url: '',
    method: 'get',
    meta: {
      gqlQuery: PRODUCT_FEED_LIST_QUERY,
      gqlVariables: { organizationWebsiteId: website?.id, limit: LIST_LIMIT, offset: 0 },
    },
    queryOptions: { enabled: Boolean(website) },
    errorNotification: false,
  });
  const list = website ? query.data?.data : undefined;
  const search = params.get(SEARCH_PARAM) ?? '';
  const feeds = useMemo(() => searchFeeds(list?.data ?? [], search), [list, search]);
  const page = pageOf(params.get(PAGE_PARAM), feeds.length);
  const refresh = () => void query.refetch();
  const change = (next: { search?: string; page?: number }, replace = false) =>
    setParams((current) => withListParams(current, next), { replace });
  // Another website's feeds start on their first page (the search stays).
  useResetOnWebsiteChange(website?.id, () => change({ page: 1 }, true));

  return (
    <RouteLayout
      route="productFeeds"
      extra={
        website && (
          <CanAccess resource="productFeeds" action="create">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              {t('productFeeds.list.create')}
            </Button>
          </CanAccess>
        )
      }
    >
      {website ? (
        <Typography.Paragraph type="secondary">
          {t('productFeeds.list.ofWebsite', { website: website.name })}
        </Typography.Paragraph>
      ) : (
        <Empty description={t('productFeeds.list.noWebsite')} />
      )}
      <ApiErrorAlert error={website ? query.error : null} />
      {list && list.meta.pagination.total > list.data.length && (
        <Alert
          type="warning"
          showIcon
          message={t('productFeeds.list.truncated', { shown: list.data.length, total: list.meta.pagination.total })}
          style={{ marginBottom: 16 }}
        />
      )}
      {website && (
        <>
          <Input.Search
            key={search}
            allowClear
            defaultValue={search}
            placeholder={t('productFeeds.list.search')}
            aria-label={t('productFeeds.list.search')}
            style={{ maxWidth: 360, marginBottom: 16 }}
            onSearch={(value) => change({ search: value })}
          />
          <Table<FeedRow>
            rowKey="id"
            dataSource={feeds}
            loading={query.isFetching}
            scroll={{ x: true }}
            locale={{ emptyText: search ? t('productFeeds.list.noMatch') : t('productFeeds.list.empty') }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: feeds.length,
              showSizeChanger: false,
              hideOnSinglePage: true,
              onChange: (next) => change({ page: next }),
            }}
          >
            <Table.Column<FeedRow>
              dataIndex="name"
              title={t('productFeeds.fields.name')}
              render={(name: string, feed) => (
                <AppLink to={routePath('productFeedDetail', { productFeedId: feed.id })}>{name}</AppLink>
              )}
            />
            <Table.Column<FeedRow>
              dataIndex="source"
              title={t('productFeeds.fields.source')}
              render={(_, feed) =>
                feed.source === 'URL' && feed.url ? (
                  <Typography.Text style={{ maxWidth: 320 }} ellipsis={{ tooltip: feed.url }}>
                    {feed.url}
                  </Typography.Text>
                ) : (
                  <Tag>{t('productFeeds.source.UPLOAD')}</Tag>
                )
              }
            />
            <Table.Column<FeedRow>
              dataIndex="format"
              title={t('productFeeds.fields.format')}
              render={(format: string) => t(`productFeeds.format.${format}`)}
            />
            <Table.Column<FeedRow>
              dataIndex="schedule"
              title={t('productFeeds.fields.schedule')}
              render={(schedule: string) => t(`productFeeds.schedule.${schedule}`)}
            />
            <Table.Column<FeedRow>
              dataIndex="lastRun"
              title={t('productFeeds.fields.lastRun')}
              render={(_, feed) => <LastRunSummary run={feed.lastRun} />}
            />
            <Table.Column<FeedRow>
              key="actions"
              title={t('productFeeds.list.actions')}
              render={(_, feed) => (
                <Space>
                  <CanAccess resource="productFeeds" action="update">
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={t('productFeeds.form.editFor', { name: feed.name })}
                      onClick={() => setEditing({ feed, open: true })}
                    />
                  </CanAccess>
                  <CanAccess resource="productFeeds" action="delete">
                    <DeleteFeedButton compact feed={feed} onDeleted={refresh} />
                  </CanAccess>
                </Space>
              )}
            />
          </Table>
        </>
      )}
      <FeedFormModal
        open={creating}
        organizationWebsiteId={website?.id}
        onClose={() => setCreating(false)}
        onSaved={(feed) => navigate(carried(routePath('productFeedDetail', { productFeedId: feed.id })))}
      />
      {editing && (
        <FeedFormModal
          open={editing.open}
          feed={editing.feed}
          onClose={() => setEditing({ ...editing, open: false })}
          onSaved={refresh}
        />
      )}
    </RouteLayout>
  );
}
