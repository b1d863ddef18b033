/**
 * Prices, differences, counts and dates as the UI language writes them (Intl), each formatter built once
 * per language and currency. A language Intl does not know (a custom one) falls back to English.
 */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(
  key: string,
  make: (language: string) => F,
  language: string,
): F {
  const id = `${key}|${language}`;
  let formatter = cache.get(id) as F | undefined;
  if (!formatter) {
    try {
      formatter = make(language);
    } catch {
      formatter = make('en');
    }
    cache.set(id, formatter);
  }
  return formatter;
}

const currencyFormat = (currency: string, signed: boolean) => (language: string) => {
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
  } catch (error) {
    // An unknown currency code: a plain number with the code after it.
    if (error instanceof RangeError && /currency/i.test(error.message)) {
      return new Intl.NumberFormat(language, {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        signDisplay: signed ? 'exceptZero' : 'auto',
      });
    }
    throw error;
  }
};

/**
 * A price in its currency; an em dash when there is none. `signed`: "+" above zero. Below zero
 * the minus sign (−), as the signed percentages write it (formatPercentage), where Intl writes a
 * hyphen in most languages.
 */
export function formatPrice(
  value: number | null | undefined,
  currency: string,
  language: string,
  { signed = false } = {},
): string {
  if (value == null || !Number.isFinite(value)) return '—';
  const formatter = cached(`price:${currency}:${signed}`, currencyFormat(currency, signed), language);
  const text = formatter.format(value).replace('-', '−');
  return formatter.resolvedOptions().style === 'currency' ? text : `${text} ${currency}`;
}

/** A price on a chart's axis: whole units when the ticks are whole (CZK 1,650). */
export function formatAxisPrice(value: number, currency: string, language: string, whole: boolean): string {
  const digits = whole ? 0 : 2;
  const formatter = cached(
    `axis:${currency}:${digits}`,
    (lang) => {
      try {
        return new Intl.NumberFormat(lang, {
          style: 'currency',
          currency,
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
      } catch (error) {
        if (error instanceof RangeError && /currency/i.test(error.message))
          return new Intl.NumberFormat(lang, { maximumFractionDigits: digits });
        throw error;
      }
    },
    language,
  );
  return formatter.format(value);
}

/**
 * A percentage as the UI language writes it — "19.1%" in English, "19,1 %" in Czech — so no page
 * builds "19.1 %" by hand. `digits`: at most that many decimals (`fixed`: always that many);
 * `signed`: "+" above zero, a minus sign (−) below, "±" at zero. An em dash when there is none.
 */
export function formatPercentage(
  percent: number | null | undefined,
  language: string,
  { digits = 1, fixed = false, signed = false }: { digits?: number; fixed?: boolean; signed?: boolean } = {},
): string {
  if (percent == null || !Number.isFinite(percent)) return '—';
  const formatter = cached(
    `percentage|${digits}|${fixed}`,
    (lang) =>
      new Intl.NumberFormat(lang, {
        style: 'percent',
        maximumFractionDigits: digits,
        minimumFractionDigits: fixed ? digits : 0,
      }),
    language,
  );
  const text = formatter.format(Math.abs(percent) / 100);
  if (!signed) return percent < 0 ? `−${text}` : text;
  // The sign of what is shown: −0.04 at one decimal is "±0%".
  const shown = Math.round(Math.abs(percent) * 10 ** digits);
  return shown === 0 ? `±${text}` : `${percent < 0 ? '−' : '+'}${text}`;
}

/** A byte count in the language's unit: bytes, kB, or MB from one megabyte (a failure's size or limit). */
export function formatByteCount(count: number, language: string): string {
  const [unit, amount] =
    count >= 1024 * 1024
      ? ['megabyte', count / 1024 / 1024]
      : count >= 1024
        ? ['kilobyte', count / 1024]
        : ['byte', count];
  try {
    return new Intl.NumberFormat(language, {
      style: 'unit',
      unit,
      unitDisplay: unit === 'byte' ? 'long' : 'short',
      maximumFractionDigits: 1,
    }).format(amount);
  } catch {
    return `${count} B`;
  }
}

/** A whole number (counts, totals). */
export function formatCount(value: number, language: string): string {
  return cached('count', (lang) => new Intl.NumberFormat(lang), language).format(value);
}

/**
 * A date and time, the date as every page writes it (Nov 28, 2026 in English); with seconds where
 * order within a minute matters (logs, runs).
 */
export function formatDateTime(
  iso: string | null | undefined,
  language: string,
  { seconds = false }: { seconds?: boolean } = {},
): string {
  if (!iso) return '—';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '—';
  return cached(
    `datetime:${seconds}`,
    (lang) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: seconds ? 'medium' : 'short' }),
    language,
  ).format(time);
}

/**
 * A date without a time, as formatDateTime writes it; `utc` for a day the API names in UTC
 * ('2026-11-05', the insights' days), which the viewer's time zone would otherwise move.
 */
export function formatDate(iso: string | null | undefined, language: string, { utc = false } = {}): string {
  if (!iso) return '—';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '—';
  return cached(
    `date:${utc}`,
    (lang) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', ...(utc ? { timeZone: 'UTC' } : {}) }),
    language,
  ).format(time);
}

/** A date, short (a chart's axis); `utc` as for formatDate. */
export function formatDay(time: number, language: string, { utc = false } = {}): string {
  return cached(
    `day:${utc}`,
    (lang) => new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'numeric', ...(utc ? { timeZone: 'UTC' } : {}) }),
    language,
  ).format(time);
}

const separators = new Map<string, string>();

/** The decimal separator the UI language writes ('.' in English, ',' in Czech; '.' for a language Intl does not know). */
export function decimalSeparator(language: string): string {
  let separator = separators.get(language);
  if (separator === undefined) {
    let parts: Intl.NumberFormatPart[];
    try {
      parts = new Intl.NumberFormat(language).formatToParts(1.5);
    } catch {
      parts = [];
    }
    separator = parts.find((part) => part.type === 'decimal')?.value ?? '.';
    separators.set(language, separator);
  }
  return separator;
}
