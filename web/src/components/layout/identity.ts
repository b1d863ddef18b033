import type { AppUser } from '../../providers/auth/appUser.ts';

/** What the auth provider's getIdentity answers. */
export interface Identity {
  id: string;
  email: string | null;
  roles: string[];
  appUser: AppUser | null;
  /** Why the AppUser could not be loaded (the API is down, or refused the token). */
  appUserError: { message: string; statusCode?: number } | null;
}
