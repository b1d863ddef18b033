import { useCustom } from '@refinedev/core';
import { keepPreviousData } from '@tanstack/react-query';
import { Drawer, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceSuggestionLogQuery } from '../../graphql/operations.ts';
import { useWindowSize } from '../../hooks/useWindowSize.ts';
import { ApiErrorAlert } from '../../components/errors/ApiErrorAlert.tsx';
import { formatDateTime, formatPrice } from '../../components/format/format.ts';
import { PRICE_SUGGESTION_LOG_QUERY } from './queries.ts';

type LogEntry = PriceSuggestionLogQuery['priceSuggestionLog']['data'][number];
const PAGE_SIZE = 20;
const DECISION_COLORS: Record<string, string> = { ACCEPT: 'green', REJECT: 'red', RESET: 'default' };

/** Who accepted or rejected which suggestion and when, newest first, a page at a time. */
export function SuggestionLogDrawer({
  organizationWebsiteId,
  onClose,
}: {
  organizationWebsiteId: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { width } = useWindowSize();
  const [page, setPage] = useState(1);
  const { query } = useCustom<PriceSuggestionLogQuery['priceSuggestionLog']>({
    url: '',
    method: 'get',
    meta: {
      gqlQuery: PRICE_SUGGESTION_LOG_QUERY,
      gqlVariables: { organizationWebsiteId, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
    },
    queryOptions: { placeholderData: keepPreviousData },
    errorNotification: false,
  });
  const log = query.data?.data;
  return (
    <Drawer open width={Math.min(900, width)} onClose={onClose} title={t('priceSuggestions.log.title')} destroyOnHidden>
      <ApiErrorAlert error={query.error} />
      <Table<LogEntry>
        rowKey="id"
        size="small"
        aria-label={t('priceSuggestions.log.title')}
        dataSource={log?.data ?? []}
        loading={query.isFetching}
        scroll={{ x: true }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: log?.meta.pagination.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        locale={{ emptyText: t('priceSuggestions.log.empty') }}
        columns={[
          { key: 'at', title: t('priceSuggestions.log.at'), render: (_, row) => formatDateTime(row.at, language) },
          { key: 'actor', title: t('priceSuggestions.log.actor'), render: (_, row) => row.actorEmail ?? '—' },
          {
            key: 'decision',
            title: t('priceSuggestions.log.decision'),
            render: (_, row) => (
              <Tag color={DECISION_COLORS[row.decision]}>{t(`priceSuggestions.log.decisions.${row.decision}`)}</Tag>
            ),
          },
          {
            key: 'product',
            title: t('products.fields.name'),
            render: (_, row) => `${row.productName} (${row.itemId})`,
          },
          {
            key: 'current',
            title: t('priceSuggestions.suggestion.current'),
            align: 'right',
            render: (_, row) => formatPrice(row.currentPrice, row.currency, language),
          },
          {
            key: 'suggested',
            title: t('priceSuggestions.suggestion.suggested'),
            align: 'right',
            render: (_, row) => formatPrice(row.suggestedPrice, row.currency, language),
          },
          { key: 'rule', title: t('priceSuggestions.suggestion.rule'), render: (_, row) => row.ruleName ?? '—' },
        ]}
      />
    </Drawer>
  );
}
