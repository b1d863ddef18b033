import { BUILT_IN_LANGUAGES, DEFAULT_LANGUAGE } from '../../config/constants.ts';

export const LANGUAGE_STORAGE_KEY = 'console-language';

export interface LanguageSources {
  explicit?: string | null;
  saved?: string | null;
  /** navigator.languages, e.g. ['cs-CZ', 'en-US']. */
  browser?: readonly string[];
  supported?: readonly string[];
}

/**
 * docs/languages.md, which language a page shows: the explicit value, then the saved language, then the browser
 * locale's prefix matched against the supported languages, then the main language.
 */
export function resolveLanguage({
  explicit,
  saved,
  browser = [],
  supported = BUILT_IN_LANGUAGES,
}: LanguageSources): string {
  for (const candidate of [explicit, saved]) {
    if (!candidate) continue;
    // 'pt-BR' when offered as such, else its prefix ('cs-CZ' -> 'cs').
    const match = [candidate, candidate.split('-')[0]!].find((code) => supported.includes(code));
    if (match) return match;
  }
  for (const locale of browser) {
    const prefix = locale.toLowerCase().split('-')[0];
    if (prefix && supported.includes(prefix)) return prefix;
  }
  return DEFAULT_LANGUAGE;
}
