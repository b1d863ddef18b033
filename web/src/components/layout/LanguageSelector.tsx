import { useGetLocale, useSetLocale } from '@refinedev/core';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { BUILT_IN_LANGUAGES, LOCALE_PARAM } from '../../config/constants.ts';
import { languageName } from '../../providers/i18n/languageName.ts';
import { useLanguages } from '../../providers/i18n/useLanguages.ts';
import { inHeader } from './inHeader.ts';
import { useSaveProfileLanguage } from './useSaveProfileLanguage.ts';

/**
 * The language selector (docs/languages.md): stores the choice (and in the signed-in user's profile); a `locale` parameter in the address is
 * changed there, otherwise the current route is replaced so the page renders in the new language.
 * Custom languages found in the public bucket are offered too, named in their own language.
 */
export function LanguageSelector() {
  const { t } = useTranslation();
  const language = useGetLocale()();
  const changeLanguage = useSetLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const languages = useLanguages();
  const saveToProfile = useSaveProfileLanguage();
  const label = (code: string) =>
    (BUILT_IN_LANGUAGES as readonly string[]).includes(code) ? t(`language.names.${code}`) : languageName(code);

  const onChange = async (next: string) => {
    saveToProfile(next);
    await changeLanguage(next);
    if (searchParams.has(LOCALE_PARAM)) {
      setSearchParams(
        (params) => {
          params.set(LOCALE_PARAM, next);
          return params;
        },
        { replace: true },
      );
    } else {
      void navigate(location, { replace: true });
    }
  };

  return (
    <Select
      aria-label={t('language.label')}
      getPopupContainer={inHeader}
      value={language}
      onChange={(next) => void onChange(next)}
      options={languages.map((code) => ({ value: code, label: label(code) }))}
      style={{ width: 120 }}
    />
  );
}
