/** SPEC §9: built-in languages en and cs, default en. */
export const BUILT_IN_LANGUAGES = ['en', 'cs'] as const;
export const DEFAULT_LANGUAGE = 'en';
export const LANGUAGE_STORAGE_KEY = 'console-language';

export interface LanguageSources {
  explicit?: string | null;
  saved?: string | null;
  /** navigator.languages, e.g. ['cs-CZ', 'en-US']. */
  browser?: readonly string[];
  supported?: readonly string[];
}

/**
 * SPEC §4 language resolution: the explicit value, then the saved language, then the browser
 * locale's prefix matched against the supported languages, then the main language.
 */
export function resolveLanguage({ explicit, saved, browser = [], supported = BUILT_IN_LANGUAGES }: LanguageSources): string {
  for (const candidate of [explicit, saved]) {
    if (candidate && supported.includes(candidate)) return candidate;
  }
  for (const locale of browser) {
    const prefix = locale.toLowerCase().split('-')[0];
    if (prefix && supported.includes(prefix)) return prefix;
  }
  return DEFAULT_LANGUAGE;
}
