import { useEffect, useState } from 'react';
import { useAccount } from '../../providers/auth/AccountContext.tsx';
import { DEFAULT_PASSWORD_RULES, type PasswordRules } from '../../providers/auth/passwordRules.ts';

/** The identity provider's password policy (the default one until it has answered). */
export function usePasswordRules(): PasswordRules {
  const account = useAccount();
  const [rules, setRules] = useState(DEFAULT_PASSWORD_RULES);
  useEffect(() => {
    let active = true;
    void account.passwordRules().then((loaded) => {
      if (active) setRules(loaded);
    });
    return () => {
      active = false;
    };
  }, [account]);
  return rules;
}
