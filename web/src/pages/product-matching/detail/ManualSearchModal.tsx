import { useCustom } from '@refinedev/core';
import { Button, Empty, Flex, Input, type InputRef, List, Modal, Select, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { formatPrice } from '../../../components/format/format.ts';
import { HighlightedName } from '../../../features/matching/HighlightedName.tsx';
import { PairStatusTag } from '../shared/PairStatusTag.tsx';
import { PriceDifference } from '../../../features/matching/PriceDifference.tsx';
import { MATCHING_COMPETITOR_SEARCH_QUERY, type MatchingProduct, type SearchHit } from '../queries.ts';

const SEARCH_MAX = 200;

export interface ManualSearchModalProps {
  open: boolean;
  data: MatchingProduct;
  competitorId: string | undefined;
  onPick(competitorProductId: string, decision: 'MATCH' | 'NEVER_MATCH'): Promise<boolean>;
  onClose(): void;
}

/**
 * A search of one competitor's catalogue (EAN or name words) for a product that is not among the
 * candidates; each hit can be matched or marked never match with the product.
 */
export function ManualSearchModal({ open, data, competitorId, onPick, onClose }: ManualSearchModalProps) {
  const { t, i18n } = useTranslation();
  const [competitor, setCompetitor] = useState(competitorId ?? data.competitors[0]?.competitor.id);
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const input = useRef<InputRef>(null);
  useEffect(() => {
    if (open) {
      setCompetitor(competitorId ?? data.competitors[0]?.competitor.id);
      setDraft(data.product.name.slice(0, SEARCH_MAX));
      setSearch('');
      // Typing can start at once (the dialog takes the focus on opening: take it back for the search box).
      const frame = requestAnimationFrame(() => input.current?.focus({ cursor: 'all' }));
      return () => cancelAnimationFrame(frame);
    }
    return undefined;
  }, [open, competitorId, data]);

  const { query } = useCustom<SearchHit[]>({
    url: '',
    method: 'get',
    meta: {
      gqlQuery: MATCHING_COMPETITOR_SEARCH_QUERY,
      gqlVariables: { productId: data.product.id, competitorId: competitor, search, limit: 20 },
    },
    queryOptions: { enabled: open && Boolean(competitor) && search.length > 0 },
    errorNotification: false,
  });
  const hits = Array.isArray(query.data?.data) ? query.data.data : [];

  const pick = async (hit: SearchHit, decision: 'MATCH' | 'NEVER_MATCH') => {
    setBusy(hit.competitorProduct.id + decision);
    const done = await onPick(hit.competitorProduct.id, decision);
    setBusy(null);
    if (done) onClose();
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={880}
      title={t('matching.search.title', { name: data.product.name })}
      destroyOnHidden
      afterOpenChange={(opened) => opened && input.current?.focus({ cursor: 'all' })}
    >
      <Flex vertical gap={12}>
        <Space.Compact style={{ width: '100%' }}>
          <Select
            value={competitor}
            onChange={setCompetitor}
            options={data.competitors.map((group) => ({ value: group.competitor.id, label: group.competitor.name }))}
            aria-label={t('matching.filters.competitor')}
            style={{ width: 220 }}
          />
          <Input.Search
            ref={input}
            value={draft}
            maxLength={SEARCH_MAX}
            onChange={(event) => setDraft(event.target.value)}
            onSearch={(value) => setSearch(value.trim())}
            placeholder={t('matching.search.placeholder')}
            aria-label={t('matching.search.placeholder')}
            enterButton={t('matching.search.button')}
          />
        </Space.Compact>
        <ApiErrorAlert error={query.error} />
        {search && (
          <List<SearchHit>
            loading={query.isFetching}
            dataSource={hits}
            locale={{ emptyText: <Empty description={t('matching.search.none')} /> }}
            rowKey={(hit) => hit.competitorProduct.id}
            renderItem={(hit) => {
              const item = hit.competitorProduct;
              return (
                <List.Item
                  actions={[
                    <Button
                      key="match"
                      type="primary"
                      size="small"
                      loading={busy === `${item.id}MATCH`}
                      onClick={() => void pick(hit, 'MATCH')}
                    >
                      {t('matching.actions.match')}
                    </Button>,
                    <Button
                      key="never"
                      danger
                      size="small"
                      loading={busy === `${item.id}NEVER_MATCH`}
                      onClick={() => void pick(hit, 'NEVER_MATCH')}
                    >
                      {t('matching.actions.neverMatch')}
                    </Button>,
                  ]}
                >
                  <List.Item.Meta
                    title={<HighlightedName name={item.name} other={data.product.name} />}
                    description={
                      <Flex gap={12} wrap align="center">
                        {hit.pairStatus && (
                          <PairStatusTag status={hit.pairStatus} stage={hit.pairStage ?? 'CANDIDATE'} />
                        )}
                        <span>
                          {t('matching.fields.brand')}: {item.brand ?? '—'}
                        </span>
                        <span>
                          {t('matching.fields.ean')}: {item.ean ?? '—'}
                        </span>
                        <Typography.Text>{formatPrice(item.price, item.currency, i18n.language)}</Typography.Text>
                        {item.currency === data.product.currency && (
                          <PriceDifference ours={data.product.price} theirs={item.price} currency={item.currency} />
                        )}
                        <Typography.Text type="secondary">
                          {t('matching.search.similarity', {
                            value: hit.similarity.toLocaleString(i18n.language, { maximumFractionDigits: 2 }),
                          })}
                        </Typography.Text>
                      </Flex>
                    }
                  />
                </List.Item>
              );
            }}
          />
        )}
      </Flex>
    </Modal>
  );
}
