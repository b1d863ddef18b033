import { formatPlainPercent } from '../../../features/pricing/explanation.ts';

export interface ChangeBucket {
  fromPercent: number;
  toPercent: number;
  count: number;
}

/** A bucket's range as a label ("−10% to −5%"), the sign written out. */
export function bucketLabel(bucket: Pick<ChangeBucket, 'fromPercent' | 'toPercent'>, language: string): string {
  const signed = (value: number) =>
    value > 0 ? `+${formatPlainPercent(value, language)}` : formatPlainPercent(value, language).replace('-', '−');
  return `${signed(bucket.fromPercent)} … ${signed(bucket.toPercent)}`;
}

/** The buckets with their labels, for the chart and its table. */
export function histogramRows(
  buckets: readonly ChangeBucket[],
  language: string,
): (ChangeBucket & { label: string })[] {
  return buckets.map((bucket) => ({ ...bucket, label: bucketLabel(bucket, language) }));
}
