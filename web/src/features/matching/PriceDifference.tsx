import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { diffContrastOf, enumTextHex } from '../../enums/index.ts';
import { comparePrices } from './evidence.ts';
import { formatPercentage, formatPrice } from '../../components/format/format.ts';

/**
 * Our price against the competitor's: the difference as amount and percentage, coloured by
 * its diff contrast (green when we are cheaper, red when they are), with the words for it (colour is never the only signal).
 */
export function PriceDifference({
  ours,
  theirs,
  currency,
  showLabel = false,
}: {
  ours: number | null | undefined;
  theirs: number | null | undefined;
  currency: string;
  /** Writes who is cheaper beside the numbers (otherwise it is the hover title). */
  showLabel?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const comparison = comparePrices(ours, theirs);
  if (!comparison) return <Typography.Text type="secondary">—</Typography.Text>;
  const label = t(`matching.price.cheaper.${comparison.cheaper}`);
  return (
    <Typography.Text
      title={label}
      data-cheaper={comparison.cheaper}
      style={{ whiteSpace: 'nowrap', color: enumTextHex('diffContrast', diffContrastOf(comparison.percent)) }}
    >
      {formatPrice(comparison.difference, currency, i18n.language, { signed: true })} (
      {formatPercentage(comparison.percent, i18n.language, { fixed: true, signed: true })})
      {showLabel && <> · {label}</>}
    </Typography.Text>
  );
}
