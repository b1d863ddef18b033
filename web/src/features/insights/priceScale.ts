import type { GlobalToken } from 'antd';
import { formatPercentage } from '../../components/format/format.ts';

type ColorToken =
  | 'colorSuccessBorder'
  | 'colorSuccessBg'
  | 'colorFillTertiary'
  | 'colorErrorBg'
  | 'colorErrorBorder'
  | 'colorBgContainer';

/**
 * The heat map's colour scale of a price index (own price ÷ competitor price × 100): green when
 * cheaper, neutral within the tolerance, red when pricier, stronger beyond STRONG percent past the tolerance. Colour
 * is never the only signal: each cell also shows the number and a signed difference
 * (`priceIndexText`). Colours are the theme's tokens (light backgrounds under the normal text
 * colour, which keeps AA contrast), not hard-coded values.
 */
export type PriceBand = 'muchCheaper' | 'cheaper' | 'same' | 'pricier' | 'muchPricier' | 'none';

/** Percent past the tolerance beyond which a band is the strong one. */
export const STRONG = 10;

export function priceBand(index: number | null | undefined, tolerance: number): PriceBand {
  if (index === null || index === undefined || !Number.isFinite(index)) return 'none';
  const difference = index - 100;
  if (Math.abs(difference) <= tolerance) return 'same';
  const strong = tolerance + STRONG;
  if (difference < 0) return difference < -strong ? 'muchCheaper' : 'cheaper';
  return difference > strong ? 'muchPricier' : 'pricier';
}

/** The token each band's cell is filled with. */
export const BAND_TOKENS: Record<PriceBand, ColorToken> = {
  muchCheaper: 'colorSuccessBorder',
  cheaper: 'colorSuccessBg',
  same: 'colorFillTertiary',
  pricier: 'colorErrorBg',
  muchPricier: 'colorErrorBorder',
  none: 'colorBgContainer',
};

export function bandColor(band: PriceBand, token: Pick<GlobalToken, ColorToken>): string {
  return token[BAND_TOKENS[band]];
}

/** The signed difference from 100, as shown beside the index: '−3.2%', '+5%', '±0%' ('+12,5 %' in Czech). */
export function priceIndexDifference(index: number, language: string): string {
  return formatPercentage(index - 100, language, { signed: true });
}
