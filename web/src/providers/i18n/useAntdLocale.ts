import type { Locale } from 'antd/es/locale';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** antd's own texts (pagination, empty lists, date pickers) in the console's language; English is antd's default. */
const ANTD_LOCALES: Record<string, () => Promise<{ default: Locale }>> = {
  cs: () => import('antd/es/locale/cs_CZ'),
};

export function useAntdLocale(): Locale | undefined {
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
  return locale?.language === language ? locale.locale : undefined;
}
