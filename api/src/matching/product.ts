/**
 * A product prepared for matching: the normalized forms every comparison needs, computed once.
 */
import type { BrandIndex } from './brand.ts';
import { normalizeGtin } from './gtin.ts';
import { extractModelNumbers, normalizeMpn } from './model-numbers.ts';
import { normalizeText, words } from './normalize.ts';

export interface ProductInput {
  id: string;
  name: string;
  description?: string | null;
  brand?: string | null;
  price?: number | null;
  gtin?: string | null;
  mpn?: string | null;
}

export interface PreparedProduct {
  id: string;
  name: string;
  normalizedName: string;
  words: string[];
  /** brand key (see brandKey), declared or inferred from the name */
  brand: string | null;
  /** the declared GTIN, or a valid GTIN written in the name or description */
  gtin: string | null;
  mpn: string | null;
  price: number | null;
  /** model numbers written in the name */
  nameCodes: string[];
  /** model numbers found only in the description */
  descriptionCodes: string[];
}

/**
 * A record's content, every field the engine reads: two records with one key are the same record
 * listed twice, which no evidence tells apart (threshold.ts `ScoredPair.record`).
 */
export function recordKey(input: ProductInput): string {
  return JSON.stringify([
    input.name,
    input.description ?? null,
    input.brand ?? null,
    input.price ?? null,
    input.gtin ?? null,
    input.mpn ?? null,
  ]);
}

export function prepareProduct(input: ProductInput, brands: BrandIndex): PreparedProduct {
  const normalizedName = normalizeText(input.name);
  const nameCodes = extractModelNumbers(input.name);
  const mpn = normalizeMpn(input.mpn);
  if (mpn && !nameCodes.includes(mpn)) nameCodes.push(mpn);
  const descriptionCodes = extractModelNumbers(input.description ?? '').filter((code) => !nameCodes.includes(code));
  const gtin =
    normalizeGtin(input.gtin) ??
    [...nameCodes, ...descriptionCodes]
      .map((code) => (/^\d{12,14}$/.test(code) ? normalizeGtin(code) : null))
      .find(Boolean) ??
    null;
  return {
    id: input.id,
    name: input.name,
    normalizedName,
    words: words(normalizedName),
    brand: brands.resolve(input.brand, input.name),
    gtin,
    mpn,
    price: input.price ?? null,
    nameCodes,
    descriptionCodes,
  };
}
