/**
 * How the insights tables write a figure: counts whole, percents and indexes with one decimal,
 * in the UI language (Intl). The CSV writes the same values rounded the same (csv.ts `rounded`).
 */
import { formatPercentage } from '../../components/format/format.ts';

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, digits: number, signed: boolean): Intl.NumberFormat {
  const key = `${language}|${digits}|${signed}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.NumberFormatOptions = {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      signDisplay: signed ? 'exceptZero' : 'auto',
    };
    try {
      format = new Intl.NumberFormat(language, options);
    } catch {
      format = new Intl.NumberFormat('en', options);
    }
    formats.set(key, format);
  }
  return format;
}

/** A figure, or an em dash when there is none. */
export function formatFigure(
  value: number | null | undefined,
  language: string,
  { digits = 1, signed = false } = {},
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return numberFormat(language, digits, signed).format(value);
}

/** A tolerance in percent as typed: '1%', '2.5%' (no trailing zero; '2,5 %' in Czech). */
export function formatTolerance(value: number, language: string): string {
  return formatPercentage(value, language);
}

export const formatCount = (value: number | null | undefined, language: string) =>
  formatFigure(value, language, { digits: 0 });

/** A date-time of the API (ISO 8601) in the UI language; an em dash when there is none. */
export function formatInstant(value: string | null | undefined, language: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  try {
    return date.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    return date.toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
  }
}
