import { useInvalidateAuthStore, useNotification, useTranslate } from '@refinedev/core';
import { useAccount } from '../../providers/auth/AccountContext.tsx';

/**
 * docs/languages.md, a choice follows the user: a signed-in user's choice is stored in their
 * profile too, so it follows them to another browser. The storing is the account's
 * (providers/auth/profileLanguage.ts: in order, waiting for the profile, outside React, since
 * this selector re-renders as the language changes); here the identity is read again once it is
 * stored, and a failure is shown.
 */
export function useSaveProfileLanguage(): (language: string) => void {
  const account = useAccount();
  const invalidateIdentity = useInvalidateAuthStore();
  const { open } = useNotification();
  const translate = useTranslate();
  return (language) => {
    account.saveLanguage(language).then(
      (sent) => {
        if (sent) void invalidateIdentity();
      },
      (error: unknown) =>
        open?.({
          type: 'error',
          message: translate('language.notSaved'),
          description: error instanceof Error ? error.message : String(error),
        }),
    );
  };
}
