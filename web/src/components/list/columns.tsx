import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPrice } from '../format/format.ts';

/**
 * A price in its currency as the UI language writes it (right-aligned by its column); an em dash
 * when there is none. `signed` for differences (+12.00 Kč).
 */
export function MoneyCell({
  amount,
  currency,
  signed = false,
}: {
  amount: number | null | undefined;
  currency: string;
  signed?: boolean;
}) {
  const { i18n } = useTranslation();
  const text = formatPrice(amount, currency, i18n.language, { signed });
  return amount == null ? <Typography.Text type="secondary">{text}</Typography.Text> : text;
}

/** A count as the UI language writes it (1 234, 1,234). */
export function CountCell({ value }: { value: number }) {
  const { i18n } = useTranslation();
  return <>{formatCount(value, i18n.language)}</>;
}

/** The column properties money and count columns share: numbers line up on the right. */
export const NUMBER_COLUMN = { align: 'right' as const };

/** A count column: right-aligned, written as the UI language writes numbers. Spread into a `Table.Column`. */
export const COUNT_COLUMN = {
  align: 'right' as const,
  render: (value: number) => <CountCell value={value} />,
};
