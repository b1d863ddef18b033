import type { AppUser } from './appUser.ts';

/**
 * docs/languages.md, a choice follows the user: a language chosen with the selector is stored in
 * the signed-in user's profile. Kept out of React: the selector re-renders (and may be mounted
 * anew) as the language changes, and a choice must not be lost with it.
 *
 * Choices are stored one after the other, each compared with the profile as read after the one
 * before (so Czech, then English at once, stores English; comparing with a read from before the
 * first, English, stored Czech). A choice made before the profile has been read waits for it.
 */
export interface ProfileLanguage {
  /**
   * Stores the language in the profile; answers whether it was sent (`false`: signed out, the
   * profile could not be read, or it already holds the language). Rejects with the API's error.
   */
  save(language: string): Promise<boolean>;
}

export interface ProfileLanguageDeps {
  /** The signed-in user's uid, or null. */
  currentUid(): Promise<string | null>;
  /** The profile as last read (a shared cache that `forget` empties). */
  load(uid: string): Promise<AppUser | null>;
  forget(): void;
  update(uid: string, language: string): Promise<void>;
}

export function createProfileLanguage(deps: ProfileLanguageDeps): ProfileLanguage {
  let queue: Promise<unknown> = Promise.resolve();
  const store = async (language: string) => {
    const uid = await deps.currentUid();
    if (!uid) return false;
    const profile = await deps.load(uid).catch(() => null);
    if (!profile || profile.language === language) return false;
    try {
      await deps.update(uid, language);
    } finally {
      // Read again next time, whether or not the change went through.
      deps.forget();
    }
    return true;
  };
  return {
    save(language) {
      const saved = queue.then(() => store(language));
      queue = saved.catch(() => undefined);
      return saved;
    },
  };
}
