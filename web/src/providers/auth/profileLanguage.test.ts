import { describe, expect, it } from 'vitest';
import type { AppUser } from './appUser.ts';
import { createProfileLanguage } from './profileLanguage.ts';

/** A profile API: reads are cached until forgotten, as the AppUser store does. */
function api(options: { uid?: string | null; language?: string; failures?: number; readable?: boolean } = {}) {
  let failures = options.failures ?? 0;
  const server = { language: options.language ?? 'en' };
  const sent: string[] = [];
  let cache: Promise<AppUser | null> | null = null;
  const profileLanguage = createProfileLanguage({
    currentUid: async () => (options.uid === undefined ? 'u1' : options.uid),
    load: (uid) => {
      cache ??= Promise.resolve().then(() => {
        if (options.readable === false) throw new Error('AppUser failed');
        return { id: uid, email: 'e@x.test', roles: ['Editor'], language: server.language, locale: 'en-US' } as AppUser;
      });
      return cache;
    },
    forget: () => {
      cache = null;
    },
    update: async (_uid, language) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (failures-- > 0) throw new Error('BAD_USER_INPUT');
      sent.push(language);
      server.language = language;
    },
  });
  return { profileLanguage, server, sent };
}

describe('profileLanguage.save', () => {
  it('stores a language the profile does not hold', async () => {
    const { profileLanguage, server } = api();
    await expect(profileLanguage.save('cs')).resolves.toBe(true);
    expect(server.language).toBe('cs');
  });

  it('sends nothing when the profile already holds it', async () => {
    const { profileLanguage, sent } = api({ language: 'cs' });
    await expect(profileLanguage.save('cs')).resolves.toBe(false);
    expect(sent).toEqual([]);
  });

  it('sends nothing when signed out, or when the profile cannot be read', async () => {
    const signedOut = api({ uid: null });
    await expect(signedOut.profileLanguage.save('cs')).resolves.toBe(false);
    const unreadable = api({ readable: false });
    await expect(unreadable.profileLanguage.save('cs')).resolves.toBe(false);
    expect([...signedOut.sent, ...unreadable.sent]).toEqual([]);
  });

  it('stores quick changes in order, each compared with the profile after the one before', async () => {
    const { profileLanguage, server, sent } = api();
    const answers = Promise.all([profileLanguage.save('cs'), profileLanguage.save('en'), profileLanguage.save('en')]);
    await expect(answers).resolves.toEqual([true, true, false]);
    expect(sent).toEqual(['cs', 'en']);
    expect(server.language).toBe('en');
  });

  it("rejects with the API's error, and the next choice is still stored", async () => {
    const { profileLanguage, server } = api({ failures: 1 });
    const first = profileLanguage.save('cs');
    const second = profileLanguage.save('de');
    await expect(first).rejects.toThrow('BAD_USER_INPUT');
    await expect(second).resolves.toBe(true);
    expect(server.language).toBe('de');
  });
});
