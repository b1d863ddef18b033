/**
 * Which products a rule selects (its product filters), as a predicate. The SQL the store runs for
 * counts and previews (store/selection-sql.ts) says the same; a test holds the two together.
 * Brands and categories compare case-insensitively; explicit includes are selected whatever the
 * conditions say, explicit excludes never.
 */
import type { ProductFacts, ProductSelection } from './types.ts';

const lowered = (values: readonly string[]) => new Set(values.map((v) => v.toLowerCase()));

export function selectorOf(selection: ProductSelection): (product: ProductFacts) => boolean {
  const brands = lowered(selection.brands);
  const categories = lowered(selection.categories);
  const included = new Set(selection.includeProductIds);
  const excluded = new Set(selection.excludeProductIds);
  return (product) => {
    if (excluded.has(product.id)) return false;
    if (included.has(product.id)) return true;
    if (brands.size && (product.brand == null || !brands.has(product.brand.toLowerCase()))) return false;
    if (categories.size && (product.category == null || !categories.has(product.category.toLowerCase()))) return false;
    if (selection.priceMin != null && (product.price == null || product.price < selection.priceMin)) return false;
    if (selection.priceMax != null && (product.price == null || product.price > selection.priceMax)) return false;
    if (selection.availability === 'IN_STOCK' && !(product.stock != null && product.stock > 0)) return false;
    if (selection.availability === 'OUT_OF_STOCK' && product.stock != null && product.stock > 0) return false;
    return true;
  };
}

/** The first rule (in priority order) that selects the product decides its suggestion. */
export function decidingRule<R extends { selection: ProductSelection }>(
  rules: readonly R[],
  selectors: ReadonlyArray<(p: ProductFacts) => boolean>,
  product: ProductFacts,
): R | null {
  for (let i = 0; i < rules.length; i += 1) if (selectors[i]!(product)) return rules[i]!;
  return null;
}
