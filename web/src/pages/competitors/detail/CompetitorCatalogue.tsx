import { useCustom } from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Input, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { formatDateTime, formatPrice } from '../../../components/format/format.ts';
import {
  COMPETITOR_PRODUCT_LIST_QUERY,
  type CompetitorCatalogue as Catalogue,
  type CompetitorCatalogueItem,
} from '../queries.ts';
import { Heading } from '../../../components/layout/Heading.tsx';

const PAGE_SIZE = 20;

/**
 * The competitor's own products, by name, searched by name, external id or EAN, a page at a
 * time, each with how many of our products it is matched or proposed to. (After an import
 * the views give it a new `key`: it starts again and reads the catalogue afresh.)
 */
export function CompetitorCatalogue({ competitorId }: { competitorId: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const { query } = useCustom<Catalogue>({
    url: '',
    method: 'get',
    meta: {
      gqlQuery: COMPETITOR_PRODUCT_LIST_QUERY,
      gqlVariables: { competitorId, search: search || null, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
    },
    queryOptions: { placeholderData: keepPreviousData },
    errorNotification: false,
  });
  const catalogue = query.data?.data;

  return (
    <section aria-label={t('competitors.catalogue.title')}>
      <Heading level={2} looksLike={5}>
        {t('competitors.catalogue.title')}
      </Heading>
      <ApiErrorAlert error={query.error} />
      <Input.Search
        allowClear
        placeholder={t('competitors.catalogue.search')}
        aria-label={t('competitors.catalogue.search')}
        style={{ maxWidth: 360, marginBottom: 16 }}
        onSearch={(value) => {
          setSearch(value.trim());
          setPage(1);
        }}
      />
      <Table<CompetitorCatalogueItem>
        rowKey="id"
        size="small"
        scroll={{ x: true }}
        loading={query.isFetching}
        dataSource={catalogue?.data ?? []}
        locale={{ emptyText: t('competitors.catalogue.empty') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: catalogue?.meta.pagination.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('competitors.catalogue.total', { count: total }),
          onChange: setPage,
        }}
      >
        <Table.Column<CompetitorCatalogueItem>
          dataIndex="name"
          title={t('competitors.catalogue.name')}
          render={(name: string, row) =>
            row.url ? (
              <Typography.Link href={row.url} target="_blank" rel="noreferrer noopener">
                {name}
              </Typography.Link>
            ) : (
              name
            )
          }
        />
        <Table.Column<CompetitorCatalogueItem> dataIndex="externalId" title={t('competitors.catalogue.externalId')} />
        <Table.Column<CompetitorCatalogueItem> dataIndex="brand" title={t('competitors.catalogue.brand')} />
        <Table.Column<CompetitorCatalogueItem> dataIndex="ean" title={t('competitors.catalogue.ean')} />
        <Table.Column<CompetitorCatalogueItem>
          key="price"
          align="right"
          title={t('competitors.catalogue.price')}
          render={(_, row) => formatPrice(row.price, row.currency, language)}
        />
        <Table.Column<CompetitorCatalogueItem>
          dataIndex="seenAt"
          title={t('competitors.catalogue.seenAt')}
          render={(seenAt: string) => formatDateTime(seenAt, language)}
        />
        <Table.Column<CompetitorCatalogueItem>
          key="matches"
          align="right"
          title={t('competitors.catalogue.matches')}
          render={(_, row) =>
            t('competitors.catalogue.matchCounts', { matched: row.matchedCount, waiting: row.waitingCount })
          }
        />
      </Table>
    </section>
  );
}
