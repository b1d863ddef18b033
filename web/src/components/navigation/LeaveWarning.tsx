import { useWarnAboutChange } from '@refinedev/core';
import { UnsavedChangesNotifier } from '@refinedev/react-router';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Asks before the page is left while `when` holds (work on it would be lost): on a reload, a
 * closed tab or another address the browser asks its own question; on a link or a move inside the
 * console, `translationKey`'s text is asked. Refine's notifier does the asking; the address may
 * change under the page meanwhile (replaced, as the matching page's does for each product).
 */
export function LeaveWarning({ when, translationKey }: { when: boolean; translationKey: string }) {
  const { setWarnWhen } = useWarnAboutChange();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the notifier clears the warning whenever the path changes; it is set again after it.
  useEffect(() => {
    setWarnWhen(when);
  }, [when, pathname, setWarnWhen]);
  useEffect(() => () => setWarnWhen(false), [setWarnWhen]);
  return <UnsavedChangesNotifier translationKey={translationKey} />;
}
