/**
 * Text normalization for product matching: case, diacritics, decimal commas, units and pack
 * sizes, and model numbers written with or without separators ('PS-LX350H' = 'PSLX350H').
 */

/** Lower case without diacritics ('Žluťoučký' -> 'zlutoucky'). */
export function foldCase(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[łŀ]/g, 'l')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/đ/g, 'd');
}

interface UnitRule {
  /** canonical unit written after the number */
  unit: string;
  /** multiplier from the written unit to the canonical one */
  factor: number;
}

/** Written unit -> canonical unit. Volumes to ml, masses to g, lengths to mm, power to w. */
const UNITS: Record<string, UnitRule> = {
  ml: { unit: 'ml', factor: 1 },
  cl: { unit: 'ml', factor: 10 },
  dl: { unit: 'ml', factor: 100 },
  l: { unit: 'ml', factor: 1000 },
  ltr: { unit: 'ml', factor: 1000 },
  litr: { unit: 'ml', factor: 1000 },
  litre: { unit: 'ml', factor: 1000 },
  liter: { unit: 'ml', factor: 1000 },
  mg: { unit: 'g', factor: 0.001 },
  g: { unit: 'g', factor: 1 },
  gr: { unit: 'g', factor: 1 },
  dkg: { unit: 'g', factor: 10 },
  kg: { unit: 'g', factor: 1000 },
  mm: { unit: 'mm', factor: 1 },
  cm: { unit: 'mm', factor: 10 },
  m: { unit: 'mm', factor: 1000 },
  w: { unit: 'w', factor: 1 },
  kw: { unit: 'w', factor: 1000 },
  v: { unit: 'v', factor: 1 },
  mah: { unit: 'mah', factor: 1 },
  mb: { unit: 'mb', factor: 1 },
  gb: { unit: 'mb', factor: 1000 },
  tb: { unit: 'mb', factor: 1000000 },
  hz: { unit: 'hz', factor: 1 },
  khz: { unit: 'hz', factor: 1000 },
  mhz: { unit: 'hz', factor: 1000000 },
  ghz: { unit: 'hz', factor: 1000000000 },
  in: { unit: 'in', factor: 1 },
  inch: { unit: 'in', factor: 1 },
  inches: { unit: 'in', factor: 1 },
  '"': { unit: 'in', factor: 1 },
  // a double prime ('″', two primes once case-folded), two apostrophes, a closing quotation mark
  '′′': { unit: 'in', factor: 1 },
  "''": { unit: 'in', factor: 1 },
  '”': { unit: 'in', factor: 1 },
  ft: { unit: 'ft', factor: 1 },
  oz: { unit: 'oz', factor: 1 },
  lb: { unit: 'lb', factor: 1 },
  lbs: { unit: 'lb', factor: 1 },
  ks: { unit: 'pcs', factor: 1 },
  kus: { unit: 'pcs', factor: 1 },
  pcs: { unit: 'pcs', factor: 1 },
  pc: { unit: 'pcs', factor: 1 },
  pack: { unit: 'pcs', factor: 1 },
  mbps: { unit: 'mbps', factor: 1 },
  rpm: { unit: 'rpm', factor: 1 },
};

/** Canonical units that quantities end with (used to tell a quantity from a model number). */
export const CANONICAL_UNITS: ReadonlySet<string> = new Set(Object.values(UNITS).map((rule) => rule.unit));

/**
 * Canonical unit -> the factors of the units written for it ('hz' -> 1, 1000, 1000000, 1000000000
 * for Hz, kHz, MHz, GHz): a quantity's value divided by one of them is the number as a shop wrote it.
 */
export const UNIT_FACTORS: ReadonlyMap<string, readonly number[]> = new Map(
  [...CANONICAL_UNITS].map((unit) => [
    unit,
    [...new Set(Object.values(UNITS).flatMap((rule) => (rule.unit === unit ? [rule.factor] : [])))],
  ]),
);

const UNIT_ALTERNATION = Object.keys(UNITS)
  .sort((a, b) => b.length - a.length)
  .join('|');

/**
 * A number (decimal point or comma), optional 'N x' pack prefix, then a unit, apart or after a
 * hyphen ('15.6-inch'); not inside a code ('CLI-8M' is no length), not a Wi-Fi standard
 * ('802.11g' is a code, as '802.11n' is, and no mass).
 */
const QUANTITY = new RegExp(
  `(?<![\\p{L}\\p{N}]|[\\p{L}\\p{N}][-/.])(?!802[.,]11)(?:(\\d+)\\s*[x×*]\\s*)?(\\d+(?:[.,]\\d+)?)(?:\\s*|-)(${UNIT_ALTERNATION})(?![\\p{L}\\p{N}])`,
  'gu',
);

function formatNumber(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

/** '1 l' -> '1000ml', '6x0,5 l' -> '6x500ml', '1,5 kg' -> '1500g'. Input must be case-folded. */
export function normalizeQuantities(folded: string): string {
  return folded.replace(QUANTITY, (_match, pack: string | undefined, amount: string, unit: string) => {
    const rule = UNITS[unit]!;
    const value = Number(amount.replace(',', '.')) * rule.factor;
    const quantity = `${formatNumber(value)}${rule.unit}`;
    return pack ? `${pack}x${quantity}` : quantity;
  });
}

const CANONICAL_ALTERNATION = [...CANONICAL_UNITS].sort((a, b) => b.length - a.length).join('|');

/**
 * Runs of letters and digits joined by '-', '/', '.' or '_' that contain a digit are model
 * numbers or codes: they are written without their separators ('ps-lx350h' -> 'pslx350h').
 * A quantity with a decimal point as normalizeQuantities writes it ('15.6in', '2x1.5v') is no
 * code: it keeps its point and is a word of its own ('15.6in-black' -> '15.6in black'), so 15.6
 * inches never read as 156 (README.md, "Decimal sizes"). Inside a code it is part of the code
 * ('pg-1.5mm' -> 'pg15mm': the run starts before it); a Wi-Fi standard is a code ('802.11g').
 */
const JOINED_RUN = new RegExp(
  `(?<quantity>(?!802\\.11)(?:\\d+x)?\\d+\\.\\d+(?:${CANONICAL_ALTERNATION})(?![\\p{L}\\p{N}]))|[\\p{L}\\p{N}]+(?:[-/._][\\p{L}\\p{N}]+)+`,
  'gu',
);

const DECIMAL = /^\d+\.\d+$/;

export function compactCodes(folded: string): string {
  return folded.replace(JOINED_RUN, (run, quantity: string | undefined) =>
    quantity === undefined && /\d/.test(run) && !DECIMAL.test(run) ? run.replace(/[-/._]/g, '') : run,
  );
}

/** Full normalization of a product name or description: one space between words, no punctuation. */
export function normalizeText(text: string): string {
  const folded = foldCase(text).replace(/(\d),(\d)/g, '$1.$2');
  const quantities = normalizeQuantities(folded);
  const codes = compactCodes(quantities);
  return codes
    .replace(/[^\p{L}\p{N}.]+/gu, ' ')
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words of a normalized text. */
export function words(normalized: string): string[] {
  return normalized.length === 0 ? [] : normalized.split(' ');
}
