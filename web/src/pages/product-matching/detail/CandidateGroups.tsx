import { Card, Empty, Flex, Tag, theme, Typography } from 'antd';
import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { identifiersEqual, SideBySide } from '../shared/SideBySide.tsx';
import { formatPrice } from '../../../components/format/format.ts';
import { HighlightedName } from '../../../features/matching/HighlightedName.tsx';
import { PairStatusTag } from '../shared/PairStatusTag.tsx';
import { PriceDifference } from '../../../features/matching/PriceDifference.tsx';
import type { MatchingPair, MatchingProduct } from '../queries.ts';
import { pairEntries } from './session.ts';

/**
 * The product's pairs competitor by competitor: each a row (status, the competitor's name with
 * the shared words marked, price and difference, score, equal identifiers); under the group of
 * the selected one, its side-by-side comparison. A click selects. The comparison is drawn beside
 * the list, not in the selected option: its links inside an option were controls nested in a
 * control, which a screen reader cannot reach (issue 20). It is a named group, not a region: one
 * landmark per product is the product's own section.
 */
export const CandidateGroups = memo(function CandidateGroups({
  data,
  selected,
  onSelect,
}: {
  data: MatchingProduct;
  selected: number;
  onSelect(index: number): void;
}) {
  const { t } = useTranslation();
  const entries = pairEntries(data);
  if (entries.length === 0) return <Empty description={t('matching.detail.noCandidates')} />;
  let index = 0;
  return (
    <Flex vertical gap={12}>
      {data.competitors.map((group) => {
        const first = index;
        index += group.pairs.length;
        const chosen = selected >= first && selected < index ? group.pairs[selected - first] : undefined;
        return (
          <Card
            key={group.competitor.id}
            size="small"
            title={
              <Flex gap={8} align="center">
                <span>{group.competitor.name}</span>
                <Tag>{t(`matching.mode.${group.matchingMode}`, { defaultValue: group.matchingMode })}</Tag>
              </Flex>
            }
            extra={
              <Typography.Text type="secondary">
                {t('matching.detail.pairCount', { count: group.pairs.length })}
              </Typography.Text>
            }
            styles={{ body: { padding: 0 } }}
          >
            <div role="listbox" aria-label={t('matching.detail.candidatesAt', { competitor: group.competitor.name })}>
              {group.pairs.map((pair, offset) => (
                <CandidateRow
                  key={pair.id}
                  data={data}
                  pair={pair}
                  selected={first + offset === selected}
                  onSelect={() => onSelect(first + offset)}
                />
              ))}
            </div>
            {chosen && <Comparison data={data} pair={chosen} competitorName={group.competitor.name} />}
          </Card>
        );
      })}
    </Flex>
  );
});

/** The identifiers the product and the candidate share (those the pair's evidence found equal too). */
function equalIdentifiers(data: MatchingProduct, pair: MatchingPair) {
  return identifiersEqual(data.product, pair.competitorProduct, {
    matchedIdentifiers: [...(pair.evidence.gtinEqual ? ['gtin'] : []), ...(pair.evidence.mpnEqual ? ['mpn'] : [])],
  });
}

/** The selected pair side by side with the product, under its competitor's list. */
function Comparison({
  data,
  pair,
  competitorName,
}: {
  data: MatchingProduct;
  pair: MatchingPair;
  competitorName: string;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form fields; this groups a comparison
    <div
      role="group"
      aria-label={t('matching.detail.comparison', { name: pair.competitorProduct.name })}
      style={{
        padding: '8px 12px',
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorPrimaryBg,
      }}
    >
      <SideBySide
        product={data.product}
        candidate={pair.competitorProduct}
        competitorName={competitorName}
        evidence={{ ...pair.evidence, matchedIdentifiers: [...equalIdentifiers(data, pair)] }}
      />
    </div>
  );
}

function CandidateRow({
  data,
  pair,
  selected,
  onSelect,
}: {
  data: MatchingProduct;
  pair: MatchingPair;
  selected: boolean;
  onSelect(): void;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    // Not in a product rendered ahead out of sight, and in the next frame (where the layout is
    // computed anyway) rather than forcing one now.
    if (!selected || !element || element.closest('[hidden]')) return undefined;
    const frame = requestAnimationFrame(() => element.scrollIntoView?.({ block: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, [selected]);
  const candidate = pair.competitorProduct;
  const equal = equalIdentifiers(data, pair);
  return (
    // The list is worked with the page's keys (J / K, useKeyboardShortcuts), which move the
    // selection without moving the focus; a click is the mouse's way to the same selection.
    // biome-ignore lint/a11y/useFocusableInteractive: see above
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above
    <div
      ref={ref}
      role="option"
      aria-selected={selected}
      data-pair-id={pair.id}
      onClick={onSelect}
      style={{
        padding: '8px 12px',
        cursor: 'pointer',
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        background: selected ? token.colorPrimaryBg : undefined,
        boxShadow: selected ? `inset 3px 0 0 ${token.colorPrimary}` : undefined,
      }}
    >
      <Flex gap={8} align="center" wrap>
        <PairStatusTag status={pair.status} stage={pair.stage} />
        <span style={{ flex: '1 1 260px', minWidth: 0 }}>
          <HighlightedName name={candidate.name} other={data.product.name} evidence={pair.evidence} />
        </span>
        {equal.has('gtin') && <Tag color="success">{t('matching.evidence.sameGtin')}</Tag>}
        {equal.has('mpn') && <Tag color="success">{t('matching.evidence.sameMpn')}</Tag>}
        <Typography.Text>{formatPrice(candidate.price, candidate.currency, i18n.language)}</Typography.Text>
        {candidate.currency === data.product.currency && (
          <PriceDifference ours={data.product.price} theirs={candidate.price} currency={data.product.currency} />
        )}
        <Typography.Text type="secondary" title={t('matching.detail.score')}>
          {pair.score == null
            ? '—'
            : pair.score.toLocaleString(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
        </Typography.Text>
      </Flex>
    </div>
  );
}
