import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { BUILT_IN_LANGUAGES, DEFAULT_LANGUAGE } from '../../config/constants.ts';
import { LANGUAGE_STORAGE_KEY, resolveLanguage } from './languages.ts';

/** Each language is its own chunk: a user of one language never downloads the other. */
const importLocale = (language: string): Promise<Record<string, unknown>> =>
  import(`../../../../locales/${language}.json`).then((module: { default: Record<string, unknown> }) => module.default);

/**
 * The locale tests keep en.json and cs.json key for key, so no fallback language is loaded up
 * front; only when a language file cannot be loaded is the main language used instead (SPEC §4).
 */
const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    importLocale(language)
      .catch((error: unknown) => {
        console.warn(`Language file ${language}.json is not available; using ${DEFAULT_LANGUAGE}`, error);
        return language === DEFAULT_LANGUAGE ? {} : importLocale(DEFAULT_LANGUAGE);
      })
      .then((messages) => callback(null, messages))
      .catch(() => callback(null, {}));
  },
};

/** The language chosen on this browser with the language selector, if any. */
export function savedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function saveLanguage(language: string): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
}

export async function createI18n(): Promise<I18n> {
  const explicit = new URLSearchParams(window.location.search).get('locale')?.split('-')[0];
  const language = resolveLanguage({ explicit, saved: savedLanguage(), browser: navigator.languages });
  const instance = i18next.createInstance();
  await instance
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: [...BUILT_IN_LANGUAGES],
      load: 'languageOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  instance.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  document.documentElement.lang = instance.language;
  return instance;
}
