/**
 * Brands: a comparable key ('LG Electronics' -> 'lg', 'Tech Craft' / 'Techcraft' -> 'techcraft'),
 * and inference of the brand from a product name against the set of brands already known.
 */
import { normalizeText, words } from './normalize.ts';

/** The brand's key: its first word, or all its words joined when that is how the name writes it. */
export function brandKey(brand: string | null | undefined): string | null {
  if (!brand) return null;
  const brandWords = words(normalizeText(brand)).filter((word) => word !== 'the');
  return brandWords[0] ?? null;
}

/** Forms a brand may take at the start of a name: 'tech craft' and 'techcraft' for 'Tech Craft'. */
function brandAliases(brand: string): string[] {
  const brandWords = words(normalizeText(brand)).filter((word) => word !== 'the');
  if (brandWords.length === 0) return [];
  const aliases = [brandWords[0]!];
  if (brandWords.length > 1) aliases.push(brandWords.join(''), brandWords.slice(0, 2).join(''));
  return aliases;
}

const NAME_PREFIX_WORDS = 3;

export class BrandIndex {
  /** alias (a word or words written together) -> brand key */
  private readonly aliases = new Map<string, string>();

  constructor(brands: Iterable<string | null | undefined> = []) {
    for (const brand of brands) this.add(brand);
  }

  add(brand: string | null | undefined): void {
    const key = brandKey(brand);
    if (!key || !brand) return;
    for (const alias of brandAliases(brand)) if (!this.aliases.has(alias)) this.aliases.set(alias, key);
  }

  get size(): number {
    return new Set(this.aliases.values()).size;
  }

  /** The key of a known brand written at the start of the name ('Tech Craft TV Stand' -> 'techcraft'). */
  inferFromName(name: string): string | null {
    const nameWords = words(normalizeText(name)).slice(0, NAME_PREFIX_WORDS);
    for (let length = nameWords.length; length >= 1; length--) {
      const key = this.aliases.get(nameWords.slice(0, length).join(''));
      if (key) return key;
    }
    return null;
  }

  /** The declared brand's key when it is given, otherwise the brand inferred from the name. */
  resolve(brand: string | null | undefined, name: string): string | null {
    const declared = brand ? brandKey(brand) : null;
    if (declared)
      return this.aliases.get(declared) ?? this.aliases.get(words(normalizeText(brand!)).join('')) ?? declared;
    return this.inferFromName(name);
  }
}
