import type { I18nProvider } from '@refinedev/core';
import type { i18n as I18n } from 'i18next';
import { saveLanguage } from './i18n.ts';

/** Refine's own texts (buttons, notifications, titles) come from the same locale files. */
export function createI18nProvider(i18n: I18n): I18nProvider {
  return {
    translate: (key, options, defaultMessage) =>
      i18n.t(key, { defaultValue: defaultMessage, ...(options as object | undefined) }) as string,
    changeLocale: async (language) => {
      saveLanguage(language);
      await i18n.changeLanguage(language);
    },
    getLocale: () => i18n.language,
  };
}
