import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { BUILT_IN_LANGUAGES, DEFAULT_LANGUAGE, LOCALE_PARAM } from '../../config/constants.ts';
import { languageCatalog, loadCustomLanguage, onDetectionFailure } from './customLanguages.ts';
import { showDetectionFailure } from './detectionToast.ts';
import { LANGUAGE_STORAGE_KEY, resolveLanguage } from './languages.ts';

const isBuiltIn = (language: string) => (BUILT_IN_LANGUAGES as readonly string[]).includes(language);

/** Each built-in language is its own chunk: a user of one language never downloads the other. */
const importLocale = (language: string): Promise<Record<string, unknown>> =>
  import(`../../../../locales/${language}.json`).then((module: { default: Record<string, unknown> }) => module.default);

/** A custom language comes from the public bucket at run time; English stands in where it has no text. */
async function readLanguage(language: string): Promise<Record<string, unknown>> {
  if (isBuiltIn(language)) return importLocale(language);
  const messages = await loadCustomLanguage(language);
  if (!messages) console.warn(`Language file ${language}.json is not available; using ${DEFAULT_LANGUAGE}`);
  return messages ?? {};
}

/**
 * The locale tests keep en.json and cs.json key for key, so a built-in language loads no fallback;
 * only when a language file cannot be loaded is the main language used instead (docs/languages.md).
 */
const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    readLanguage(language)
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

/** web/src/config/constants.ts: the NEXT_LOCALE cookie the worker sets too (one year, SameSite=Lax). */
const LANGUAGE_COOKIE = 'NEXT_LOCALE';
const LANGUAGE_COOKIE_MAX_AGE = 31_536_000;

/** The cookie's text; `Secure` whenever the page came over HTTPS (every environment but local). */
export function languageCookie(language: string, https: boolean): string {
  return `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${https ? '; Secure' : ''}`;
}

export function saveLanguage(language: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the console supports; languageCookie builds the value.
  document.cookie = languageCookie(language, window.location.protocol === 'https:');
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
}

/**
 * Starts custom language detection and resolves the language (docs/languages.md). Detection is awaited only
 * when the address or the saved choice names a language that is not built in.
 */
export async function createI18n(): Promise<I18n> {
  const instance = i18next.createInstance();
  let ready: (value: I18n) => void = () => undefined;
  const initialised = new Promise<I18n>((resolve) => (ready = resolve));
  onDetectionFailure((languages) => void initialised.then((i18n) => showDetectionFailure(i18n, languages)));
  const detection = languageCatalog.detect();

  const explicit = new URLSearchParams(window.location.search).get(LOCALE_PARAM);
  const saved = savedLanguage();
  const wantsCustom = [explicit, saved].some((code) => code && !isBuiltIn(code.split('-')[0]!));
  const supported = wantsCustom ? await detection : BUILT_IN_LANGUAGES;
  const language = resolveLanguage({ explicit, saved, browser: navigator.languages, supported });

  await instance
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      // A custom language may translate only part of the texts: English fills the rest.
      fallbackLng: (code) => (isBuiltIn(code) ? [] : [DEFAULT_LANGUAGE]),
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  instance.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  document.documentElement.lang = instance.language;
  ready(instance);
  return instance;
}
