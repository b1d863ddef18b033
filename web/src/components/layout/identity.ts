import type { AppUser } from '../../providers/auth/appUser.ts';

/** What the auth provider's getIdentity answers. */
export interface Identity {
  id: string;
  email: string | null;
  roles: string[];
  appUser: AppUser | null;
}
