import { useGetIdentity } from '@refinedev/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BUILT_IN_LANGUAGES, LOCALE_PARAM } from '../../config/constants.ts';
import { savedLanguage } from '../../providers/i18n/i18n.ts';
import type { Identity } from './identity.ts';

/**
 * docs/languages.md, which language a page shows: the `locale` parameter first, then the signed-in user's language,
 * then what the app offers. A language chosen with the selector on this browser is kept, and
 * the user's language is applied without being stored as such a choice.
 */
export function useUserLanguage(): void {
  const { i18n } = useTranslation();
  const { data: identity } = useGetIdentity<Identity>();
  const [searchParams] = useSearchParams();
  const fromUrl = searchParams.has(LOCALE_PARAM);
  const userLanguage = identity?.appUser?.language?.split('-')[0];

  useEffect(() => {
    if (fromUrl || savedLanguage() || !userLanguage || userLanguage === i18n.language) return;
    if ((BUILT_IN_LANGUAGES as readonly string[]).includes(userLanguage)) void i18n.changeLanguage(userLanguage);
  }, [fromUrl, userLanguage, i18n]);
}
