import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';

/** The document title of the public pages (the signed-in app sets its own per route). */
export function PublicTitle() {
  const { t } = useTranslation();
  const title = t('documentTitle.default');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <Outlet />;
}
