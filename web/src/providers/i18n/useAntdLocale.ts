import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** antd's own texts (pagination, empty lists, date pickers) in the console's language; English is antd's default. */
const ANTD_LOCALES: Record<string, () => Promise<{ default: Locale }>> = {
  cs: () => import('antd/es/locale/cs_CZ'),
};

/**
 * Always a locale, English until another has loaded: ConfigProvider wraps its children in one
 * more provider when given a locale, so a locale that came and went (none for English, then
 * Czech's once loaded) mounted the whole console anew — its header and page flashed away after
 * sign-in in the profile's language, and a language change lost what a form held.
 */
export function useAntdLocale(): Locale {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [locale, setLocale] = useState<{ language: string; locale: Locale } | null>(null);
  useEffect(() => {
    let active = true;
    void ANTD_LOCALES[language]?.().then((module) => {
      if (active) setLocale({ language, locale: module.default });
    });
    return () => {
      active = false;
    };
  }, [language]);
  return locale?.language === language ? locale.locale : enUS;
}
