/**
 * One's own profile: reading it (appUser) and changing one's language and locale (appUserUpdate).
 * Roles, e-mail and organization are not part of the input, so they cannot change here. Another
 * user's profile is Admin's only (users:detail); everyone else gets NOT_FOUND, so ids of other
 * users are not confirmed. The SQL is in users-store.ts.
 */
import type { ApiContext } from '../graphql/context.ts';
import { badUserInput, forbidden, notFound } from '../graphql/errors.ts';
import type { MutationAppUserUpdateArgs, QueryAppUserArgs, Resolvers } from '../graphql/generated/resolvers.ts';
import { uidArg } from '../graphql/validate.ts';
import { findProfile, updateProfile } from './users-store.ts';

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

export async function appUser(_: unknown, args: QueryAppUserArgs, ctx: ApiContext) {
  const userId = uidArg('userId', args.userId);
  if (userId === ctx.viewer.id) {
    // One's own profile: Read on settingsProfile (every role holds it in the current policy).
    if (!(await ctx.can('settingsProfile', 'Read'))) throw forbidden('You may not read your profile.');
  } else if (!(ctx.isAdmin && (await ctx.can('users:detail', 'Read')))) {
    // Another user: Admin only for now (an Owner's view of its organization's users comes with
    // the Users screen).
    throw notFound('User', userId);
  }
  const profile = await findProfile(ctx.pool, userId);
  if (!profile) throw notFound('User', userId);
  return profile;
}

export async function appUserUpdate(_: unknown, args: MutationAppUserUpdateArgs, ctx: ApiContext) {
  const userId = uidArg('userId', args.userId);
  const { language, locale } = profileChanges(args.input ?? {});
  if (userId === ctx.viewer.id) {
    if (!(await ctx.can('settingsProfile', 'Update'))) throw forbidden('You may not change your profile.');
  } else if (!(ctx.isAdmin && (await ctx.can('users:detail', 'Update')))) {
    // Another user's profile: Admin only; everyone else gets NOT_FOUND (ids are not confirmed).
    throw notFound('User', userId);
  }
  const profile = await updateProfile(ctx.pool, userId, { language, locale });
  if (!profile) throw notFound('User', userId);
  return profile;
}

export const profileResolvers = {
  Query: { appUser },
  Mutation: { appUserUpdate },
} satisfies Resolvers;
