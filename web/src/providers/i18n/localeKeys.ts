const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * The dotted keys of a locale file. Plural forms count as their base key, since languages
 * have different plural categories (en: one/other, cs: one/few/many/other).
 */
export function localeKeys(messages: unknown, prefix = ''): string[] {
  if (typeof messages !== 'object' || messages === null) return [prefix];
  const keys = Object.entries(messages).flatMap(([key, value]) =>
    localeKeys(value, prefix ? `${prefix}.${key.replace(PLURAL_SUFFIX, '')}` : key.replace(PLURAL_SUFFIX, '')),
  );
  return [...new Set(keys)].sort();
}
