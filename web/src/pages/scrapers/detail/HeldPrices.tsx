import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation } from '@refinedev/core';
import { Button, Flex, Segmented, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPercentage, formatPrice } from '../../../components/format/format.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { changeFailedNotification } from '../../../components/errors/formErrors.ts';
import {
  SCRAPER_HELD_PRICE_DECIDE_MUTATION,
  SCRAPER_HELD_PRICE_LIST_QUERY,
  type ScraperHeldPrice,
} from '../queries.ts';
import type { ResultOf } from '../../../graphql/typed.ts';

type HeldList = ResultOf<typeof SCRAPER_HELD_PRICE_LIST_QUERY>['scraperHeldPriceList'];
const PAGE_SIZE = 20;
const STATUSES = ['pending', 'accepted', 'rejected', 'superseded'] as const;

/** The held price's move against the stored one, in percent (signed, whole); null when there was no stored price in the same currency. */
export function heldChangePercent(
  held: Pick<ScraperHeldPrice, 'previousPrice' | 'previousCurrency' | 'price' | 'currency'>,
): number | null {
  if (held.previousPrice == null || !(held.previousPrice > 0)) return null;
  if (held.previousCurrency != null && held.previousCurrency !== held.currency) return null;
  return Math.round(((held.price - held.previousPrice) / held.previousPrice) * 100);
}

/**
 * Prices the scraper's runs held for review (a jump larger than its settings allow): an Admin
 * accepts one (the competitor product takes the price, a history row is written) or rejects it.
 * Decided holds stay listed with who decided and when.
 */
export function HeldPrices({ scraperId, onDecided }: { scraperId: string; onDecided: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('pending');
  const [page, setPage] = useState(1);
  const { query } = useCustom<HeldList>({
    url: '',
    method: 'get',
    meta: {
      gqlQuery: SCRAPER_HELD_PRICE_LIST_QUERY,
      gqlVariables: { scraperId, status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
    },
    errorNotification: false,
  });
  const { mutate, mutation } = useCustomMutation();
  const decide = (held: ScraperHeldPrice, decision: 'accept' | 'reject') =>
    mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: { gqlMutation: SCRAPER_HELD_PRICE_DECIDE_MUTATION, gqlVariables: { heldPriceId: held.id, decision } },
        successNotification: {
          type: 'success',
          message: t(`scrapers.held.${decision}Done`, { name: held.competitorProductName }),
        },
        errorNotification: changeFailedNotification(t, t('scrapers.held.failed')),
      },
      {
        onSettled: () => {
          void query.refetch();
          onDecided();
        },
      },
    );
  const list = query.data?.data;
  const busyId = mutation.isPending
    ? (mutation.variables?.meta?.gqlVariables as { heldPriceId?: string } | undefined)?.heldPriceId
    : undefined;

  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('scrapers.held.intro')}
      </Typography.Paragraph>
      <Segmented
        aria-label={t('scrapers.held.statusFilter')}
        value={status}
        onChange={(value) => {
          setStatus(value as (typeof STATUSES)[number]);
          setPage(1);
        }}
        options={STATUSES.map((value) => ({ value, label: t(`scrapers.held.status.${value}`) }))}
      />
      <ApiErrorAlert error={query.error} />
      <section aria-label={t('scrapers.held.title')}>
        <Table<ScraperHeldPrice>
          size="small"
          rowKey="id"
          loading={query.isLoading}
          dataSource={list?.data ?? []}
          locale={{ emptyText: t(status === 'pending' ? 'scrapers.held.nonePending' : 'scrapers.held.none') }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list?.meta.pagination.total ?? 0,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            {
              key: 'product',
              title: t('scrapers.held.product'),
              render: (_, h) => (
                <Flex vertical>
                  <Typography.Text strong>{h.competitorProductName}</Typography.Text>
                  <Typography.Text
                    type="secondary"
                    copyable={{ text: h.url }}
                    style={{ maxWidth: 360 }}
                    ellipsis={{ tooltip: h.url }}
                  >
                    {h.url}
                  </Typography.Text>
                </Flex>
              ),
            },
            {
              key: 'previous',
              title: t('scrapers.held.previousPrice'),
              render: (_, h) => formatPrice(h.previousPrice, h.previousCurrency ?? h.currency, language),
            },
            {
              key: 'price',
              title: t('scrapers.held.heldPrice'),
              render: (_, h) => formatPrice(h.price, h.currency, language),
            },
            {
              key: 'change',
              title: t('scrapers.held.change'),
              render: (_, h) => {
                const percent = heldChangePercent(h);
                return percent == null ? (
                  '—'
                ) : (
                  <Tag color={percent > 0 ? 'red' : 'green'}>
                    {formatPercentage(percent, language, { signed: true })}
                  </Tag>
                );
              },
            },
            {
              key: 'created',
              title: t('scrapers.held.heldAt'),
              render: (_, h) => formatDateTime(h.createdAt, language),
            },
            {
              key: 'decision',
              title: t('scrapers.held.decision'),
              render: (_, h) =>
                h.status === 'pending' ? (
                  <Flex gap={8} wrap>
                    <Button
                      size="small"
                      type="primary"
                      icon={<CheckOutlined />}
                      loading={busyId === h.id}
                      disabled={mutation.isPending}
                      onClick={() => decide(h, 'accept')}
                      aria-label={t('scrapers.held.acceptFor', { name: h.competitorProductName })}
                    >
                      {t('scrapers.held.accept')}
                    </Button>
                    <Button
                      size="small"
                      danger
                      icon={<CloseOutlined />}
                      disabled={mutation.isPending}
                      onClick={() => decide(h, 'reject')}
                      aria-label={t('scrapers.held.rejectFor', { name: h.competitorProductName })}
                    >
                      {t('scrapers.held.reject')}
                    </Button>
                  </Flex>
                ) : (
                  <Flex vertical>
                    <Tag>{t(`scrapers.held.status.${h.status}`)}</Tag>
                    {h.decidedAt && (
                      <Typography.Text type="secondary">{formatDateTime(h.decidedAt, language)}</Typography.Text>
                    )}
                  </Flex>
                ),
            },
          ]}
        />
      </section>
    </Flex>
  );
}
