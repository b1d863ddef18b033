import type { TFunction } from 'i18next';
import { formatCount } from '../../../components/format/format.ts';

/** The list's total as the pager shows it: "240 products", or "≈ 12,345 products" when estimated. */
export function totalText(t: TFunction, count: number, isEstimate: boolean, language: string): string {
  return t(isEstimate ? 'products.list.totalEstimate' : 'products.list.total', {
    count,
    formatted: formatCount(count, language),
  });
}
