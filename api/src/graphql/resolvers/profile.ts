/**
 * The profile page's mutation: a user's language and locale. Roles, e-mail and organization are
 * not part of the input, so they cannot change here.
 */
import type { ApiContext } from '../context.ts';
import { badUserInput, forbidden, notFound } from '../errors.ts';
import { uidArg } from '../validate.ts';
import type { Resolvers } from '../generated/resolvers.ts';

/** A language code: ISO 639-1/-2 style, or the code of a custom language. */
const LANGUAGE = /^[a-z]{2,3}$/;
/** A BCP 47 tag of a language and an optional region: en, en-US, cs-CZ. */
const LOCALE = /^[a-z]{2,3}(-[A-Z]{2})?$/;

export interface AppUserUpdateInput {
  language?: string | null;
  locale?: string | null;
}

/** The changes to make, or BAD_USER_INPUT naming the first bad field. */
export function profileChanges(input: AppUserUpdateInput): { language: string | null; locale: string | null } {
  const field = (name: 'language' | 'locale', pattern: RegExp, description: string): string | null => {
    const value = input[name];
    if (value === undefined) return null;
    if (value === null) throw badUserInput(name, 'must not be null (leave it out to keep the current value)');
    if (!pattern.test(value)) throw badUserInput(name, description);
    return value;
  };
  const language = field('language', LANGUAGE, 'must be a language code of 2-3 lowercase letters, e.g. "en" or "cs"');
  const locale = field(
    'locale',
    LOCALE,
    'must be a BCP 47 tag of a language and an optional region, e.g. "en-US" or "cs-CZ"',
  );
  if (language === null && locale === null) throw badUserInput('input', 'give at least one of language and locale');
  return { language, locale };
}

export async function appUserUpdate(_: unknown, args: { userId: string; input: AppUserUpdateInput }, ctx: ApiContext) {
  const userId = uidArg('userId', args.userId);
  const { language, locale } = profileChanges(args.input ?? {});
  if (userId === ctx.viewer.id) {
    if (!(await ctx.can('settingsProfile', 'Update'))) throw forbidden('You may not change your profile.');
  } else if (!(ctx.isAdmin && (await ctx.can('users:detail', 'Update')))) {
    // Another user's profile: Admin only; everyone else gets NOT_FOUND (ids are not confirmed).
    throw notFound('User', userId);
  }
  const { rows } = await ctx.pool.query(
    `UPDATE app_users SET language = COALESCE($2, language), locale = COALESCE($3, locale)
      WHERE id = $1
      RETURNING id, email, roles, language, locale`,
    [userId, language, locale],
  );
  if (!rows[0]) throw notFound('User', userId);
  return rows[0];
}

export const profileResolvers = {
  Mutation: { appUserUpdate },
} satisfies Resolvers;
