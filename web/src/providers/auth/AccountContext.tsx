import { createContext, type ReactNode, useContext } from 'react';
import type { Account } from './account.ts';

const AccountContext = createContext<Account | null>(null);

export function AccountProvider({ account, children }: { account: Account; children: ReactNode }) {
  return <AccountContext.Provider value={account}>{children}</AccountContext.Provider>;
}

/** The identity flows of the signed-in (or signing-in) user: reset, policy, password, second factor. */
export function useAccount(): Account {
  const account = useContext(AccountContext);
  if (!account) throw new Error('useAccount needs an AccountProvider');
  return account;
}
