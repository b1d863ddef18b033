import { Tag, theme, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  equalIdentifiers,
  type HighlightEvidence,
  type Identifier,
  modelNumberLines,
  type RelatedModelNumber,
  tokenKey,
} from '../../../features/matching/evidence.ts';
import { formatPrice } from '../../../components/format/format.ts';
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
  /** the engine's related model numbers, ours against theirs (docs/matching.md) */
  relatedModelNumbers?: readonly RelatedModelNumber[] | null;
  /** both names carry model numbers, none relate, two are written alike */
  modelNumbersConflict?: boolean | null;
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
 * how the two names' model numbers relate as the score read them (the same, a variant, a code
 * one name writes as two words, the same family, or a conflict; shown only when there is one),
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
  const rows: Row[] = [
    {
      key: 'name',
      label: t('matching.fields.name'),
      ours: <HighlightedName name={product.name} other={candidate.name} evidence={evidence} />,
      theirs: <HighlightedName name={candidate.name} other={product.name} evidence={evidence} />,
    },
    ...modelNumbersRow(product, candidate, competitorName, evidence, t),
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
      ours: formatPrice(product.price, product.currency, i18n.language),
      theirs: (
        <>
          {formatPrice(candidate.price, candidate.currency, i18n.language)}{' '}
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

type Row = { key: string; label: string; ours: ReactNode; theirs: ReactNode; highlighted?: boolean };

/**
 * The model-number row: each related pair (our code beside theirs as each name writes it) with
 * its reading, and the conflict; no row when the evidence holds neither.
 */
function modelNumbersRow(
  product: ComparedProduct,
  candidate: ComparedProduct,
  competitorName: string,
  evidence: ComparisonEvidence | undefined,
  t: TFunction,
): Row[] {
  const lines = modelNumberLines(product.name, candidate.name, evidence?.relatedModelNumbers);
  const conflict = evidence?.modelNumbersConflict === true;
  if (!lines.length && !conflict) return [];
  return [
    {
      key: 'modelNumbers',
      label: t('matching.fields.modelNumbers'),
      ours: lines.map((line) => <div key={`${line.ours}|${line.theirs}|${line.reading}`}>{line.ours}</div>),
      theirs: (
        <>
          {lines.map((line) => (
            <div key={`${line.ours}|${line.theirs}|${line.reading}`} data-model-reading={line.reading}>
              {line.theirs}{' '}
              <Tag color={line.reading === 'same' ? 'success' : 'processing'} bordered={false}>
                {t(`matching.evidence.modelNumbers.${line.reading}`, { competitor: competitorName })}
              </Tag>
            </div>
          ))}
          {conflict && (
            <Tag color="error" bordered={false} data-model-reading="conflict">
              {t('matching.evidence.modelNumbers.conflict')}
            </Tag>
          )}
        </>
      ),
      highlighted: lines.some((line) => line.reading === 'same'),
    },
  ];
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
