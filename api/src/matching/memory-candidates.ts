/**
 * The candidate searches of candidate-sql.ts held in memory, for evaluations and training on
 * catalogue files (no database): identical GTIN; model numbers, identical or a prefix/suffix
 * variant of each other; the trigram nearest names within the brand and across brands. Also
 * counts the competitor catalogue's words, model numbers and name trigrams (the IDF of the
 * learned score's signals).
 */
import { BrandIndex } from './brand.ts';
import { gramsOf, type FeatureStatistics } from './features.ts';
import { shorterVariants } from './model-numbers.ts';
import { prepareProduct, type PreparedProduct, type ProductInput } from './product.ts';
import { WordStatistics } from './similarity.ts';

export interface MemorySearchLimits {
  /** nearest names per search (within the brand, and across brands) */
  nameLimit: number;
  /** candidates per model number */
  codeLimit: number;
}

const DEFAULT_LIMITS: MemorySearchLimits = { nameLimit: 40, codeLimit: 20 };

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Keeps the `limit` highest scores (a small selection, no full sort). */
function topByScore(items: PreparedProduct[], score: (p: PreparedProduct) => number, limit: number): PreparedProduct[] {
  const scored = items.map((p) => ({ p, s: score(p) }));
  scored.sort((a, b) => b.s - a.s);
  return scored.slice(0, limit).map((x) => x.p);
}

export class MemoryCatalogue {
  readonly products: PreparedProduct[];
  readonly statistics: FeatureStatistics = {
    words: new WordStatistics(),
    codes: new WordStatistics(),
    grams: new WordStatistics(),
  };
  readonly brands: BrandIndex;
  private readonly byGtin = new Map<string, PreparedProduct[]>();
  /** a code -> products carrying it */
  private readonly byCode = new Map<string, PreparedProduct[]>();
  /** a shorter prefix/suffix variant of a code -> products carrying the longer code */
  private readonly byVariant = new Map<string, PreparedProduct[]>();
  private readonly byBrand = new Map<string, PreparedProduct[]>();
  /** trigram -> indexes of the products whose name has it */
  private readonly gramPostings = new Map<string, number[]>();
  private readonly gramCounts: Int32Array;
  private readonly indexOf = new Map<PreparedProduct, number>();

  constructor(
    competitorProducts: ProductInput[],
    knownBrands: Iterable<string | null | undefined>,
    private readonly limits: MemorySearchLimits = DEFAULT_LIMITS,
  ) {
    this.brands = new BrandIndex([...knownBrands, ...competitorProducts.map((p) => p.brand)]);
    this.products = competitorProducts.map((p) => prepareProduct(p, this.brands));
    this.gramCounts = new Int32Array(this.products.length);
    for (const [index, product] of this.products.entries()) {
      this.indexOf.set(product, index);
      const grams = gramsOf(product);
      this.gramCounts[index] = grams.length;
      for (const gram of grams) push(this.gramPostings, gram, index);
      const codes = [...product.nameCodes, ...product.descriptionCodes];
      this.statistics.words.addDocument(product.words);
      this.statistics.codes.addDocument(codes);
      this.statistics.grams.addDocument(gramsOf(product));
      if (product.gtin) push(this.byGtin, product.gtin, product);
      if (product.brand) push(this.byBrand, product.brand, product);
      for (const code of new Set(codes)) {
        push(this.byCode, code, product);
        for (const variant of shorterVariants(code)) push(this.byVariant, variant, product);
      }
    }
  }

  prepare(product: ProductInput): PreparedProduct {
    return prepareProduct(product, this.brands);
  }

  /** pg_trgm similarity of a name's trigrams with every competitor product's name (by index). */
  private similarities(grams: string[]): Float64Array {
    const shared = new Int32Array(this.products.length);
    for (const gram of grams) for (const index of this.gramPostings.get(gram) ?? []) shared[index]!++;
    const result = new Float64Array(this.products.length);
    if (grams.length === 0) return result;
    for (let i = 0; i < shared.length; i++) {
      const count = this.gramCounts[i]!;
      if (count > 0) result[i] = shared[i]! / (grams.length + count - shared[i]!);
    }
    return result;
  }

  /** The competitor products the searches propose for one of the shop's products. */
  candidatesFor(left: PreparedProduct): PreparedProduct[] {
    const found = new Set<PreparedProduct>();
    const add = (products: PreparedProduct[] | undefined, limit = Infinity) => {
      for (const p of (products ?? []).slice(0, limit)) found.add(p);
    };
    if (left.gtin) add(this.byGtin.get(left.gtin));
    const codes = [...new Set([...left.nameCodes, ...left.descriptionCodes])];
    for (const code of codes) {
      add(this.byCode.get(code), this.limits.codeLimit);
      add(this.byVariant.get(code), this.limits.codeLimit);
      for (const variant of shorterVariants(code)) add(this.byCode.get(variant), this.limits.codeLimit);
    }
    const similarity = this.similarities(gramsOf(left));
    const score = (p: PreparedProduct) => similarity[this.indexOf.get(p)!]!;
    const sameBrand = left.brand ? (this.byBrand.get(left.brand) ?? []) : [];
    add(topByScore(sameBrand, score, this.limits.nameLimit));
    if (sameBrand.length < this.limits.nameLimit) add(topByScore(this.products, score, this.limits.nameLimit));
    return [...found];
  }
}
