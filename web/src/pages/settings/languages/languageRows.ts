import { BUILT_IN_LANGUAGES } from '../../../config/constants.ts';
import { countKeys } from '../../../providers/i18n/languageFile.ts';

export interface LanguageRow {
  code: string;
  builtIn: boolean;
  /** Null when the file could not be read. */
  keys: number | null;
  /** ISO time of the last upload; null for built-in languages (they change with a release). */
  updated: string | null;
}

export interface CustomLanguage {
  code: string;
  messages: unknown;
  updated: string | null;
}

/** The table's rows: the built-in languages first (keys counted from the bundle), then the custom ones by code. */
export function languageRows(bundled: Record<string, unknown>, custom: readonly CustomLanguage[]): LanguageRow[] {
  const builtIn = BUILT_IN_LANGUAGES.map((code) => ({
    code,
    builtIn: true,
    keys: countKeys(bundled[code]),
    updated: null,
  }));
  const others = custom
    .filter((language) => !(BUILT_IN_LANGUAGES as readonly string[]).includes(language.code))
    .map((language) => ({
      code: language.code,
      builtIn: false,
      keys: language.messages === null ? null : countKeys(language.messages),
      updated: language.updated,
    }))
    .sort((a, b) => a.code.localeCompare(b.code));
  return [...builtIn, ...others];
}

/** Keys whose text contains the filter, case-insensitively. */
export const filterKeys = (keys: readonly string[], filter: string): string[] =>
  keys.filter((key) => key.toLowerCase().includes(filter.trim().toLowerCase()));
