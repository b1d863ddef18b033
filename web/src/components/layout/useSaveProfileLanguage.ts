import { useCustomMutation, useGetIdentity } from '@refinedev/core';
import { useAccount } from '../../providers/auth/AccountContext.tsx';
import { APP_USER_UPDATE_MUTATION } from '../../providers/auth/queries.ts';
import type { Identity } from './identity.ts';

/**
 * docs/matching.md language change: a signed-in user's choice is stored in their profile too (through the
 * API), so it follows them to another browser. Signed out, or when the profile already holds the
 * language, nothing is sent. A failure is reported by the data provider's notification.
 */
export function useSaveProfileLanguage(): (language: string) => void {
  const { data: identity } = useGetIdentity<Identity>();
  const account = useAccount();
  const { mutate } = useCustomMutation();
  return (language) => {
    const appUser = identity?.appUser;
    if (!appUser || appUser.language === language) return;
    mutate(
      {
        url: '',
        method: 'post',
        values: { language },
        meta: { gqlMutation: APP_USER_UPDATE_MUTATION, gqlVariables: { userId: appUser.id, input: { language } } },
        successNotification: false,
      },
      { onSuccess: () => account.profileChanged() },
    );
  };
}
