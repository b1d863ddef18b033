import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { diffContrastOf, enumTextHex, enumLabelKey } from '../../../enums/index.ts';
import { formatPercentage, formatPrice } from '../../../components/format/format.ts';

/** Our price against the cheapest competitor's: amount and percent, coloured by the diff contrast. */
export function PricePositionText({
  position,
  currency,
}: {
  position: { difference: number; percent: number } | null;
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  if (!position) return <Typography.Text type="secondary">—</Typography.Text>;
  const contrast = diffContrastOf(position.percent);
  return (
    <span
      style={{ color: enumTextHex('diffContrast', contrast), whiteSpace: 'nowrap' }}
      title={t(enumLabelKey('diffContrast', contrast))}
    >
      {formatPrice(position.difference, currency, i18n.language, { signed: true })} (
      {formatPercentage(position.percent, i18n.language, { fixed: true, signed: true })})
    </span>
  );
}
