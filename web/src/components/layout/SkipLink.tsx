import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The id of the shell's main landmark, which the skip link moves the keyboard to. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to the page": the first Tab stop of the signed-in shell, drawn only while it has focus
 * (focus.css), so a keyboard user reaches the page without walking the header and the sidebar
 * (WCAG 2.4.1). It moves focus itself rather than following the #hash, which would change the
 * address the list pages keep their state in.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      {t('navigation.skipToContent')}
    </a>
  );
}
