import { getApps } from 'firebase/app';
import { getAuth } from 'firebase/auth';

/**
 * The signed-in user's ID token, fresh (Firebase refreshes it before expiry), from the Auth instance
 * the auth provider initialised; null when sign-in is not configured or nobody is signed in.
 */
export async function currentIdToken(): Promise<string | null> {
  if (getApps().length === 0) return null;
  const auth = getAuth();
  await auth.authStateReady();
  return (await auth.currentUser?.getIdToken()) ?? null;
}
