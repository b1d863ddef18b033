import { formatPercentage } from '../../../components/format/format.ts';

export interface ChangeBucket {
  fromPercent: number;
  toPercent: number;
  count: number;
}

/** A bucket's range as a label ("−10% to −5%"), the sign written out. */
export function bucketLabel(bucket: Pick<ChangeBucket, 'fromPercent' | 'toPercent'>, language: string): string {
  const percent = (value: number) => formatPercentage(value, language, { digits: 2 });
  const signed = (value: number) => (value > 0 ? `+${percent(value)}` : percent(value));
  return `${signed(bucket.fromPercent)} … ${signed(bucket.toPercent)}`;
}

/** The buckets with their labels, for the chart and its table. */
export function histogramRows(
  buckets: readonly ChangeBucket[],
  language: string,
): (ChangeBucket & { label: string })[] {
  return buckets.map((bucket) => ({ ...bucket, label: bucketLabel(bucket, language) }));
}
