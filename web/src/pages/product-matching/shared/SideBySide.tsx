import { Tag, theme, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  equalIdentifiers,
  type HighlightEvidence,
  type Identifier,
  tokenKey,
} from '../../../features/matching/evidence.ts';
import { formatMoney } from '../../../features/matching/format.ts';
import { HighlightedName } from '../../../features/matching/HighlightedName.tsx';
import { PriceDifference } from '../../../features/matching/PriceDifference.tsx';

/** One side of a comparison: our product or a competitor's. */
export interface ComparedProduct {
  name: string;
  brand?: string | null;
  ean?: string | null;
  mpn?: string | null;
  category?: string | null;
  price?: number | null;
  currency: string;
  url?: string | null;
  availability?: string | null;
}

/** The server's reasons for proposing the pair (each optional: the console finds the basic ones itself). */
export interface ComparisonEvidence extends HighlightEvidence {
  matchedIdentifiers?: readonly string[] | null;
}

/** The identifiers equal on both sides: the console's own check joined with the server's. */
export function identifiersEqual(
  product: ComparedProduct,
  candidate: ComparedProduct,
  evidence?: ComparisonEvidence,
): Set<Identifier> {
  const server = (evidence?.matchedIdentifiers ?? []).filter((id): id is Identifier => id === 'gtin' || id === 'mpn');
  return new Set([...equalIdentifiers(product, candidate), ...server]);
}

const cell: CSSProperties = { padding: '6px 8px', verticalAlign: 'top', textAlign: 'start' };

/**
 * Our product and a competitor's side by side, row by row (name, brand, GTIN, MPN, price,
 * availability, link), with the evidence marked: shared words and model numbers in the names,
 * equal identifiers and brand tagged, and the price difference coloured by who is cheaper.
 */
export function SideBySide({
  product,
  candidate,
  competitorName,
  evidence,
}: {
  product: ComparedProduct;
  candidate: ComparedProduct;
  competitorName: string;
  evidence?: ComparisonEvidence;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const equal = identifiersEqual(product, candidate, evidence);
  const brandEqual = Boolean(product.brand && candidate.brand && tokenKey(product.brand) === tokenKey(candidate.brand));
  const same = (label: string) => (
    <Tag color="success" bordered={false} style={{ marginInlineStart: 8 }}>
      {label}
    </Tag>
  );
  const rows: { key: string; label: string; ours: ReactNode; theirs: ReactNode; highlighted?: boolean }[] = [
    {
      key: 'name',
      label: t('matching.fields.name'),
      ours: <HighlightedName name={product.name} other={candidate.name} evidence={evidence} />,
      theirs: <HighlightedName name={candidate.name} other={product.name} evidence={evidence} />,
    },
    {
      key: 'brand',
      label: t('matching.fields.brand'),
      ours: product.brand ?? '—',
      theirs: (
        <>
          {candidate.brand ?? '—'}
          {brandEqual && same(t('matching.evidence.sameBrand'))}
        </>
      ),
      highlighted: brandEqual,
    },
    {
      key: 'ean',
      label: t('matching.fields.ean'),
      ours: product.ean ?? '—',
      theirs: (
        <>
          {candidate.ean ?? '—'}
          {equal.has('gtin') && same(t('matching.evidence.sameGtin'))}
        </>
      ),
      highlighted: equal.has('gtin'),
    },
    {
      key: 'mpn',
      label: t('matching.fields.mpn'),
      ours: product.mpn ?? '—',
      theirs: (
        <>
          {candidate.mpn ?? '—'}
          {equal.has('mpn') && same(t('matching.evidence.sameMpn'))}
        </>
      ),
      highlighted: equal.has('mpn'),
    },
    {
      key: 'price',
      label: t('matching.fields.price'),
      ours: formatMoney(product.price, product.currency, i18n.language),
      theirs: (
        <>
          {formatMoney(candidate.price, candidate.currency, i18n.language)}{' '}
          {product.currency === candidate.currency && (
            <PriceDifference ours={product.price} theirs={candidate.price} currency={product.currency} showLabel />
          )}
        </>
      ),
    },
    {
      key: 'availability',
      label: t('matching.fields.availability'),
      ours: '',
      theirs: candidate.availability
        ? t(`matching.availability.${candidate.availability}`, { defaultValue: candidate.availability })
        : '—',
    },
    {
      key: 'url',
      label: t('matching.fields.url'),
      ours: product.url ? <OutLink href={product.url} /> : '—',
      theirs: candidate.url ? <OutLink href={candidate.url} /> : '—',
    },
  ];
  return (
    <table
      style={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' }}
      aria-label={t('matching.comparison.label', { competitor: competitorName })}
    >
      <colgroup>
        <col style={{ width: '16%' }} />
        <col style={{ width: '42%' }} />
        <col style={{ width: '42%' }} />
      </colgroup>
      <thead>
        <tr style={{ borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
          <th style={cell} />
          <th style={cell} scope="col">
            {t('matching.comparison.ours')}
          </th>
          <th style={cell} scope="col">
            {competitorName}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.key}
            style={{
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
              background: row.highlighted ? token.colorSuccessBg : undefined,
            }}
          >
            <th scope="row" style={{ ...cell, color: token.colorTextSecondary, fontWeight: 400 }}>
              {row.label}
            </th>
            <td style={{ ...cell, overflowWrap: 'anywhere' }}>{row.ours}</td>
            <td style={{ ...cell, overflowWrap: 'anywhere' }}>{row.theirs}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A long address cut to one line by CSS (antd's `ellipsis` measures the text after every render,
 * which forces a layout of the whole page: too slow for the product switch).
 */
export const ONE_LINE: CSSProperties = {
  display: 'inline-block',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
};

function OutLink({ href }: { href: string }) {
  const safe = /^https?:\/\//i.test(href);
  if (!safe) return <Typography.Text>{href}</Typography.Text>;
  return (
    <Typography.Link href={href} target="_blank" rel="noreferrer noopener" title={href} style={ONE_LINE}>
      {href}
    </Typography.Link>
  );
}
